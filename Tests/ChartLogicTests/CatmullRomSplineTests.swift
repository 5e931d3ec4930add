import ChartData
import ChartGeometry
import XCTest

final class CatmullRomSplineTests: XCTestCase {
    /// Random points in pixel space, x strictly ascending: spacing from a tenth of a
    /// pixel to 80, y anywhere in 0…600 or near the last (small steps, big jumps, level
    /// stretches), so steep, flat and jagged runs all come up.
    private func randomPoints(_ rng: inout SplitMix64, count: Int) -> [PixelPoint] {
        var points: [PixelPoint] = []
        var x = Double.random(in: -50...50, using: &rng)
        var y = Double.random(in: 0...600, using: &rng)
        for _ in 0..<count {
            points.append(PixelPoint(x: x, y: y))
            x += [0.1, 1, 5, 30, 80].randomElement(using: &rng)! * Double.random(in: 0.5...1.5, using: &rng)
            switch Int.random(in: 0..<4, using: &rng) {
            case 0: y = Double.random(in: 0...600, using: &rng)
            case 1: y += Double.random(in: -3...3, using: &rng)
            case 2: break
            default: y += Double.random(in: -200...200, using: &rng)
            }
        }
        return points
    }

    /// The curve passes through every point: each piece starts at its point and ends
    /// at the next.
    func testPassesThroughEveryPoint() {
        var rng = SplitMix64(seed: 11)
        for _ in 0..<300 {
            let points = randomPoints(&rng, count: Int.random(in: 2...40, using: &rng))
            let spline = CatmullRomSpline(through: points)
            XCTAssertEqual(spline.pieces.count, points.count - 1)
            for (i, piece) in spline.pieces.enumerated() {
                for (got, want) in [(piece.point(at: 0), points[i]), (piece.point(at: 1), points[i + 1])] {
                    XCTAssertEqual(got.x, want.x, accuracy: 1e-9)
                    XCTAssertEqual(got.y, want.y, accuracy: 1e-9)
                }
                XCTAssertEqual(spline.y(atX: points[i].x) ?? .nan, points[i].y, accuracy: 1e-6)
            }
        }
    }

    /// With x strictly ascending, x(u) never turns back inside a piece (no loop, no
    /// fold: one y per x, as a chart needs), and y stays between the piece's two points
    /// (no overshoot past a peak or beyond a monotone run), for many random runs.
    func testNoLoopsAndNoOvershootBetweenPoints() {
        var rng = SplitMix64(seed: 12)
        var checkedPieces = 0
        for _ in 0..<400 {
            let points = randomPoints(&rng, count: Int.random(in: 2...40, using: &rng))
            let before = Bool.random(using: &rng) ? PixelPoint(x: points[0].x - 7, y: Double.random(in: 0...600, using: &rng)) : nil
            let spline = CatmullRomSpline(through: points, before: before)
            for (i, piece) in spline.pieces.enumerated() {
                let a = points[i], b = points[i + 1]
                var previousX = a.x
                for step in 1...200 {
                    let p = piece.point(at: Double(step) / 200)
                    XCTAssertGreaterThanOrEqual(p.x, previousX - 1e-9, "piece \(i) turns back in x at u = \(Double(step) / 200)")
                    previousX = p.x
                    XCTAssertTrue((min(a.y, b.y) - 1e-9...max(a.y, b.y) + 1e-9).contains(p.y),
                                  "piece \(i) leaves \(a.y)…\(b.y): \(p.y)")
                }
                checkedPieces += 1
            }
        }
        XCTAssertGreaterThan(checkedPieces, 5000)
    }

    /// Where the guards have nothing to do (a gently curving monotone run with uneven
    /// spacing), the curve is the centripetal Catmull-Rom curve itself: Barry and
    /// Goldman's pyramid with knots at the square roots of the distances, evaluated
    /// independently here.
    func testIsTheCentripetalCurveWhereNoGuardApplies() {
        let xs: [Double] = [0, 40, 55, 120, 150, 260, 300]
        let points = xs.map { PixelPoint(x: $0, y: 400 - 20 * $0.squareRoot()) }
        let spline = CatmullRomSpline(through: points)
        func lerp(_ a: PixelPoint, _ b: PixelPoint, _ ta: Double, _ tb: Double, _ t: Double) -> PixelPoint {
            let w = tb == ta ? 0 : (t - ta) / (tb - ta)
            return PixelPoint(x: a.x + (b.x - a.x) * w, y: a.y + (b.y - a.y) * w)
        }
        func knot(_ a: PixelPoint, _ b: PixelPoint) -> Double { pow(hypot(b.x - a.x, b.y - a.y), 0.5) }
        // Interior pieces: every neighbour is a real point.
        for i in 1..<(points.count - 2) {
            let p = Array(points[(i - 1)...(i + 2)])
            let t0 = 0.0, t1 = t0 + knot(p[0], p[1]), t2 = t1 + knot(p[1], p[2]), t3 = t2 + knot(p[2], p[3])
            for step in 0...20 {
                let u = Double(step) / 20, t = t1 + (t2 - t1) * u
                let a1 = lerp(p[0], p[1], t0, t1, t), a2 = lerp(p[1], p[2], t1, t2, t), a3 = lerp(p[2], p[3], t2, t3, t)
                let b1 = lerp(a1, a2, t0, t2, t), b2 = lerp(a2, a3, t1, t3, t)
                let want = lerp(b1, b2, t1, t2, t)
                let got = spline.pieces[i].point(at: u)
                XCTAssertEqual(got.x, want.x, accuracy: 1e-9, "piece \(i), u = \(u)")
                XCTAssertEqual(got.y, want.y, accuracy: 1e-9, "piece \(i), u = \(u)")
            }
        }
    }

    /// Tides: alternating lows and highs at uneven times. Each high is the curve's
    /// highest point near it and each low its lowest: the curve never reports a tide
    /// higher or lower than the table.
    func testTidePeaksAreTheDataPoints() {
        var rng = SplitMix64(seed: 13)
        var points: [PixelPoint] = []
        var x = 0.0
        for i in 0..<30 {
            points.append(PixelPoint(x: x, y: i % 2 == 0 ? Double.random(in: 350...450, using: &rng) : Double.random(in: 50...150, using: &rng)))
            x += Double.random(in: 20...40, using: &rng)
        }
        let spline = CatmullRomSpline(through: points)
        let ys = spline.pieces.flatMap { piece in (0...100).map { piece.point(at: Double($0) / 100).y } }
        XCTAssertEqual(ys.min() ?? 0, points.map(\.y).min() ?? 1, accuracy: 1e-9)
        XCTAssertEqual(ys.max() ?? 0, points.map(\.y).max() ?? 1, accuracy: 1e-9)
        // And it is a curve, not the zigzag: halfway between a low and a high it bends.
        let middle = spline.pieces[3].point(at: 0.25)
        let chord = points[3].y + (points[4].y - points[3].y) * (middle.x - points[3].x) / (points[4].x - points[3].x)
        XCTAssertGreaterThan(abs(middle.y - chord), 2)
    }

    /// Gaps break the curve: NaN values and jumps in x split it into runs, each its own
    /// spline, and a point alone between gaps stays a dot in the polyline drawn.
    func testGapsBreakTheCurveAndALonePointIsADot() {
        let xs = (0..<20).map(Double.init)
        var ys = xs.map { sin($0 / 2) }
        ys[6] = .nan
        ys[8] = .nan  // 7 is alone
        let source = DataSource(dataset: Dataset(source: "gaps", xs: xs, series: [Series(name: "s", ys: ys)]))
        let curve = SmoothCurve(source: source, series: 0, visible: DataRect(minX: 0, maxX: 19, minY: -1, maxY: 1),
                                plotSize: PixelSize(width: 190, height: 100))
        XCTAssertEqual(curve.runs.map(\.points.count), [6, 1, 11])
        let polyline = curve.polyline()
        let breaks = polyline.indices.filter { polyline[$0].y.isNaN }
        XCTAssertEqual(breaks.count, 2)
        XCTAssertEqual(breaks[1] - breaks[0], 2, "the lone point sits alone between two breaks")
        XCTAssertEqual(polyline[breaks[0] + 1].x, 70, accuracy: 1e-9)
        XCTAssertTrue(polyline.map(\.x).enumerated().dropFirst().allSatisfy { $0.element >= polyline[$0.offset - 1].x },
                      "x ascends, breaks included")
    }

    /// The polyline drawn keeps every chord within its tolerance of the curve, and
    /// passes through every point.
    func testPolylineChordsStayWithinTolerance() throws {
        var rng = SplitMix64(seed: 14)
        for _ in 0..<40 {
            let count = 60
            let xs = (0..<count).map { Double($0) * 10 + Double.random(in: 0...5, using: &rng) }
            let ys = (0..<count).map { _ in Double.random(in: 0...100, using: &rng) }
            let source = DataSource(dataset: Dataset(source: "random", xs: xs, series: [Series(name: "s", ys: ys)]),
                                    connectsGaps: true)
            let curve = SmoothCurve(source: source, series: 0, visible: DataRect(minX: xs[0], maxX: xs[count - 1], minY: 0, maxY: 100),
                                    plotSize: PixelSize(width: 600, height: 400))
            let polyline = curve.polyline(tolerance: 0.25)
            let run = try XCTUnwrap(curve.runs.first)
            // Every point of the curve is near some chord: sample each piece finely and
            // find the chords over its x.
            for piece in run.pieces {
                for step in 0...200 {
                    let p = piece.point(at: Double(step) / 200)
                    let after = polyline.partitionPoint { $0.x < p.x }
                    let candidates = max(after - 2, 0)..<min(after + 1, polyline.count - 1)
                    let nearest = candidates.map { SmoothCurveTestSupport.distance(p, polyline[$0], polyline[$0 + 1]) }.min() ?? .infinity
                    XCTAssertLessThanOrEqual(nearest, 0.25)
                }
            }
            for point in run.points {
                XCTAssertTrue(polyline.contains { abs($0.x - point.x) < 1e-9 && abs($0.y - point.y) < 1e-9 })
            }
        }
    }
}

enum SmoothCurveTestSupport {
    /// The distance from `p` to the segment `a`…`b`, pixels.
    static func distance(_ p: PixelPoint, _ a: PixelPoint, _ b: PixelPoint) -> Double {
        let dx = b.x - a.x, dy = b.y - a.y
        let length2 = dx * dx + dy * dy
        let t = length2 > 0 ? min(max(((p.x - a.x) * dx + (p.y - a.y) * dy) / length2, 0), 1) : 0
        return hypot(a.x + t * dx - p.x, a.y + t * dy - p.y)
    }
}
