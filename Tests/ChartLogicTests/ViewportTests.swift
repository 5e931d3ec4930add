import ChartData
import ChartGeometry
import XCTest

final class ViewportTests: XCTestCase {
    private let size = PixelSize(width: 1280, height: 720)

    private func randomViewport(_ rng: inout SplitMix64) -> Viewport {
        let minX = Double.random(in: -1e12...1e12, using: &rng)
        let minY = Double.random(in: -1e6...1e6, using: &rng)
        return Viewport(visible: DataRect(minX: minX, maxX: minX + Double.random(in: 1e-3...1e9, using: &rng),
                                          minY: minY, maxY: minY + Double.random(in: 1e-3...1e6, using: &rng)))
    }

    /// Zooming at the cursor keeps the data point under the cursor where it was.
    func testZoomKeepsThePointUnderTheCursor() {
        var rng = SplitMix64(seed: 1)
        for _ in 0..<2000 {
            var viewport = randomViewport(&rng)
            let px = Double.random(in: 0...1280, using: &rng)
            let py = Double.random(in: 0...720, using: &rng)
            let before = (viewport.xScale(in: size).value(forPixel: px), viewport.yScale(in: size).value(forPixel: py))
            viewport.zoom(by: Double.random(in: 0.2...5, using: &rng), aroundPixelX: px, y: py, in: size)
            let after = (viewport.xScale(in: size).value(forPixel: px), viewport.yScale(in: size).value(forPixel: py))
            XCTAssertEqual(after.0, before.0, accuracy: viewport.visible.width * 1e-9)
            XCTAssertEqual(after.1, before.1, accuracy: viewport.visible.height * 1e-9)
        }
    }

    func testZoomOnOneAxisLeavesTheOther() {
        var viewport = Viewport(visible: DataRect(minX: 0, maxX: 100, minY: 0, maxY: 10))
        viewport.zoom(by: 2, aroundPixelX: 640, y: 360, in: size, axes: .x)
        XCTAssertEqual(viewport.visible, DataRect(minX: 25, maxX: 75, minY: 0, maxY: 10))
    }

    /// A drag moves the content with the mouse: the point under the press ends up
    /// under the release.
    func testPanFollowsTheDrag() {
        var rng = SplitMix64(seed: 2)
        for _ in 0..<2000 {
            var viewport = randomViewport(&rng)
            let start = (Double.random(in: 0...1280, using: &rng), Double.random(in: 0...720, using: &rng))
            let end = (Double.random(in: 0...1280, using: &rng), Double.random(in: 0...720, using: &rng))
            let grabbed = (viewport.xScale(in: size).value(forPixel: start.0), viewport.yScale(in: size).value(forPixel: start.1))
            viewport.pan(byPixelsX: end.0 - start.0, y: end.1 - start.1, in: size)
            XCTAssertEqual(viewport.xScale(in: size).pixel(forValue: grabbed.0), end.0, accuracy: 1e-3)
            XCTAssertEqual(viewport.yScale(in: size).pixel(forValue: grabbed.1), end.1, accuracy: 1e-3)
        }
    }

    /// Zooming in without end stops at the narrowest span Double can still tell apart
    /// (1e-12 of the values' magnitude), around the point under the cursor.
    func testZoomNeverCollapsesTheSpan() {
        var viewport = Viewport(visible: DataRect(minX: 1.6e12, maxX: 1.6e12 + 1, minY: 0, maxY: 1))
        let anchor = viewport.xScale(in: size).value(forPixel: 100)
        let anchorY = viewport.yScale(in: size).value(forPixel: 100)
        for _ in 0..<200 { viewport.zoom(by: 10, aroundPixelX: 100, y: 100, in: size) }
        let narrowestX = FiniteDomain.smallestSpan(atMagnitude: 1.6e12)
        XCTAssertEqual(viewport.visible.width, narrowestX, accuracy: narrowestX * 1e-3, "x stops at its floor")
        let narrowestY = FiniteDomain.smallestSpan(atMagnitude: anchorY)
        XCTAssertEqual(viewport.visible.height, narrowestY, accuracy: narrowestY * 1e-3, "y stops at its floor")
        XCTAssertEqual(viewport.xScale(in: size).value(forPixel: 100), anchor, accuracy: narrowestX,
                       "the point under the cursor stays under it")
    }

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
