import ChartData
import ChartGeometry
import XCTest

final class ViewportTests: XCTestCase {
    func testFittingPadsYAndHandlesFlatLines() throws {
        let dataset = Dataset(source: "t", xs: [0, 10], series: [Series(name: "a", ys: [5, 15])])
        let fitted = try XCTUnwrap(Viewport.fitting(dataset))
        XCTAssertEqual(fitted.visible, DataRect(minX: 0, maxX: 10, minY: 4.5, maxY: 15.5))
        let flat = Dataset(source: "t", xs: [0, 10], series: [Series(name: "a", ys: [3, 3])])
        let flatFit = try XCTUnwrap(Viewport.fitting(flat))
        XCTAssertLessThan(flatFit.visible.minY, 3)
        XCTAssertGreaterThan(flatFit.visible.maxY, 3)
        // One nearer zero than the padding keeps the zero floor and its place in the middle.
        let small = Viewport.fittedY(min: 0.004, max: 0.004)
        XCTAssertEqual(small.lowerBound, 0)
        XCTAssertEqual((small.lowerBound + small.upperBound) / 2, 0.004, accuracy: 1e-12)
        XCTAssertEqual(Viewport.fittedY(min: 3, max: 3), 2.5...3.5, "one farther from zero is padded as before")
        XCTAssertEqual(Viewport.fittedY(min: 0, max: 0).lowerBound, 0, "zero stays on the floor")
        XCTAssertNil(Viewport.fitting(Dataset(source: "t", xs: [0, 1], series: [Series(name: "a", ys: [.nan, .nan])])))
    }
}
