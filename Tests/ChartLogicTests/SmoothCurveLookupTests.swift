import ChartData
import ChartGeometry
import ChartInteraction
import ChartStage
import XCTest

final class SmoothCurveLookupTests: XCTestCase {
    private let geometry = StageGeometry(canvas: PixelSize(width: 1200, height: 700), layout: .explorer)

    /// The curve's y at plot x `x`, found the slow way: the piece by a scan, its u by
    /// bisection on x(u) alone.
    private func slowY(_ curve: SmoothCurve, atX x: Double) -> Double? {
        for run in curve.runs {
            for (i, piece) in run.pieces.enumerated() where run.points[i].x <= x && x <= run.points[i + 1].x {
                var low = 0.0, high = 1.0
                for _ in 0..<100 {
                    let mid = (low + high) / 2
                    if piece.x(at: mid) < x { low = mid } else { high = mid }
                }
                return piece.point(at: (low + high) / 2).y
            }
        }
        return nil
    }

    /// Random sparse series, some with empty values, in random views: the lookup holds
    /// the spline's y at every column centre within 0.05 px, and nothing where the curve
    /// does not reach.
    func testLookupMatchesTheSplineAtEveryColumn() {
        var rng = SplitMix64(seed: 21)
        var compared = 0
        for _ in 0..<30 {
            let count = Int.random(in: 5...400, using: &rng)
            var x = 0.0
            let xs = (0..<count).map { _ -> Double in
                defer { x += Double.random(in: 0.2...3, using: &rng) }
                return x
            }
            let ys = (0..<count).map { _ in Double.random(in: 0...1, using: &rng) < 0.05 ? .nan : Double.random(in: -50...50, using: &rng) }
            let source = DataSource(dataset: Dataset(source: "random", xs: xs, series: [Series(name: "s", ys: ys)]))
            let from = Double.random(in: -5...xs[count - 1], using: &rng)
            let visible = DataRect(minX: from, maxX: from + Double.random(in: 1...(xs[count - 1] + 5), using: &rng),
                                   minY: Double.random(in: -80 ... -20, using: &rng), maxY: Double.random(in: 20...80, using: &rng))
            let plot = PixelBox(x: 70, y: 30, width: Double(Int.random(in: 200...900, using: &rng)), height: 400)
            let curve = SmoothCurve(source: source, series: 0, visible: visible,
                                    plotSize: PixelSize(width: Int(plot.width), height: Int(plot.height)))
            let lookup = SmoothCurveLookup(curve: curve, plot: plot)
            XCTAssertEqual(lookup.columnYs.count, Int(plot.width))
            for column in 0..<Int(plot.width) {
                let want = slowY(curve, atX: Double(column) + 0.5)
                let got = lookup.y(atColumn: column)
                if let want {
                    XCTAssertEqual(got ?? .nan, plot.y + want, accuracy: 0.05, "column \(column)")
                    compared += 1
                } else {
                    let lone = curve.runs.contains { $0.points.count == 1 && Int($0.points[0].x.rounded(.down)) == column }
                    XCTAssertTrue(got == nil || lone, "column \(column) has no curve")
                }
            }
        }
        XCTAssertGreaterThan(compared, 5000)
    }

    /// Two weeks of tides, low and high about every 6 h 12 min, in Unix seconds.
    private func tides() -> DataSource {
        var rng = SplitMix64(seed: 5)
        var xs: [Double] = [], ys: [Double] = []
        for i in 0..<54 {
            xs.append(1_700_000_000 + Double(i) * 22_350 + Double.random(in: -900...900, using: &rng))
            let spring = 1.6 + 0.6 * cos(2 * .pi * Double(i) / 28)
            ys.append(2.4 + (i % 2 == 0 ? -spring : spring) + Double.random(in: -0.1...0.1, using: &rng))
        }
        return DataSource(dataset: Dataset(source: "tides.csv", xs: xs, series: [Series(name: "height", ys: ys)],
                                           xKind: .time(unitsPerSecond: 1)))
    }

    /// The lookup for the view as drawn now, built here apart from the highlight's.
    private func lookup(_ presenter: ChartPresenter) -> SmoothCurveLookup {
        let curve = SmoothCurve(source: presenter.source, series: 0, visible: presenter.stage.viewport.current,
                                plotSize: geometry.plot.size)
        return SmoothCurveLookup(curve: curve, plot: geometry.plotBox)
    }

    /// With smoothing on, a hover stands at the pointer's column, its circle on the
    /// curve (the lookup's y there, which matches the spline), while the board shows the
    /// nearest point's true value; moving the pointer over a still view builds the
    /// lookup once.
    func testHoverCircleRidesTheCurveUnderThePointer() throws {
        let source = tides()
        let presenter = ChartPresenter(source: source, factory: RecordingSurfaceFactory(), geometry: geometry, initialFraction: 0.5)
        presenter.lines.isSmooth = true
        settle(presenter)
        let plot = geometry.plotBox
        let expected = lookup(presenter)
        let curve = SmoothCurve(source: source, series: 0, visible: presenter.stage.viewport.current, plotSize: geometry.plot.size)
        var checked = 0
        // Whole pixels, as a mouse reports them.
        for px in stride(from: plot.x + 3, to: plot.maxX - 3, by: 7.0) {
            presenter.pointerMoved(to: PixelPoint(x: px, y: plot.y + 50), time: 0)
            presenter.stage.prepareFrame()
            let circle = try XCTUnwrap(presenter.highlight.circles.first, "a circle at x \(px)")
            let column = Int(px - plot.x)
            XCTAssertEqual(circle.x, plot.x + Double(column) + 0.5, accuracy: 1e-9, "at the pointer's column")
            XCTAssertEqual(circle.y, try XCTUnwrap(expected.y(atColumn: column)), accuracy: 1e-9)
            XCTAssertEqual(circle.y - plot.y, try XCTUnwrap(slowY(curve, atX: Double(column) + 0.5)), accuracy: 0.05)
            let index = try XCTUnwrap(presenter.highlight.index)
            let texts = presenter.stage.surfaces.compactMap { $0 as? RecordingTextSurface }.flatMap(\.runs).map(\.text)
            let shown = ValueFormat.string(source.dataset.series[0].ys[index], dataDecimals: source.decimals[0])
            XCTAssertTrue(texts.contains { $0.hasSuffix(shown) }, "the board shows the nearest point's value, \(shown)")
            checked += 1
        }
        XCTAssertGreaterThan(checked, 100)
        XCTAssertEqual(presenter.highlight.lookupBuilds, 1, "one lookup for a still view")
    }

    /// While the view scrolls under a resting pointer (keys, eased y), the circle stays
    /// on the curve as drawn in every frame.
    func testCircleStaysOnTheCurveWhileTheViewScrolls() throws {
        let source = tides()
        let presenter = ChartPresenter(source: source, factory: RecordingSurfaceFactory(), geometry: geometry, initialFraction: 0.4)
        presenter.lines.isSmooth = true
        settle(presenter)
        let plot = geometry.plotBox
        let pointer = PixelPoint(x: plot.x + plot.width * 0.6, y: plot.y + 40)
        presenter.pointerMoved(to: pointer, time: 0)
        presenter.key(.left)
        var frames = 0
        var ys: Set<Double> = []
        for _ in 0..<40 {
            presenter.advance(by: 1.0 / 60)
            presenter.stage.prepareFrame()
            let circle = try XCTUnwrap(presenter.highlight.circles.first)
            let column = Int(pointer.x - plot.x)
            XCTAssertEqual(circle.x, plot.x + Double(column) + 0.5, accuracy: 1e-9)
            XCTAssertEqual(circle.y, try XCTUnwrap(lookup(presenter).y(atColumn: column)), accuracy: 1e-9)
            ys.insert(circle.y)
            frames += 1
        }
        XCTAssertGreaterThan(ys.count, 5, "the circle moves with the curve as y eases")
    }

    /// A pinned highlight stays on its point, which the curve passes through; without
    /// smoothing, a hover is on the nearest point as before.
    func testPinnedCircleIsOnItsPointAndPlainHoverIsUnchanged() throws {
        let source = tides()
        let presenter = ChartPresenter(source: source, factory: RecordingSurfaceFactory(), geometry: geometry, initialFraction: 0.5)
        presenter.lines.isSmooth = true
        settle(presenter)
        let plot = geometry.plotBox
        let at = PixelPoint(x: plot.x + 333.3, y: plot.y + 50)
        presenter.pointerDown(at: at, button: .primary, time: 0)
        presenter.pointerUp(at: at, button: .primary, time: 0.05)
        presenter.stage.prepareFrame()
        XCTAssertTrue(presenter.highlight.isPinned)
        let index = try XCTUnwrap(presenter.highlight.index)
        let point = presenter.scales.point(x: source.dataset.xs[index], y: source.dataset.series[0].ys[index])
        let circle = try XCTUnwrap(presenter.highlight.circles.first)
        XCTAssertEqual(circle.x, point.x, accuracy: 1e-9)
        XCTAssertEqual(circle.y, point.y, accuracy: 1e-9)

        presenter.key(.escape)
        presenter.lines.isSmooth = false
        presenter.pointerMoved(to: at, time: 1)
        presenter.stage.prepareFrame()
        let plain = try XCTUnwrap(presenter.highlight.circles.first)
        let nearest = try XCTUnwrap(presenter.highlight.index)
        XCTAssertEqual(plain.x, presenter.scales.canvasX(source.dataset.xs[nearest]), accuracy: 1e-9)
    }
}
