import ChartData
import ChartGeometry
import ChartInteraction
import ChartStage
import XCTest

/// Data at the edges of `Double` (±1.79e308, ±1e300, denormals) and ranges far beyond
/// any calendar: every view stays finite, every label stays short, nothing traps.
final class ExtremeValueTests: XCTestCase {
    private let geometry = StageGeometry(canvas: PixelSize(width: 1200, height: 700), layout: .explorer)
    private let extremes: [Double] = [.greatestFiniteMagnitude, -.greatestFiniteMagnitude, 1e300, -1e300,
                                      .leastNonzeroMagnitude, -.leastNonzeroMagnitude, ExtremeValueTests.denormal("1e-310"), 0, 1, -1, 1e15]

    /// A denormal parsed at run time: as a literal it draws an underflow warning.
    private static func denormal(_ text: String) -> Double { Double(text)! }

    private func dataset(xs: [Double], ys: [Double], kind: XAxisKind = .number) -> DataSource {
        DataSource(dataset: Dataset(source: "extremes", xs: xs, series: [Series(name: "y", ys: ys)], xKind: kind))
    }

    private func assertSane(_ rect: DataRect, _ context: @autoclosure () -> String, file: StaticString = #filePath,
                            line: UInt = #line) {
        XCTAssertTrue([rect.minX, rect.maxX, rect.minY, rect.maxY, rect.width, rect.height].allSatisfy(\.isFinite),
                      "\(rect) \(context())", file: file, line: line)
        XCTAssertGreaterThan(rect.width, 0, context(), file: file, line: line)
        XCTAssertGreaterThan(rect.height, 0, context(), file: file, line: line)
    }

    func testAFitOfTheLargestValuesIsFiniteAndItsGridHasRoundLabels() {
        let source = dataset(xs: [1, 2, 3, 4], ys: [1, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 5])
        let view = Viewport.fitting(source)
        XCTAssertNotNil(view)
        if let view { assertSane(view.visible, "y ±1.79e308") }
        let range = Viewport.fittedY(min: -.greatestFiniteMagnitude, max: .greatestFiniteMagnitude)
        XCTAssertTrue(range.upperBound.isFinite && range.lowerBound < range.upperBound)
        let grid = YAxisGrid(range: range, pixels: 500)
        XCTAssertFalse(grid.values(in: range).isEmpty)
        for label in grid.labels(in: range) {
            XCTAssertLessThanOrEqual(label.count, 8, label)
            XCTAssertFalse(label.contains("e+") || label.hasSuffix("P"), label)
        }
    }

    func testNumberLabelsUseAPowerOfTenBeyondTheSuffixes() {
        XCTAssertEqual(NumberLabel.format(1.5e300, step: 1e299), "1.5e300")
        XCTAssertEqual(NumberLabel.format(ExtremeValueTests.denormal("-2e-310"), step: ExtremeValueTests.denormal("1e-310")), "-2e-310")
        XCTAssertEqual(NumberLabel.format(5e300), "5e300")
        XCTAssertEqual(NumberLabel.format(1.79e308), "1.79e308")
        // Neighbouring ticks of a narrow view keep their digits; no "10e305".
        XCTAssertEqual(NumberLabel.format(1.000001e300), "1.000001e300")
        XCTAssertEqual(NumberLabel.format(1.0000000000001e306), "1.0000000000001e306")
        XCTAssertEqual(NumberLabel.format(1e306), "1e306")
        // A tick computed as 9.999…e29 (three steps of 1e30 / 3) still reads 1e30.
        XCTAssertEqual(NumberLabel.format(3 * (1e30 / 3), step: 1e30), "1e30")
        XCTAssertEqual(NumberLabel.format(0.9999999999999999e30, step: 1e30), "1e30")
        XCTAssertEqual(NumberLabel.format(1e100, step: 1e88), "1e100")
        XCTAssertEqual(NumberLabel.format(1.000000000001e100, step: 1e88), "1.000000000001e100")
        // Everyday values keep their suffixes and decimals.
        XCTAssertEqual(NumberLabel.format(12_500, step: 2500), "12.5K")
        XCTAssertEqual(NumberLabel.format(0.25, step: 0.05), "0.25")
        XCTAssertEqual(NumberLabel.format(3.4e6), "3.4M")
    }

    func testFiniteDomainClampsEveryRangeToAFiniteNonEmptyOne() {
        var rng = SplitMix64(seed: 11)
        for _ in 0..<5000 {
            let a = extremes.randomElement(using: &rng)! * (Bool.random(using: &rng) ? 1 : Double.random(in: 0.5...2, using: &rng))
            let b = extremes.randomElement(using: &rng)!
            let range = FiniteDomain.clamp(min(a, b)...max(a.isFinite ? a : b, b))
            XCTAssertTrue(range.lowerBound.isFinite && range.upperBound.isFinite, "\(a) \(b)")
            let width = range.upperBound - range.lowerBound
            XCTAssertTrue(width.isFinite && width >= FiniteDomain.smallestSpan, "\(a) \(b) → \(range)")
            XCTAssertTrue(abs(range.lowerBound) <= FiniteDomain.limit && abs(range.upperBound) <= FiniteDomain.limit)
        }
        XCTAssertEqual(FiniteDomain.span(from: -.greatestFiniteMagnitude, to: .greatestFiniteMagnitude), .greatestFiniteMagnitude)
    }

    /// The presenter and the range selector under random wheel, drag, key and preset
    /// input on data made of extremes: every target and current view stays finite.
    func testInteractionOnExtremeDataKeepsEveryViewFinite() {
        var rng = SplitMix64(seed: 12)
        let plot = geometry.plotBox
        for round in 0..<40 {
            let count = Int.random(in: 2...9, using: &rng)
            var xs = (0..<count).map { _ in extremes.randomElement(using: &rng)! }.sorted()
            if Bool.random(using: &rng) { xs = (0..<count).map { Double($0) * extremes.randomElement(using: &rng)!.magnitude } }
            xs.sort()
            let ys = (0..<count).map { _ in Bool.random(using: &rng) ? extremes.randomElement(using: &rng)! : Double.random(in: -5...5, using: &rng) }
            let kind: XAxisKind = Bool.random(using: &rng) ? .number : .time(unitsPerSecond: 1)
            let source = dataset(xs: xs, ys: ys, kind: kind)
            let factory = RecordingSurfaceFactory()
            let main = ChartPresenter(source: source, factory: factory, geometry: geometry, initialFraction: 0.5)
            let selectorGeometry = StageGeometry(canvas: geometry.canvas, plot: PixelRect(x: 60, y: 620, width: 1100, height: 60))
            let selector = RangeSelectorPresenter(main: main, factory: factory, geometry: selectorGeometry)
            let context = "round \(round): xs \(xs) ys \(ys) \(kind)"
            for step in 0..<60 {
                let point = PixelPoint(x: Double.random(in: plot.x...plot.maxX, using: &rng),
                                       y: Double.random(in: plot.y...plot.maxY, using: &rng))
                switch Int.random(in: 0..<6, using: &rng) {
                case 0: main.wheel(steps: Double.random(in: -6...6, using: &rng), at: point)
                case 1:
                    main.pointerDown(at: point, button: .primary, time: Double(step))
                    main.pointerMoved(to: PixelPoint(x: point.x + 300, y: point.y), time: Double(step) + 0.05)
                    main.pointerUp(at: PixelPoint(x: point.x + 300, y: point.y), button: .primary, time: Double(step) + 0.1)
                case 2: _ = main.key([.left, .right, .zoomIn, .zoomOut, .home, .end, .fit].randomElement(using: &rng)!)
                case 3: _ = main.key(.preset(RangePreset.allCases.randomElement(using: &rng)!))
                case 4: main.pointerMoved(to: point, time: Double(step))
                default:
                    selector.pointerDown(at: PixelPoint(x: 400, y: 650), time: Double(step))
                    selector.pointerMoved(to: PixelPoint(x: 400 + point.x / 4, y: 650), time: Double(step) + 0.05)
                    selector.pointerUp(at: PixelPoint(x: 400 + point.x / 4, y: 650), time: Double(step) + 0.1)
                }
                for _ in 0..<3 {
                    _ = main.advance(by: 0.1)
                    _ = selector.advance(by: 0.1)
                    main.stage.prepareFrame()
                    selector.stage.prepareFrame()
                }
                assertSane(main.stage.viewport.current, context)
                assertSane(main.stage.viewport.target, context)
            }
            for label in factory.texts.flatMap(\.runs).map(\.text) {
                XCTAssertLessThanOrEqual(label.count, 40, "\(label) \(context)")
            }
        }
    }

    /// A date axis over a range no calendar reaches: dates are clamped, ticks are
    /// bounded by what fits, and nothing converts a huge Double to Int.
    func testDateTicksOverHugeRangesAreBoundedAndFast() {
        let ladder = CalendarTickLadder()
        for range in [0.0...1e16, 0...1e18, 1e20...1e21, -1e300...1e300, -Double.greatestFiniteMagnitude...(-1e300)] {
            for level in ladder.levels {
                let ticks = ladder.ticks(ofLevel: level, in: range)
                XCTAssertLessThanOrEqual(ticks.count, 10_000, "level \(level) over \(range)")
                for tick in ticks.prefix(5) { XCTAssertFalse(ladder.label(for: tick, level: level).isEmpty) }
            }
        }
        XCTAssertEqual(CivilDate(unixSeconds: 1e300).year, CivilDate(unixSeconds: CivilDate.limitInSeconds).year)
        XCTAssertEqual(CivilDate(unixSeconds: .nan).year, 1970)
        var selector = TickLevelSelector()
        let level = selector.update(ladder: ladder, width: 1e18, pixels: 1000) { _ in 60 }
        XCTAssertEqual(level, ladder.levels.upperBound)
    }

    /// `--x-range 1e20:1e21` on a date axis: the explorer shows it without trapping.
    func testADateAxisFarBeyondTheCalendarDoesNotTrap() {
        let source = dataset(xs: [1e20, 5e20, 1e21], ys: [1, 2, 3], kind: .time(unitsPerSecond: 1))
        let main = ChartPresenter(source: source, factory: RecordingSurfaceFactory(), geometry: geometry)
        main.show(x: 1e20...1e21)
        for _ in 0..<30 { _ = main.advance(by: 1.0 / 30); main.stage.prepareFrame() }
        assertSane(main.stage.viewport.current, "1e20…1e21")
    }
}
