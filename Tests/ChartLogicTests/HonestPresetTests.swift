import ChartData
import ChartGeometry
import ChartInteraction
import ChartMarks
import ChartStage
import XCTest

/// Presets and the highlight stay honest: a preset is a mode other moves end, its trend
/// colour is one colour through the morph and only ever the series' own when several
/// are shown, a double-click fits without pinning, the deepest zoom stays put, and the
/// board and value label keep out of the labels and the newest points.
final class HonestPresetTests: XCTestCase {
    private let geometry = StageGeometry(canvas: PixelSize(width: 1200, height: 700), layout: .explorer)

    private func presenter(seriesCount: Int = 1, count: Int = 200_000) -> ChartPresenter {
        let walk = RandomWalk(count: count, seed: 7).dataset()
        let extra = (1..<max(seriesCount, 1)).map { i in Series(name: "#\(i)", ys: walk.series[0].ys.map { -$0 + Double(i) * 50 }) }
        let dataset = Dataset(source: walk.source, xs: walk.xs, series: walk.series + extra, xKind: .time(unitsPerSecond: 1))
        return ChartPresenter(source: DataSource(dataset: dataset), factory: RecordingSurfaceFactory(), geometry: geometry,
                              initialFraction: 1)
    }

    private func frame(_ presenter: ChartPresenter) {
        presenter.advance(by: 1.0 / 60)
        presenter.stage.prepareFrame()
    }

    private func settle(_ presenter: ChartPresenter) {
        for _ in 0..<600 {
            let moving = presenter.advance(by: 1.0 / 60)
            presenter.stage.prepareFrame()
            if !moving { return }
        }
    }

    private var centre: PixelPoint { PixelPoint(x: geometry.plotBox.x + geometry.plotBox.width / 2, y: geometry.plotBox.y + 100) }

    func testAPresetEndsWhenTheRangeChangesAnotherWay() {
        let moves: [(String, (ChartPresenter) -> Void)] = [
            ("drag", { p in
                p.pointerDown(at: self.centre, button: .primary, time: 0)
                p.pointerMoved(to: PixelPoint(x: self.centre.x + 80, y: self.centre.y), time: 0.5)
                p.pointerUp(at: PixelPoint(x: self.centre.x + 80, y: self.centre.y), button: .primary, time: 1.5)
            }),
            ("wheel", { p in p.wheel(steps: 1, at: self.centre) }),
            ("arrow key", { p in p.key(.left) }),
            ("fit", { p in p.key(.fit) }),
        ]
        for (name, move) in moves {
            let p = presenter()
            p.apply(.oneMonth)
            settle(p)
            XCTAssertEqual(p.presets.active, .oneMonth, name)
            XCTAssertTrue(p.lines.showsTrend, name)
            move(p)
            XCTAssertNil(p.presets.active, "\(name): the button goes out")
            XCTAssertFalse(p.lines.showsTrend, "\(name): the trend colour and baseline go")
        }
    }

    func testARangeSelectorMoveEndsThePresetToo() {
        let main = presenter()
        let selector = RangeSelectorPresenter(main: main, factory: RecordingSurfaceFactory(),
                                              geometry: StageGeometry(canvas: geometry.canvas,
                                                                      plot: ChartLayout.explorer.minimapRect(in: geometry.canvas)!))
        main.apply(.oneYear)
        settle(main)
        let box = selector.stage.geometry.plotBox
        let handle = PixelPoint(x: selector.scales.canvasX(main.targetX.lowerBound / 2 + main.targetX.upperBound / 2), y: box.y + 10)
        selector.pointerDown(at: handle, time: 0)
        selector.pointerMoved(to: PixelPoint(x: handle.x - 30, y: handle.y), time: 0.5)
        XCTAssertNil(main.presets.active)
    }

    /// The walk's last month falls while the whole walk (the start) rises, or the other
    /// way: the morph from All to 1M keeps the colour of the month's trend throughout.
    func testTheMorphKeepsOneColour() throws {
        // A year, hourly: rising to its last month, which falls.
        let hours = 365 * 24
        let xs = (0..<hours).map { 1_600_000_000 + Double($0) * 3600 }
        let ys = (0..<hours).map { Double($0 < hours - 24 * 30 ? $0 : 2 * (hours - 24 * 30) - $0) }
        let dataset = Dataset(source: "year", xs: xs, series: [Series(name: "y", ys: ys)], xKind: .time(unitsPerSecond: 1))
        let p = ChartPresenter(source: DataSource(dataset: dataset), factory: RecordingSurfaceFactory(), geometry: geometry,
                               initialFraction: 1)
        settle(p)
        let target = RangePreset.oneMonth.range(for: p.dataRange, kind: p.source.dataset.xKind)
        let whole = try XCTUnwrap(p.lines.trend(over: p.dataRange)), month = try XCTUnwrap(p.lines.trend(over: target))
        XCTAssertNotEqual(whole.last >= whole.first, month.last >= month.first, "a walk where the two trends differ")
        p.apply(.oneMonth)
        var colours: [RGBAColor] = []
        for _ in 0..<Int(RangePreset.duration * 60) + 10 {
            frame(p)
            let lines = p.stage.surfaces.compactMap { $0 as? RecordingLineSurface }.flatMap(\.lines)
            colours += lines.filter { $0.series.index == 0 }.map(\.color)
        }
        XCTAssertEqual(Set(colours.map { "\($0)" }).count, 1, "one colour through the morph")
        XCTAssertEqual(colours.first, month.last >= month.first ? ChartTheme.day.rising : ChartTheme.day.falling)
    }

    /// With several series the trend draws its baseline, and every line keeps its own
    /// colour (a green trend would read as the green series).
    func testTheTrendNeverTakesAnotherSeriesColour() throws {
        let p = presenter(seriesCount: 2)
        p.apply(.oneMonth)
        settle(p)
        let lines = p.stage.surfaces.compactMap { $0 as? RecordingLineSurface }.flatMap(\.lines)
        for line in lines {
            XCTAssertEqual(line.color, p.lines.color(ofSeries: line.series.index, theme: .day), "series \(line.series.index)")
        }
        p.toggle(series: 1)
        settle(p)
        let alone = p.stage.surfaces.compactMap { $0 as? RecordingLineSurface }.flatMap(\.lines).filter { $0.series.index == 0 }
        let trend = try XCTUnwrap(p.lines.trend)
        let trendColour = trend.last >= trend.first ? ChartTheme.day.rising : ChartTheme.day.falling
        let worn = trendColour.isClose(to: p.lines.color(ofSeries: 1, theme: .day))
        XCTAssertTrue(alone.allSatisfy { $0.color == (worn ? p.lines.color(ofSeries: 0, theme: .day) : trendColour) },
                      "shown alone, the series takes its trend's colour unless the other series wears it")
        XCTAssertEqual(p.lines.drawnColor(ofSeries: 0, theme: .day), alone.last?.color, "the highlight uses the drawn colour")
    }

    func testDoubleClickFitsWithoutPinning() {
        let p = presenter()
        p.key(.zoomIn)
        settle(p)
        p.pointerDown(at: centre, button: .primary, clicks: 1, time: 0)
        p.pointerUp(at: centre, button: .primary, time: 0.05)
        XCTAssertTrue(p.highlight.isPinned, "the first click pins")
        p.pointerDown(at: centre, button: .primary, clicks: 2, time: 0.2)
        p.pointerUp(at: centre, button: .primary, time: 0.25)
        XCTAssertFalse(p.highlight.isPinned, "the double-click undid the first click's pin")
        XCTAssertEqual(p.targetX, p.dataRange, "and fitted")
    }

    func testTheDeepestZoomStaysPut() {
        let p = presenter(count: 5_000)
        for _ in 0..<200 { p.wheel(steps: 3, at: PixelPoint(x: centre.x + 123, y: centre.y)) }
        let deepest = p.targetX
        XCTAssertEqual(deepest.upperBound - deepest.lowerBound, p.minimumWidth, accuracy: p.minimumWidth * 1e-9)
        for _ in 0..<20 { p.wheel(steps: 1, at: PixelPoint(x: centre.x + 123, y: centre.y)) }
        XCTAssertEqual(p.targetX, deepest, "more wheel-in does nothing")
    }

    func testTheBoardKeepsToThePlotAndTheValueLabelToTheMargin() throws {
        let p = presenter(seriesCount: 3)
        settle(p)
        let plot = geometry.plotBox
        for x in [plot.x + 1, plot.x + 40, plot.maxX - 40, plot.maxX - 1] {
            p.pointerMoved(to: PixelPoint(x: x, y: plot.y + 50), time: 0)
            frame(p)
            let board = try XCTUnwrap(p.highlight.boardBox)
            XCTAssertGreaterThanOrEqual(board.x, plot.x, "clear of the y labels at \(x)")
            XCTAssertLessThanOrEqual(board.maxX, plot.maxX, "clear of the value label at \(x)")
        }
        // Written as it fits the margin (every digit, or compact).
        let label = try XCTUnwrap(p.annotation.labels.first).text
        let runs = p.stage.surfaces.compactMap { $0 as? RecordingTextSurface }.flatMap(\.runs)
        let pill = try XCTUnwrap(runs.first { $0.text == label })
        XCTAssertGreaterThan(pill.position.x, plot.maxX, "the value label is right of the plot, off the newest points")
    }

    /// While y eases far, a set of lines closer than 16 px is not drawn: labels never overlap.
    func testCrowdedYLabelsDoNotOverlap() {
        let p = presenter()
        p.apply(.oneDay)
        for _ in 0..<Int(RangePreset.duration * 60) {
            frame(p)
            let runs = p.stage.surfaces.compactMap { $0 as? RecordingTextSurface }.flatMap(\.runs)
                .filter { $0.anchor == .centerRight && $0.color.alpha > 0.05 && $0.position.x < geometry.plotBox.x }
            // One set of lines shares one opacity; sets cross-fade over each other.
            for set in Dictionary(grouping: runs, by: { ($0.color.alpha * 1e4).rounded() }).values {
                let sorted = set.sorted { $0.position.y < $1.position.y }
                for (a, b) in zip(sorted, sorted.dropFirst()) {
                    XCTAssertGreaterThanOrEqual(b.position.y - a.position.y, 12, "\(a.text) and \(b.text) overlap")
                }
            }
        }
    }

    func testTheRangeSelectorCoastsAfterAFlick() {
        let main = presenter()
        main.show(x: main.dataRange.lowerBound...(main.dataRange.lowerBound + (main.dataRange.upperBound - main.dataRange.lowerBound) / 5))
        let selector = RangeSelectorPresenter(main: main, factory: RecordingSurfaceFactory(),
                                              geometry: StageGeometry(canvas: geometry.canvas,
                                                                      plot: ChartLayout.explorer.minimapRect(in: geometry.canvas)!))
        let box = selector.stage.geometry.plotBox
        var x = selector.scales.canvasX(main.targetX.lowerBound / 2 + main.targetX.upperBound / 2)
        selector.pointerDown(at: PixelPoint(x: x, y: box.y + 10), time: 0)
        for step in 1...5 {
            x += 20
            selector.pointerMoved(to: PixelPoint(x: x, y: box.y + 10), time: Double(step) * 0.016)
        }
        selector.pointerUp(at: PixelPoint(x: x, y: box.y + 10), time: 0.09)
        let released = main.targetX
        XCTAssertNotNil(selector.momentum, "a flick at 1200 px/s coasts")
        for _ in 0..<30 { selector.advance(by: 1.0 / 60) }
        XCTAssertGreaterThan(main.targetX.lowerBound, released.lowerBound, "and keeps the window moving")
    }

    /// The highlight follows the data under a resting pointer as the view moves under
    /// it (a preset key), instead of staying on the old date.
    func testTheHighlightFollowsTheViewUnderARestingPointer() throws {
        let p = presenter()
        settle(p)
        p.pointerMoved(to: centre, time: 0)
        let before = try XCTUnwrap(p.highlight.index)
        p.key(.preset(.oneMonth))
        settle(p)
        let index = try XCTUnwrap(p.highlight.index)
        XCTAssertNotEqual(index, before)
        XCTAssertEqual(p.scales.canvasX(p.source.dataset.xs[index]), centre.x, accuracy: 1, "the point under the pointer now")
    }

    /// Shown alone, a series whose file has another series in the trend's colour keeps
    /// its own colour: the sample's Berlin (blue) never turns Madrid's red.
    func testATrendColourAnotherSeriesWearsIsNotUsed() {
        let hours = 365 * 24
        let xs = (0..<hours).map { 1_600_000_000 + Double($0) * 3600 }
        let falling = (0..<hours).map { Double(hours - $0) }
        let dataset = Dataset(source: "two", xs: xs, series: [Series(name: "Berlin", ys: falling), Series(name: "Madrid", ys: falling)],
                              xKind: .time(unitsPerSecond: 1))
        let p = ChartPresenter(source: DataSource(dataset: dataset), factory: RecordingSurfaceFactory(), geometry: geometry)
        p.toggle(series: 1)
        p.apply(.oneMonth)
        settle(p)
        XCTAssertTrue(ChartTheme.day.falling.isClose(to: p.lines.color(ofSeries: 1, theme: .day)), "the fixture: red like Madrid")
        XCTAssertEqual(p.lines.drawnColor(ofSeries: 0, theme: .day), p.lines.color(ofSeries: 0, theme: .day))
    }

    /// Hiding the large series refits the range selector to the ones left.
    func testTheRangeSelectorFitsTheSeriesShown() throws {
        let walk = RandomWalk(count: 20_000, seed: 7).dataset()
        let big = Series(name: "big", ys: walk.series[0].ys.map { $0 * 100 + 1e5 })
        let dataset = Dataset(source: "t", xs: walk.xs, series: [walk.series[0], big], xKind: .time(unitsPerSecond: 1))
        let main = ChartPresenter(source: DataSource(dataset: dataset), factory: RecordingSurfaceFactory(), geometry: geometry)
        let selector = RangeSelectorPresenter(main: main, factory: RecordingSurfaceFactory(),
                                              geometry: StageGeometry(canvas: geometry.canvas,
                                                                      plot: ChartLayout.explorer.minimapRect(in: geometry.canvas)!))
        main.toggle(series: 1)
        let target = selector.stage.viewport.target
        let small = try XCTUnwrap(main.source.yBounds(inX: main.dataRange, series: [0]))
        XCTAssertEqual(target.minY...target.maxY, Viewport.fittedY(min: small.min, max: small.max))
    }

    /// In a narrow window the legend stops where the preset buttons start: no toggle
    /// hides under a button.
    func testTheLegendStopsShortOfThePresets() throws {
        let walk = RandomWalk(count: 5_000, seed: 7).dataset()
        let names = ["Open", "High", "Low", "Close", "Adj Close"]
        let dataset = Dataset(source: "t", xs: walk.xs, series: names.map { Series(name: $0, ys: walk.series[0].ys) },
                              xKind: .time(unitsPerSecond: 1))
        for width in [560, 700, 1200] {
            let p = ChartPresenter(source: DataSource(dataset: dataset), factory: RecordingSurfaceFactory(),
                                   geometry: StageGeometry(canvas: PixelSize(width: width, height: 500), layout: .explorer))
            p.stage.prepareFrame()
            let presetsStart = try XCTUnwrap(p.presets.boxes.first?.x)
            XCTAssertFalse(p.legend.boxes.isEmpty)
            for box in p.legend.boxes.dropFirst() {
                XCTAssertLessThanOrEqual(box.maxX, presetsStart, "at \(width) px")
            }
        }
    }

    /// Daily points from 2023-01-02 (a Monday), `days` of them, weekends left out when asked.
    private func daily(days: Int, weekdaysOnly: Bool = false) -> ChartPresenter {
        let monday = 1_672_617_600.0
        let xs = (0..<days).map { monday + Double($0) * 86_400 }.filter { x in
            !weekdaysOnly || Int((x - monday) / 86_400) % 7 < 5
        }
        let dataset = Dataset(source: "daily", xs: xs, series: [Series(name: "Close", ys: xs.indices.map { 100 + Double($0 % 17) })],
                              xKind: .time(unitsPerSecond: 1))
        return ChartPresenter(source: DataSource(dataset: dataset), factory: RecordingSurfaceFactory(), geometry: geometry)
    }

    /// On daily data 1D would show one point with lines from off the plot: it is dimmed
    /// and does nothing (the view, the active button and the trend stay as they were);
    /// 5D and longer work. Hourly data keeps every preset.
    func testAPresetShowingUnderTwoPointsIsDimmedAndDoesNothing() throws {
        for weekdaysOnly in [false, true] {
            let p = daily(days: 400, weekdaysOnly: weekdaysOnly)
            XCTAssertEqual(p.presets.unavailable, [.oneDay], "weekdays only: \(weekdaysOnly)")
            settle(p)
            let before = p.targetX
            p.key(.preset(.oneDay))
            settle(p)
            XCTAssertEqual(p.targetX, before, "1D moves nothing")
            XCTAssertNil(p.presets.active)
            XCTAssertFalse(p.lines.showsTrend)
            p.apply(.fiveDays)
            settle(p)
            XCTAssertEqual(p.presets.active, .fiveDays)
            let shown = p.source.dataset.xs.filter { p.targetX.contains($0) }.count
            XCTAssertGreaterThanOrEqual(shown, 3, "5D shows days")
            p.apply(.oneDay)
            XCTAssertEqual(p.presets.active, .fiveDays, "a dimmed preset leaves the active one on")

            let texts = p.stage.surfaces.compactMap { $0 as? RecordingTextSurface }.flatMap(\.runs)
            let oneDay = try XCTUnwrap(texts.first { $0.text == "1D" }), oneMonth = try XCTUnwrap(texts.first { $0.text == "1M" })
            XCTAssertEqual(Double(oneDay.color.alpha), PresetButtonsController.dimmedAlpha * Double(ChartTheme.day.text.alpha), accuracy: 1e-6)
            XCTAssertEqual(oneMonth.color.alpha, ChartTheme.day.text.alpha, "the others drawn as before")
        }
        let hourly = presenter(count: 5_000)
        XCTAssertTrue(hourly.presets.unavailable.isEmpty, "a point a minute: every preset shows many")
        let pair = Dataset(source: "two", xs: [1_672_617_600, 1_672_621_200], series: [Series(name: "v", ys: [1, 2])],
                           xKind: .time(unitsPerSecond: 1))
        let two = ChartPresenter(source: DataSource(dataset: pair), factory: RecordingSurfaceFactory(), geometry: geometry)
        XCTAssertTrue(two.presets.unavailable.isEmpty, "1D over two points an hour apart shows both")
    }

    /// One point: the view opens on the data's extent with the point in its middle,
    /// every preset but All is dimmed, and panning, zooming, keys and a click keep the
    /// point in a finite view; the highlight and the board name it.
    func testOnePointStaysInAFiniteViewWhateverTheInput() throws {
        let x = 1_672_704_000.0
        let dataset = Dataset(source: "one", xs: [x], series: [Series(name: "Close", ys: [125.07])], xKind: .time(unitsPerSecond: 1))
        let p = ChartPresenter(source: DataSource(dataset: dataset), factory: RecordingSurfaceFactory(), geometry: geometry,
                               initialFraction: 0.2)
        settle(p)
        XCTAssertEqual(p.targetX, (x - 43_200)...(x + 43_200), "half a day either side")
        XCTAssertEqual(p.presets.unavailable, Set(RangePreset.allCases).subtracting([.all]))
        let y = p.stage.viewport.current
        XCTAssertTrue((y.minY...y.maxY).contains(125.07) && y.maxY - y.minY > 1, "y has room around the value: \(y)")
        p.pointerMoved(to: centre, time: 0)
        XCTAssertEqual(p.highlight.index, 0)
        p.wheel(steps: 5, at: centre)
        p.pan(byPixels: 300)
        for key: ChartKey in [.left, .right, .zoomIn, .zoomIn, .zoomOut, .home, .end, .pageLeft, .preset(.oneDay), .preset(.all), .fit] {
            _ = p.key(key)
            settle(p)
            let view = p.stage.viewport.current
            XCTAssertTrue([view.minX, view.maxX, view.minY, view.maxY].allSatisfy(\.isFinite), "\(key): \(view)")
            XCTAssertLessThan(view.minX, view.maxX, "\(key)")
            XCTAssertTrue((view.minX...view.maxX).contains(x), "\(key): the point stays in view")
        }
    }
}

