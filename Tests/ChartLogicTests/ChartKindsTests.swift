import ChartData
import ChartGeometry
import ChartInteraction
import ChartStage
import XCTest

/// Two y axes, bars, stacks and shares, as the presenter builds and fits them (no GPU:
/// the surfaces record what they are given).
final class ChartKindsTests: XCTestCase {
    private let geometry = StageGeometry(canvas: PixelSize(width: 1200, height: 700), layout: .explorer)

    /// Daily points from 2019-04-01 (Unix ms, as Telegram's files), one series per
    /// generator.
    private func chart(days: Int = 120, kinds: [Series.Kind], flags: ChartFlags = [],
                       values: (Int, Int) -> Double) -> DataSource {
        let xs = (0..<days).map { 1_554_076_800_000 + Double($0) * 86_400_000 }
        let series = kinds.enumerated().map { s, kind in
            Series(name: "y\(s)", ys: (0..<days).map { values(s, $0) }, kind: kind,
                   axis: flags.contains(.yScaled) && s > 0 ? .right : .left)
        }
        return DataSource(dataset: Dataset(source: "overview.json", xs: xs, series: series,
                                           xKind: .time(unitsPerSecond: 1000), flags: flags))
    }

    /// `y_scaled`: each axis fits its own series in view, and its labels sit on round
    /// values (multiples of its 1-2-5 step) inside its own range.
    func testEachAxisFitsItsOwnSeriesOnRoundValues() throws {
        var rng = SplitMix64(seed: 5)
        for _ in 0..<20 {
            let scaleA = pow(10, Double.random(in: 0...4, using: &rng)), scaleB = pow(10, Double.random(in: 4...8, using: &rng))
            let source = chart(kinds: [.line, .line], flags: .yScaled) { s, i in
                (s == 0 ? scaleA : scaleB) * (2 + sin(Double(i) / 7 + Double(s)))
            }
            let presenter = ChartPresenter(source: source, factory: RecordingSurfaceFactory(), geometry: geometry, initialFraction: 0.5)
            settle(presenter)
            for (side, series, axis) in [(YAxisSide.left, 0, presenter.yAxis), (.right, 1, presenter.rightAxis)] {
                let view = presenter.stage.viewport(for: side).current
                let bounds = try XCTUnwrap(source.yBounds(inX: presenter.targetX, series: [series]))
                XCTAssertEqual(view.minY...view.maxY, Viewport.fittedY(min: bounds.min, max: bounds.max))
                let grid = try XCTUnwrap(axis.sets.last?.grid)
                let values = grid.values(in: view.minY...view.maxY)
                XCTAssertGreaterThanOrEqual(values.count, 3)
                for value in values {
                    let multiple = value / grid.step
                    XCTAssertEqual(multiple, multiple.rounded(), accuracy: 1e-6, "\(side) label \(value) on its step \(grid.step)")
                }
            }
        }
    }

    /// Toggling the right axis's only series fades the axis out, and its labels go;
    /// the left axis keeps the grid. Hiding the left one's hands the grid to the right.
    func testAnAxisFadesWithItsSeries() {
        let factory = RecordingSurfaceFactory()
        let source = chart(kinds: [.line, .line], flags: .yScaled) { s, i in s == 0 ? Double(i) : 1e6 + Double(i * i) }
        let presenter = ChartPresenter(source: source, factory: factory, geometry: geometry)
        settle(presenter)
        XCTAssertEqual(presenter.rightAxis.visibility.value, 1)
        presenter.toggle(series: 1)
        presenter.advance(by: 0.15)
        XCTAssertGreaterThan(presenter.rightAxis.visibility.value, 0)
        XCTAssertLessThan(presenter.rightAxis.visibility.value, 1, "fading, not gone at once")
        settle(presenter)
        XCTAssertEqual(presenter.rightAxis.visibility.value, 0)
        let rightLabels = factory.texts.flatMap(\.runs).filter { $0.anchor == .centerLeft && $0.position.x > geometry.plotBox.maxX }
        XCTAssertTrue(rightLabels.isEmpty, "no right labels once faded: \(rightLabels.map(\.text))")
        XCTAssertTrue(presenter.rightAxis.drawsGrid == false)
        presenter.toggle(series: 1)
        presenter.toggle(series: 0)
        settle(presenter)
        XCTAssertTrue(presenter.rightAxis.drawsGrid, "the right axis draws the grid when the left has nothing shown")
        XCTAssertEqual(presenter.yAxis.visibility.value, 0)
    }

    /// Stacked bars: y from zero to the highest total in view; a toggle eases the
    /// hidden series' weight over 0.3 s (the stack never jumps) and y settles on the
    /// totals of the series left.
    func testAStackToggleEasesAndSettlesOnTheRightSums() throws {
        let source = chart(kinds: [.bar, .bar, .bar], flags: .stacked) { s, i in Double((i * 7 + s * 13) % 50 + 10 * (s + 1)) }
        let factory = RecordingSurfaceFactory()
        let presenter = ChartPresenter(source: source, factory: factory, geometry: geometry, initialFraction: 1)
        settle(presenter)
        func maxTotal(_ members: [Int]) -> Double {
            (0..<source.dataset.count).map { i in members.reduce(0) { $0 + source.dataset.series[$1].ys[i] } }.max()!
        }
        var view = presenter.stage.viewport.current
        XCTAssertEqual(view.minY, 0)
        XCTAssertEqual(view.maxY, Viewport.fittedY(min: 0, max: maxTotal([0, 1, 2])).upperBound, accuracy: 1e-9)
        let stack = try XCTUnwrap(factory.stacks.flatMap(\.stacks).last)
        XCTAssertEqual(stack.series, (0..<3).map(source.handle(ofSeries:)), "the source's own series, bottom first")
        XCTAssertTrue(stack.isStacked)
        XCTAssertEqual(stack.weights, [1, 1, 1])

        presenter.toggle(series: 1)
        var weights: [Double] = []
        for _ in 0..<18 {
            presenter.advance(by: 1.0 / 60)
            presenter.stage.prepareFrame()
            weights.append(presenter.stacks.stacks[0].weights[1])
        }
        XCTAssertEqual(weights, weights.sorted(by: >), "the weight only falls")
        XCTAssertTrue(weights.contains { $0 > 0.05 && $0 < 0.95 }, "eased through the middle: \(weights)")
        for step in zip(weights, weights.dropFirst()) {
            XCTAssertLessThan(step.0 - step.1, 0.2, "no jump between frames")
        }
        settle(presenter)
        XCTAssertEqual(presenter.stacks.stacks[0].weights, [1, 0, 1])
        view = presenter.stage.viewport.current
        XCTAssertEqual(view.maxY, Viewport.fittedY(min: 0, max: maxTotal([0, 2])).upperBound, accuracy: 1e-9)
    }

    /// The view reaches half a step beyond the first and last bar, so the end bars show whole.
    func testBarsFillTheirStepsAtTheEnds() {
        let source = chart(days: 10, kinds: [.bar]) { _, i in Double(i + 1) }
        let presenter = ChartPresenter(source: source, factory: RecordingSurfaceFactory(), geometry: geometry, initialFraction: 1)
        let day = 86_400_000.0
        XCTAssertEqual(presenter.dataRange, (source.dataset.xs[0] - day / 2)...(source.dataset.xs[9] + day / 2))
    }

    /// Hovering a bar chart dims every other step: the stacks follow the highlight;
    /// the board lists each series and the stack's total.
    func testHoverHighlightsOneBarAndTheBoardAddsTheTotal() throws {
        let source = chart(days: 30, kinds: [.bar, .bar], flags: .stacked) { s, i in Double(10 * (s + 1) + i) }
        let factory = RecordingSurfaceFactory()
        let presenter = ChartPresenter(source: source, factory: factory, geometry: geometry, initialFraction: 1)
        settle(presenter)
        let x = presenter.scales.canvasX(source.dataset.xs[12])
        presenter.pointerMoved(to: PixelPoint(x: x + 3, y: geometry.plotBox.y + 100), time: 0)
        settle(presenter)
        XCTAssertEqual(presenter.highlight.index, 12)
        XCTAssertEqual(presenter.stacks.stacks.first?.highlightedIndex, 12)
        let texts = factory.texts.flatMap(\.runs).map(\.text)
        XCTAssertTrue(texts.contains("y0  22"), "\(texts)")
        XCTAssertTrue(texts.contains("y1  32"), "\(texts)")
        XCTAssertTrue(texts.contains("All  54"), "\(texts)")
        // The board stands beside the hovered bars, not over them.
        let board = try XCTUnwrap(presenter.highlight.boardBox)
        let column = PixelBox(x: presenter.scales.canvasX(source.dataset.xs[12]) - 1, y: presenter.scales.canvasY(54),
                              width: 2, height: geometry.plotBox.maxY - presenter.scales.canvasY(54))
        XCTAssertFalse(board.intersects(column), "\(board) over \(column)")
        presenter.pointerExited()
        settle(presenter)
        XCTAssertNil(presenter.stacks.stacks.first?.highlightedIndex)
    }

    /// Percentage areas: y is 0…100 whatever is shown, labelled in %, and the board
    /// gives each series' share.
    func testSharesFillZeroToHundred() throws {
        let source = chart(days: 40, kinds: [.area, .area, .area], flags: [.stacked, .percentage]) { s, i in
            Double([20, 30, 50][s] + (i % 5))
        }
        let factory = RecordingSurfaceFactory()
        let presenter = ChartPresenter(source: source, factory: factory, geometry: geometry, initialFraction: 0.5)
        settle(presenter)
        let view = presenter.stage.viewport.current
        XCTAssertEqual(view.minY...view.maxY, 0...100)
        presenter.toggle(series: 2)
        settle(presenter)
        XCTAssertEqual(presenter.stage.viewport.current.minY...presenter.stage.viewport.current.maxY, 0...100)
        XCTAssertEqual(presenter.yAxis.unit, "%")
        let stack = try XCTUnwrap(presenter.stacks.stacks.first)
        XCTAssertTrue(stack.isPercentage)
        XCTAssertEqual(stack.weights, [1, 1, 0])
        let texts = factory.texts.flatMap(\.runs).map(\.text)
        XCTAssertTrue(texts.contains("100%"), "\(texts)")
        presenter.highlight.restore(index: 30, pinned: true)
        settle(presenter)
        let board = factory.texts.flatMap(\.runs).map(\.text)
        // Day 30: 20 and 30 shown, shares 40% and 60%.
        XCTAssertTrue(board.contains("40%  y0  20"), "\(board)")
        XCTAssertTrue(board.contains("60%  y1  30"), "\(board)")
    }

    /// A composition says what a Telegram round-2 file asks for.
    func testTheCompositionFollowsTheFile() {
        let bars = chart(days: 5, kinds: [.bar], values: { _, i in Double(i) }).dataset
        XCTAssertEqual(ChartComposition(dataset: bars).groups.map(\.mark), [.bars])
        XCTAssertEqual(ChartComposition(dataset: bars).lines, [])
        let mixed = chart(days: 5, kinds: [.line, .bar], flags: .yScaled, values: { _, i in Double(i) }).dataset
        let composition = ChartComposition(dataset: mixed)
        XCTAssertEqual(composition.lines, [0])
        XCTAssertEqual(composition.groups.first?.axis, .right)
        XCTAssertEqual(composition.groups.first?.isBehindLines, true)
        XCTAssertEqual(composition.fit(of: .right), .percent, "values 0…4 within 0…100 read as shares")
    }

    /// A click on a day of a chart of shares turns the areas into a pie of the week
    /// around it; Esc goes back to exactly the range shown before.
    func testAClickTurnsSharesIntoAPieAndEscReturns() throws {
        let source = chart(days: 60, kinds: [.area, .area], flags: [.stacked, .percentage]) { s, i in Double(s == 0 ? 30 : 70) }
        let factory = RecordingSurfaceFactory()
        let presenter = ChartPresenter(source: source, factory: factory, geometry: geometry, initialFraction: 0.5)
        settle(presenter)
        let before = presenter.targetX
        let pie = try XCTUnwrap(presenter.pie)
        let x = presenter.scales.canvasX(source.dataset.xs[45])
        let y = geometry.plotBox.y + 50
        presenter.pointerDown(at: PixelPoint(x: x, y: y), button: .primary, time: 0)
        presenter.pointerUp(at: PixelPoint(x: x, y: y), button: .primary, time: 0.05)
        settle(presenter)
        XCTAssertTrue(pie.isShown)
        XCTAssertEqual(presenter.targetX, source.dataset.xs[42]...source.dataset.xs[48])
        XCTAssertEqual(presenter.stacks.opacity, 0, "the areas gave way to the pie")
        XCTAssertEqual(pie.shownShares.map { ($0 * 1000).rounded() / 1000 }, [0.3, 0.7])
        XCTAssertEqual(presenter.yAxis.visibility.value, 0)
        XCTAssertTrue(factory.texts.flatMap(\.runs).contains { $0.text == "‹ Zoom out" })
        // A toggle re-normalises the pie as it does the areas.
        presenter.toggle(series: 0)
        settle(presenter)
        XCTAssertEqual(pie.shownShares, [0, 1])
        presenter.toggle(series: 0)
        XCTAssertTrue(presenter.key(.escape))
        settle(presenter)
        XCTAssertFalse(pie.isShown)
        XCTAssertEqual(presenter.targetX, before, "back at exactly the range before")
        XCTAssertEqual(presenter.stacks.opacity, 1)
        XCTAssertFalse(factory.texts.flatMap(\.runs).contains { $0.text == "‹ Zoom out" })
    }

    /// A board of shares of values near ±1.8e308 says each share (no overflow, no trap).
    func testSharesOfHugeValuesAreSaidWithoutATrap() {
        let source = chart(days: 10, kinds: [.area, .area], flags: [.stacked, .percentage]) { s, _ in s == 0 ? 1e307 : 1.7e308 }
        let factory = RecordingSurfaceFactory()
        let presenter = ChartPresenter(source: source, factory: factory, geometry: geometry, initialFraction: 1)
        presenter.highlight.restore(index: 4, pinned: true)
        settle(presenter)
        let board = factory.texts.flatMap(\.runs).map(\.text)
        XCTAssertTrue(board.contains { $0.hasPrefix("6%  y0") }, "\(board)")
        XCTAssertTrue(board.contains { $0.hasPrefix("94%  y1") }, "\(board)")
    }

    /// Negative values stack down from zero: y reaches from the lowest sum of negatives
    /// to the highest sum of positives in view.
    func testNegativeValuesStackDownFromZero() {
        let source = chart(days: 20, kinds: [.bar, .bar, .bar], flags: .stacked) { s, i in [10, -4, 6][s] + Double(i % 3) }
        let presenter = ChartPresenter(source: source, factory: RecordingSurfaceFactory(), geometry: geometry, initialFraction: 1)
        settle(presenter)
        let view = presenter.stage.viewport.current
        XCTAssertEqual(view.minY...view.maxY, Viewport.fittedY(min: -4, max: 20))
    }

    /// A stack is one picture on one axis, whatever `y_scaled` says; a stack of shares
    /// has the left axis to itself, other series go right.
    func testAStackKeepsToOneAxisAndSharesKeepTheLeft() {
        let scaled = chart(days: 5, kinds: [.bar, .bar, .bar], flags: [.stacked, .yScaled], values: { _, i in Double(i) })
        let stack = ChartComposition(dataset: scaled.dataset)
        XCTAssertEqual(stack.groups.map(\.series), [[0, 1, 2]])
        XCTAssertEqual((0..<3).map(stack.axis(ofSeries:)), [.left, .left, .left])
        XCTAssertFalse(stack.usesRightAxis)
        let mixed = chart(days: 5, kinds: [.bar, .area, .area, .line], flags: [.stacked, .percentage], values: { _, i in Double(i) })
        let shares = ChartComposition(dataset: mixed.dataset)
        XCTAssertEqual((0..<4).map(shares.axis(ofSeries:)), [.right, .left, .left, .right])
        XCTAssertEqual(shares.fit(of: .left), .percent)
        XCTAssertEqual(shares.fit(of: .right), .data, "bars and a line share the right axis: fitted to their data")
    }

    /// An axis's labels wear its series' colour only where it holds one series.
    func testAnAxisOfSeveralSeriesKeepsTheTextColour() {
        let source = chart(days: 30, kinds: [.line, .line, .line], flags: .yScaled) { s, i in Double(s * 1000 + i) }
        let presenter = ChartPresenter(source: source, factory: RecordingSurfaceFactory(), geometry: geometry)
        XCTAssertNotNil(presenter.yAxis.labelColor, "the left axis holds y0 alone")
        XCTAssertNil(presenter.rightAxis.labelColor, "y1 and y2 share the right axis")
    }

    /// A range beyond the data has no fit on either kind of axis (render then says
    /// where the data is).
    func testARangeOutsideTheDataHasNoFit() {
        for (kinds, flags) in [([Series.Kind.area, .area], ChartFlags([.stacked, .percentage])), ([.bar, .bar], [.stacked])] {
            let source = chart(days: 10, kinds: kinds, flags: flags) { _, i in Double(i + 1) }
            let fit = ChartFit(source: source, composition: ChartComposition(dataset: source.dataset))
            let last = source.dataset.xs.last!
            XCTAssertNil(fit.y(for: .left, inX: (last + 1e10)...(last + 2e10), visible: [0, 1]))
            XCTAssertNotNil(fit.y(for: .left, inX: source.dataset.xs[2]...source.dataset.xs[4], visible: [0, 1]))
        }
    }

    /// A legend too wide for its bar counts the toggles it leaves out.
    func testALegendThatDoesNotFitCountsTheRest() throws {
        let source = chart(days: 10, kinds: Array(repeating: .bar, count: 7), flags: .stacked) { s, i in Double(s + i) }
        let factory = RecordingSurfaceFactory()
        let narrow = StageGeometry(canvas: PixelSize(width: 520, height: 400), layout: .explorer)
        let presenter = ChartPresenter(source: source, factory: factory, geometry: narrow)
        settle(presenter)
        let shown = presenter.legend.boxes.count
        XCTAssertLessThan(shown, 7)
        XCTAssertTrue(factory.texts.flatMap(\.runs).contains { $0.text == "+\(7 - shown)" })
    }

    /// The range selector hides what the main chart hides, even when the main view does
    /// not move (a series inside the others' range).
    func testTheSelectorFollowsAToggleThatMovesNothing() {
        let source = chart(days: 50, kinds: [.line, .line]) { s, i in s == 0 ? Double(i) : 10 + Double(i % 5) }
        let presenter = ChartPresenter(source: source, factory: RecordingSurfaceFactory(), geometry: geometry, initialFraction: 1)
        let selector = RangeSelectorPresenter(main: presenter, factory: RecordingSurfaceFactory(),
                                              geometry: StageGeometry(canvas: geometry.canvas, plot: PixelRect(x: 60, y: 640, width: 1000, height: 50)))
        settle(presenter)
        let before = presenter.stage.viewport.target
        presenter.toggle(series: 1)
        XCTAssertEqual(presenter.stage.viewport.target, before, "the main view did not move")
        presenter.advance(by: 1.0 / 60)
        selector.advance(by: 1.0 / 60)
        XCTAssertFalse(selector.lines.isVisible(1))
    }

    /// A board of more series than the plot holds stays inside it and counts the rest.
    func testABoardOfManySeriesStaysInsideThePlot() throws {
        let source = chart(days: 20, kinds: Array(repeating: .line, count: 200)) { s, i in Double(s + i) }
        let factory = RecordingSurfaceFactory()
        let presenter = ChartPresenter(source: source, factory: factory, geometry: geometry, initialFraction: 1)
        presenter.highlight.restore(index: 10, pinned: true)
        settle(presenter)
        let board = try XCTUnwrap(presenter.highlight.boardBox)
        XCTAssertTrue(geometry.plotBox.contains(board), "\(board) in \(geometry.plotBox)")
        XCTAssertTrue(factory.texts.flatMap(\.runs).contains { $0.text.hasSuffix(" more") && $0.text.hasPrefix("+") })
    }
}
