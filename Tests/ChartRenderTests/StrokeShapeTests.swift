import ChartData
import ChartGeometry
import XCTest

/// The stroke's shape, pixel by pixel: every pixel's coverage is the antialiasing ramp
/// of its distance to the polyline, clamp(w/2 + ½ − d, 0, 1), whatever the joins' angles,
/// however densely segments overlap, and however far outside the view an end lies.
final class StrokeShapeTests: XCTestCase {
    private struct Point { var x: Double; var y: Double }

    /// Distance from `p` to the segment a→b.
    private static func distance(_ p: Point, _ a: Point, _ b: Point) -> Double {
        let dx = b.x - a.x, dy = b.y - a.y
        let lengthSquared = dx * dx + dy * dy
        let t = lengthSquared > 0 ? min(max(((p.x - a.x) * dx + (p.y - a.y) * dy) / lengthSquared, 0), 1) : 0
        return hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy))
    }

    /// Draws `points` (data units are pixels, y up) and returns the largest difference
    /// between a pixel's coverage and the ramp of its distance to the polyline, and how
    /// many pixels are inked. Segments are filed by the columns they reach, so dense data
    /// is checked in time.
    private func worstDeviation(_ points: [Point], size: PixelSize, halfWidth: Double,
                                file: StaticString = #filePath, line: UInt = #line) throws -> (worst: Double, inked: Int) {
        let visible = DataRect(minX: 0, maxX: Double(size.width), minY: 0, maxY: Double(size.height))
        let image = try GLTestHarness.draw(xs: points.map(\.x), ys: points.map(\.y), visible: visible, size: size,
                                           width: 2 * halfWidth)
        let reach = halfWidth + 1
        var byColumn = [[Int]](repeating: [], count: size.width)
        for i in 0..<points.count - 1 {
            let low = max(Int((min(points[i].x, points[i + 1].x) - reach).rounded(.down)), 0)
            let high = min(Int((max(points[i].x, points[i + 1].x) + reach).rounded(.up)), size.width - 1)
            guard low <= high else { continue }
            for column in low...high { byColumn[column].append(i) }
        }
        var worst = 0.0
        var inked = 0
        for row in 0..<size.height {
            for column in 0..<size.width {
                let p = Point(x: Double(column) + 0.5, y: Double(size.height - row) - 0.5)
                let d = byColumn[column].reduce(Double.infinity) { min($0, Self.distance(p, points[$1], points[$1 + 1])) }
                let expected = min(max(halfWidth + 0.5 - d, 0), 1)
                let coverage = image.coverage(column, row)
                if coverage > 0.5 { inked += 1 }
                worst = max(worst, abs(coverage - expected))
            }
        }
        return (worst, inked)
    }

    /// Vs whose apex angles go down to 10°: round joins, no gap inside the stroke, no
    /// spike past it.
    func testSharpJoinsAreRound() throws {
        var points = [Point(x: 30, y: 60)]
        let length = 150.0
        for angle in [90.0, 60, 30, 20, 10] {
            let half = angle / 2 * .pi / 180
            let base = points.last!
            points.append(Point(x: base.x + length * sin(half), y: base.y + length * cos(half)))
            points.append(Point(x: base.x + 2 * length * sin(half), y: base.y))
        }
        points.append(Point(x: points.last!.x + 40, y: points.last!.y))
        let result = try worstDeviation(points, size: PixelSize(width: 900, height: 300), halfWidth: 3)
        XCTAssertGreaterThan(result.inked, 5_000, "the zig-zag is drawn")
        XCTAssertLessThanOrEqual(result.worst, 0.02, "coverage is the ramp of the distance to the line")
    }

    /// Dense noise turning back on itself at nearly 180° (a random walk, then a saw
    /// whose x steps are a millionth of a pixel, as 10 million points in 1280 pixels
    /// are): drawn eight segments to a quad, still exactly the union of the strokes.
    func testDenseNoiseIsTheUnionOfItsSegments() throws {
        var rng = SplitMix64(seed: 8)
        var points: [Point] = []
        var y = 100.0
        for i in 0..<6_000 {
            y += Double.random(in: -2...2, using: &rng)
            points.append(Point(x: 10 + Double(i) * 0.04, y: y))
        }
        var x = 260.0
        for i in 0..<2_000 {
            x += Double.random(in: 1e-7...1e-2, using: &rng)
            points.append(Point(x: x, y: 100 + (i % 2 == 0 ? 1 : -1) * Double.random(in: 10...60, using: &rng)))
        }
        let result = try worstDeviation(points, size: PixelSize(width: 300, height: 200), halfWidth: 1)
        XCTAssertGreaterThan(result.inked, 2_000, "the noise is drawn")
        XCTAssertLessThanOrEqual(result.worst, 0.02, "coverage is the ramp of the distance to the line")
    }

    /// Segments to points ten million pixels outside the view cross it where they should:
    /// each is cut to the view from its near end, so Float's rounding of the far end
    /// does not move the visible part.
    func testFarEndsDoNotMoveTheVisiblePart() throws {
        let points = [Point(x: 20, y: 100), Point(x: 120, y: 1e7), Point(x: 140, y: -1e7), Point(x: 180, y: 50),
                      Point(x: 2e7, y: 60)]
        let result = try worstDeviation(points, size: PixelSize(width: 300, height: 200), halfWidth: 1)
        XCTAssertGreaterThan(result.inked, 300, "the segments are drawn")
        XCTAssertLessThanOrEqual(result.worst, 0.02, "coverage is the ramp of the distance to the line")
    }
}
