import ChartGeometry
import XCTest

/// Data far beyond `Float`'s range (±1e300, ±1.79e308) is drawn where `Double` puts it:
/// such blocks store their offsets in a power-of-two unit, so nothing becomes infinite
/// or zero on its way to the shader.
final class ExtremeMagnitudeTests: XCTestCase {
    /// A triangle wave over x from -1e300 to 3e300: the same picture as the same wave
    /// over 0…4, the peak in the middle.
    func testAWaveAt1e300IsDrawnLikeTheSameWaveAtOne() throws {
        let size = PixelSize(width: 200, height: 100)
        let ys = [1.0, 2, 1]
        let huge = try GLTestHarness.draw(xs: [-1e300, 1e300, 3e300], ys: ys,
                                          visible: DataRect(minX: -1e300, maxX: 3e300, minY: 0.5, maxY: 2.5), size: size)
        let small = try GLTestHarness.draw(xs: [-1, 1, 3], ys: ys,
                                           visible: DataRect(minX: -1, maxX: 3, minY: 0.5, maxY: 2.5), size: size)
        var covered = 0, differing = 0
        for y in 0..<size.height {
            for x in 0..<size.width {
                if small.coverage(x, y) > 0.5 { covered += 1 }
                if abs(huge.coverage(x, y) - small.coverage(x, y)) > 0.1 { differing += 1 }
            }
        }
        XCTAssertGreaterThan(covered, 300, "the reference wave is drawn")
        XCTAssertLessThanOrEqual(differing, covered / 100, "the 1e300 wave matches the one at 1")
    }

    /// y out to ±1.79e308 inside a view clamped to the finite domain: the steep
    /// segments cross the plot where `Double` says they do.
    func testSegmentsToTheLargestDoublesCrossTheView() throws {
        let size = PixelSize(width: 200, height: 100)
        let visible = FiniteDomain.clamp(DataRect(minX: 0, maxX: 4, minY: -1e306, maxY: 1e306))
        let image = try GLTestHarness.draw(xs: [0, 1, 2, 3, 4], ys: [0, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 0, 0],
                                           visible: visible, size: size)
        let scale = PlotScales(visible: visible, plot: PixelBox(PixelRect(size: size))).x
        // From (1, +max) to (2, −max) the line passes zero at x = 1.5: a vertical stroke there.
        let column = Int(scale.pixel(forValue: 1.5))
        let rows = (0..<size.height).filter { image.coverage(column, $0) > 0.5 }
        XCTAssertGreaterThan(rows.count, size.height * 9 / 10, "the crossing at x = 1.5 spans the plot")
        // The flat end at y = 0 sits in the middle row.
        let flat = Int(scale.pixel(forValue: 3.5))
        XCTAssertGreaterThan(image.coverage(flat, size.height / 2) + image.coverage(flat, size.height / 2 - 1), 0.5)
    }
}
