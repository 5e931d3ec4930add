import ChartCore
import ChartRender
import XCTest

/// NaN is a gap: the line stops before it and starts again after it, never drawing
/// towards zero or across the hole; a point alone between gaps is a dot.
final class GapTests: XCTestCase {
    func testLineBreaksAtNaN() throws {
        let size = PixelSize(width: 400, height: 100)
        let xs = (0...40).map { Double($0) }
        var ys = [Double](repeating: 5, count: xs.count)
        for i in 18...22 { ys[i] = .nan }
        // A NaN at the very start draws nothing; a lone point between gaps is a dot.
        ys[0] = .nan
        ys[30] = .nan
        ys[32] = .nan
        let visible = DataRect(minX: 0, maxX: 40, minY: 0, maxY: 10)
        let image = try GLTestHarness.draw(xs: xs, ys: ys, visible: visible, size: size)
        let scale = Viewport(visible: visible).xScale(in: size)
        func covered(atX x: Double) -> Bool {
            image.coverage(Int(scale.pixel(forValue: x)), size.height / 2) > 0.5
        }
        XCTAssertTrue(covered(atX: 5), "line before the gap")
        XCTAssertTrue(covered(atX: 25), "line after the gap")
        XCTAssertFalse(covered(atX: 18.5), "nothing in the gap")
        XCTAssertFalse(covered(atX: 20), "nothing in the gap")
        XCTAssertFalse(covered(atX: 0.5), "nothing before the first real point")
        XCTAssertTrue(covered(atX: 31), "a lone point between gaps is a dot")
        XCTAssertFalse(covered(atX: 30.5), "only a dot")
        XCTAssertFalse(covered(atX: 31.5))
        // Nothing anywhere else in the image: a gap never falls to zero.
        let stray = (0..<size.width).contains { x in
            (0..<size.height).contains { y in abs(y - size.height / 2) > 3 && image.coverage(x, y) > 0.05 }
        }
        XCTAssertFalse(stray)
    }

    /// The newest point after a gap in x (a NaN is uploaded there) and a first point
    /// before one are drawn as dots, as the value label and the highlight show them.
    func testPointsAtTheEndsOfGapsAreDots() throws {
        let size = PixelSize(width: 400, height: 100)
        let xs: [Double] = [0, 1, 2, 3, 4, 5, 6]
        let ys: [Double] = [5, .nan, 5, 5, 5, .nan, 5]
        let visible = DataRect(minX: -0.5, maxX: 6.5, minY: 0, maxY: 10)
        let image = try GLTestHarness.draw(xs: xs, ys: ys, visible: visible, size: size)
        let scale = Viewport(visible: visible).xScale(in: size)
        func ink(atX x: Double) -> Double { image.coverage(Int(scale.pixel(forValue: x)), size.height / 2) }
        XCTAssertGreaterThan(ink(atX: 0), 0.5, "the first point, before a gap")
        XCTAssertGreaterThan(ink(atX: 6), 0.5, "the last point, after a gap")
        XCTAssertLessThan(ink(atX: 0.5), 0.05)
        XCTAssertLessThan(ink(atX: 5.5), 0.05)
        // A dot is round: as tall as the stroke, not a streak.
        let column = Int(scale.pixel(forValue: 6))
        let rows = (0..<size.height).filter { image.coverage(column, $0) > 0.5 }
        XCTAssertLessThanOrEqual(rows.count, 3)
    }

    /// A series of one point (a file of one row) is a round dot the stroke's width
    /// across, where its point is; one of one gap draws nothing.
    func testASeriesOfOnePointIsADot() throws {
        let size = PixelSize(width: 200, height: 100)
        let visible = DataRect(minX: 4.5, maxX: 5.5, minY: 1.5, maxY: 2.5)
        let image = try GLTestHarness.draw(xs: [5], ys: [2], visible: visible, size: size, width: 6)
        var inked: [(x: Int, y: Int)] = []
        for y in 0..<size.height {
            for x in 0..<size.width where image.coverage(x, y) > 0.5 { inked.append((x, y)) }
        }
        XCTAssertGreaterThan(inked.count, 15, "a dot of about 6 pixels across")
        XCTAssertTrue(inked.allSatisfy { abs($0.x - 100) <= 4 && abs($0.y - 50) <= 4 }, "round, in the middle: \(inked)")
        XCTAssertEqual(image.coverage(inDiscAt: 100, 50, radius: 3), Double.pi * 9, accuracy: Double.pi * 9 * 0.35)
        let gap = try GLTestHarness.draw(xs: [5], ys: [.nan], visible: visible, size: size, width: 6)
        XCTAssertEqual(gap.coverage(inDiscAt: 100, 50, radius: 10), 0)
    }
}

