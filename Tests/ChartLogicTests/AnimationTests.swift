import ChartData
import ChartGeometry
import XCTest

final class AnimationTests: XCTestCase {
    /// The curve passes through its ends, never goes back, and solves x(s) = t: checked
    /// against the parametric curve sampled densely.
    func testCubicBezierMatchesItsParametricCurve() {
        for curve in [CubicBezier(0.64, 0, 0, 1), .easeInOut, CubicBezier(0.1, 0.9, 0.9, 0.1)] {
            XCTAssertEqual(curve.value(at: 0), 0, accuracy: 1e-9)
            XCTAssertEqual(curve.value(at: 1), 1, accuracy: 1e-9)
            var previous = -1.0
            for i in 0...1000 {
                let s = Double(i) / 1000
                let u = 1 - s
                let x = 3 * u * u * s * curve.x1 + 3 * u * s * s * curve.x2 + s * s * s
                let y = 3 * u * u * s * curve.y1 + 3 * u * s * s * curve.y2 + s * s * s
                XCTAssertEqual(curve.value(at: x), y, accuracy: 1e-6, "\(curve) at s = \(s)")
                let v = curve.value(at: s)
                XCTAssertGreaterThanOrEqual(v, previous - 1e-9)
                previous = v
            }
        }
        XCTAssertEqual(CubicBezier.easeInOut.value(at: 0.5), 0.5, accuracy: 1e-6)
        // (0.64, 0, 0, 1): a slow start, past halfway by 60% of the time.
        XCTAssertLessThan(Easing.preset.value(at: 0.2), 0.1)
        XCTAssertGreaterThan(Easing.preset.value(at: 0.6), 0.5)
    }

    private final class Log: ViewportObserver {
        var events: [String] = []
        var targets: [DataRect] = []
        var steps: [DataRect] = []
        func viewportWillChange(from old: DataRect, to target: DataRect) {
            events.append("will")
            targets.append(target)
        }
        func viewportDidChange(_ current: DataRect) {
            events.append("did")
            steps.append(current)
        }
    }

    /// y eases while x jumps: moving x does not stop y's animation, observers hear the
    /// target first and then every step, and the sides land exactly on their targets.
    func testSidesAnimateIndependently() {
        let viewport = AnimatedViewport(DataRect(minX: 0, maxX: 10, minY: 0, maxY: 100))
        let log = Log()
        viewport.addObserver(log)
        viewport.set(.init(y: 0...200), duration: 0.4)
        XCTAssertEqual(log.events.first, "will")
        XCTAssertEqual(log.targets.last, DataRect(minX: 0, maxX: 10, minY: 0, maxY: 200))
        viewport.advance(by: 0.1)
        let midway = viewport.current.maxY
        XCTAssertGreaterThan(midway, 100)
        XCTAssertLessThan(midway, 200)
        viewport.set(.init(x: 5...15))
        XCTAssertEqual(viewport.current.minX, 5)
        XCTAssertEqual(viewport.current.maxY, midway, "moving x leaves y where its animation had it")
        XCTAssertTrue(viewport.isAnimating, "moving x does not stop y")
        XCTAssertEqual(log.targets.last, DataRect(minX: 5, maxX: 15, minY: 0, maxY: 200))
        var previous = midway
        while viewport.advance(by: 1.0 / 60) {
            XCTAssertGreaterThanOrEqual(viewport.current.maxY, previous)
            previous = viewport.current.maxY
        }
        XCTAssertEqual(viewport.current, DataRect(minX: 5, maxX: 15, minY: 0, maxY: 200))
        XCTAssertEqual(viewport.current, viewport.target)
        XCTAssertEqual(log.events.filter { $0 == "will" }.count, 2)
    }

    func testFadeMovesAtItsRate() {
        var fade = Fade(value: 0, target: 1, duration: 0.25)
        fade.advance(by: 0.1)
        XCTAssertEqual(fade.value, 0.4, accuracy: 1e-12)
        fade.advance(by: 1)
        XCTAssertEqual(fade.value, 1)
        XCTAssertTrue(fade.isSettled)
    }

    /// The four centres visit Telegram's eight positions counterclockwise on screen,
    /// two apart, and come back after eight steps.
    func testGradientCentresGoRoundCounterclockwise() {
        let p = GradientAnimation.positions
        // Shoelace on (x, −y): screen coordinates point y down.
        let area = (0..<8).reduce(0.0) { sum, i in
            let a = p[i], b = p[(i + 1) % 8]
            return sum + (a.x * -b.y - b.x * -a.y)
        }
        XCTAssertGreaterThan(area, 0, "counterclockwise as seen on screen")
        XCTAssertEqual(GradientAnimation.centers(atPhase: 0), [p[0], p[2], p[4], p[6]])
        XCTAssertEqual(GradientAnimation.centers(atPhase: 8), GradientAnimation.centers(atPhase: 0))
        let half = GradientAnimation.centers(atPhase: 0.5)
        XCTAssertEqual(half[0].x, (p[0].x + p[1].x) / 2, accuracy: 1e-12)

        var animation = GradientAnimation()
        animation.step()
        var phases: [Double] = []
        while animation.isMoving {
            animation.advance(by: 1.0 / 60)
            phases.append(animation.phase)
        }
        XCTAssertEqual(phases.last, 1)
        XCTAssertEqual(phases, phases.sorted(), "the phase only moves forward")
        XCTAssertLessThan(phases[2] - phases[1], phases[15] - phases[14], "eased: slow start")
    }

    /// The field is the seed's formula: weights max(1 − d/L, 0)^4, normalised.
    func testGradientFieldIsTheWeightedMean() {
        let colors = [RGBAColor(red: 1, green: 0, blue: 0), RGBAColor(red: 0, green: 1, blue: 0),
                      RGBAColor(red: 0, green: 0, blue: 1), RGBAColor(red: 1, green: 1, blue: 1)]
        let field = GradientField(centers: GradientAnimation.centers(atPhase: 0), colors: colors)
        var rng = SplitMix64(seed: 9)
        for _ in 0..<500 {
            let u = Double.random(in: 0...1, using: &rng), v = Double.random(in: 0...1, using: &rng)
            var weights: [Double] = []
            for c in field.centers {
                let d = ((u - c.x) * (u - c.x) + (v - c.y) * (v - c.y)).squareRoot()
                weights.append(pow(max(1 - d, 0), 4))
            }
            let sum = weights.reduce(0, +)
            XCTAssertGreaterThan(sum, 0, "the positions reach every point of the square")
            let red = zip(weights, colors).map { $0 * Double($1.red) }.reduce(0, +) / sum
            XCTAssertEqual(Double(field.color(atU: u, v: v).red), red, accuracy: 1e-6)
        }
    }
}
