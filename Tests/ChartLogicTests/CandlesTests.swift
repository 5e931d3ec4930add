import ChartData
import ChartGeometry
import ChartInteraction
import ChartMarks
import ChartStage
import ChartSupport
import Foundation
import XCTest

/// Candlesticks above the GPU: the composition draws the four series as candles, not
/// lines; the controller emits them in the theme's colours and hides them with the
/// close; y fits the highs and lows; the board reads the candle drawn under the pointer
/// (a merged one when zoomed out); `describe` and the audiograph take the close.
final class CandlesTests: XCTestCase {
    private let geometry = StageGeometry(canvas: PixelSize(width: 1200, height: 700), layout: .explorer)

    /// 2,000 trading days of Yahoo columns (Open, High, Low, Close, Adj Close, Volume)
    /// from 2 January 2015, read as a file is.
    private func yahoo() throws -> Dataset {
        var rng = SplitMix64(seed: 24)
        var lines = ["Date,Open,High,Low,Close,Adj Close,Volume"]
        var day = CivilCalendar.days(year: 2015, month: 1, day: 2), close = 100.0
        while lines.count <= 2_000 {
            day += 1
            guard (day + 4) % 7 < 5 else { continue }
            let date = CivilCalendar.date(fromDays: day)
            let open = close + rng.nextStandardNormal()
            close = open + rng.nextStandardNormal()
            let high = max(open, close) + abs(rng.nextStandardNormal()), low = min(open, close) - abs(rng.nextStandardNormal())
            let text = [open, high, low, close, close * 0.98].map { String(format: "%.2f", $0) }.joined(separator: ",")
            lines.append(String(format: "%04d-%02d-%02d,", date.year, date.month, date.day) + text + ",\(1_000_000 + rng.next() % 999_999)")
        }
        let path = NSTemporaryDirectory() + "sightline-candles-\(getpid()).csv"
        defer { unlink(path) }
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return try DatasetReader.read(path: path)
    }

    private func candlesController(_ presenter: ChartPresenter) throws -> SeriesCandlesController {
        try XCTUnwrap(presenter.stage.controllers.compactMap { $0 as? SeriesCandlesController }.first)
    }

    func testTheFourAreCandlesNotLinesAndVolumeStaysBarsBehind() throws {
        let dataset = try yahoo()
        let composition = ChartComposition(dataset: dataset)
        let ohlc = try XCTUnwrap(composition.candles)
        XCTAssertEqual(composition.lines.map { dataset.series[$0].name }, ["Adj Close"])
        XCTAssertFalse(composition.lines.contains(where: ohlc.contains))
        let volume = try XCTUnwrap(composition.groups.first)
        XCTAssertEqual(volume.axis, .right)
        XCTAssertTrue(volume.isBehindLines)
        XCTAssertEqual(composition.fit(of: .right), .lowerThird)
    }

    func testTheControllerDrawsInTheThemesColoursAndHidesWithTheClose() throws {
        let source = DataSource(dataset: try yahoo())
        let ohlc = try XCTUnwrap(source.dataset.ohlc)
        for theme in [ChartTheme.day, .night] {
            let presenter = ChartPresenter(source: source, factory: RecordingSurfaceFactory(), geometry: geometry, theme: theme,
                                           initialFraction: 1)
            settle(presenter)
            let drawn = try XCTUnwrap(try candlesController(presenter).candles.first)
            XCTAssertEqual(drawn.rising, theme.rising)
            XCTAssertEqual(drawn.falling, theme.falling)
            XCTAssertEqual(drawn.series.map(\.index), ohlc.all)
            let lines = presenter.stage.surfaces.compactMap { $0 as? RecordingLineSurface }.flatMap(\.marks)
            XCTAssertFalse(lines.contains { ohlc.contains($0.series.index) }, "no line for the four")
            presenter.lines.setVisible(ohlc.close, false, animated: false)
            settle(presenter)
            XCTAssertTrue(try candlesController(presenter).candles.isEmpty, "hidden with the close")
        }
    }

    /// The legend has one toggle for the candles, named OHLC: it shows and hides the four
    /// together (the board drops their rows), and the others' toggles keep their places.
    func testOneToggleShowsAndHidesTheFour() throws {
        let source = DataSource(dataset: try yahoo())
        let ohlc = try XCTUnwrap(source.dataset.ohlc)
        let presenter = ChartPresenter(source: source, factory: RecordingSurfaceFactory(), geometry: geometry, initialFraction: 1)
        settle(presenter)
        let texts = presenter.stage.surfaces.compactMap { $0 as? RecordingTextSurface }.flatMap(\.runs).map(\.text)
        XCTAssertTrue(texts.contains(LegendController.candlesName))
        for name in ["Open", "High", "Low", "Close"] { XCTAssertFalse(texts.contains(name), "no toggle for \(name)") }
        let toggle = presenter.legend.boxes[ohlc.close]
        XCTAssertEqual(presenter.legend.series(at: PixelPoint(x: toggle.x + toggle.width / 2, y: toggle.y + toggle.height / 2)), ohlc.close)
        for hidden in [ohlc.open, ohlc.high, ohlc.low] { XCTAssertEqual(presenter.legend.boxes[hidden].width, 0) }
        presenter.lines.setVisible(ohlc.close, false, animated: true)
        for member in ohlc.all { XCTAssertFalse(presenter.lines.isVisible(member)) }
        XCTAssertTrue(presenter.lines.isVisible(ohlc.close + 1), "Adj Close stays")
        presenter.lines.setVisible(ohlc.close, true, animated: false)
        for member in ohlc.all { XCTAssertTrue(presenter.lines.isVisible(member)) }
    }

    /// In a chart of several files the candles' toggle names their file, as its close did.
    func testTheTogglesNameTheCandlesFile() throws {
        var dataset = Dataset(source: "dax.csv", xs: [0, 1, 2], series: ["Open", "High", "Low", "Close"].map { name in
            Series(name: "dax: " + name, ys: [10, 12, 11])
        } + [Series(name: "sp: Close", ys: [5, 6, 7])])
        try dataset.markOHLC(.required(columns: ["dax: Open", "dax: High", "dax: Low", "dax: Close"]), linesAsked: false)
        let presenter = ChartPresenter(source: DataSource(dataset: dataset), factory: RecordingSurfaceFactory(), geometry: geometry,
                                       initialFraction: 1)
        settle(presenter)
        let texts = presenter.stage.surfaces.compactMap { $0 as? RecordingTextSurface }.flatMap(\.runs).map(\.text)
        XCTAssertTrue(texts.contains("dax: " + LegendController.candlesName), "\(texts)")
    }

    /// Tab passes over the toggles the legend keeps off the canvas: from the chart it
    /// lands on the candles' one toggle, then on Adj Close's; Shift+Tab comes back.
    func testTabPassesOverTheCandlesHiddenToggles() throws {
        let source = DataSource(dataset: try yahoo())
        let ohlc = try XCTUnwrap(source.dataset.ohlc)
        let main = ChartPresenter(source: source, factory: RecordingSurfaceFactory(), geometry: geometry, initialFraction: 1)
        let minimap = StageGeometry(canvas: geometry.canvas, plot: ChartLayout.explorer.minimapRect(in: geometry.canvas)!)
        let router = InputRouter(main: main, selector: RangeSelectorPresenter(main: main, factory: RecordingSurfaceFactory(),
                                                                              geometry: minimap))
        settle(main)
        router.route(.command(.focusNext))
        XCTAssertEqual(router.focus, .legend(ohlc.close))
        router.route(.command(.focusNext))
        XCTAssertEqual(router.focus, .legend(ohlc.close + 1))
        router.route(.command(.focusPrevious))
        router.route(.command(.focusPrevious))
        XCTAssertEqual(router.focus, .chart, "back past the hidden toggles to the chart")
        router.route(.command(.focusNext))
        router.route(.command(.chart(.space)))
        XCTAssertFalse(main.lines.isVisible(ohlc.open), "Space on the candles' toggle hides the four")
    }

    func testYFitsTheHighsAndLows() throws {
        let source = DataSource(dataset: try yahoo())
        let ohlc = try XCTUnwrap(source.dataset.ohlc)
        let composition = ChartComposition(dataset: source.dataset)
        let fit = ChartFit(source: source, composition: composition)
        let xs = source.dataset.xs
        let range = xs[100]...xs[160]
        let y = try XCTUnwrap(fit.y(for: .left, inX: range, visible: Array(source.dataset.series.indices)))
        let highs = (100...160).map { source.dataset.series[ohlc.high].ys[$0] }.filter(\.isFinite)
        let lows = (100...160).map { source.dataset.series[ohlc.low].ys[$0] }.filter(\.isFinite)
        XCTAssertLessThanOrEqual(y.lowerBound, lows.min()!)
        XCTAssertGreaterThanOrEqual(y.upperBound, highs.max()!)
    }

    /// Zoomed in, the board reads the hovered day's open, high, low and close; zoomed
    /// out to the whole file, the merged candle's (its first open, highest high, lowest
    /// low, last close) and the dates it spans.
    func testTheBoardReadsTheCandleUnderThePointer() throws {
        let source = DataSource(dataset: try yahoo())
        let dataset = source.dataset
        let ohlc = try XCTUnwrap(dataset.ohlc)
        let levels = try XCTUnwrap(source.candles)
        let presenter = ChartPresenter(source: source, factory: RecordingSurfaceFactory(), geometry: geometry, initialFraction: 1)
        settle(presenter)
        let plot = geometry.plotBox
        func row(_ series: Int, _ value: Double) -> String {
            "\(dataset.series[series].name)  \(ValueFormat.string(value, dataDecimals: source.decimals[series]))"
        }
        for view in [dataset.xs[300]...dataset.xs[340], dataset.xs.first!...dataset.xs.last!] {
            presenter.show(x: view)
            settle(presenter)
            presenter.pointerMoved(to: PixelPoint(x: plot.x + plot.width * 0.4, y: plot.y + 40), time: 0)
            presenter.stage.prepareFrame()
            let index = try XCTUnwrap(presenter.highlight.index)
            let visible = presenter.stage.viewport.current
            let level = levels.level(forX: visible.minX...visible.maxX, plotWidth: Double(geometry.plot.width)).level
            let candle = try XCTUnwrap(levels.candle(levels.candle(holding: index, level: level), level: level))
            let board = presenter.highlight.rows
            for (series, value) in zip(ohlc.all, [candle.open, candle.high, candle.low, candle.close]) {
                XCTAssertTrue(board.contains(row(series, value)), "\(row(series, value)) in \(board)")
            }
            if view.lowerBound == dataset.xs.first! {
                XCTAssertGreaterThan(level, 0, "zoomed out, candles merge")
                XCTAssertGreaterThan(candle.rows.count, 1)
                let first = CivilDate(unixSeconds: dataset.xs[candle.rows.lowerBound])
                let last = CivilDate(unixSeconds: dataset.xs[candle.rows.upperBound - 1])
                XCTAssertEqual(board.first, first.rangeLabel(to: last))
            } else {
                XCTAssertEqual(level, 0)
                XCTAssertEqual(board.first, CivilDate(unixSeconds: dataset.xs[index]).longLabel)
            }
            XCTAssertFalse(presenter.highlight.circles.isEmpty, "Adj Close's line keeps its circle")
            XCTAssertEqual(presenter.highlight.circles.count, 1, "no circles on the candle's four")
        }
    }

    func testDescribeAndTheAudiographTakeTheClose() throws {
        let source = DataSource(dataset: try yahoo())
        let summary = ChartSummary(dataset: source.dataset)
        XCTAssertEqual(summary.series.map(\.name), ["Close", "Adj Close", "Volume"])
        let presenter = ChartPresenter(source: source, factory: RecordingSurfaceFactory(), geometry: geometry, initialFraction: 1)
        XCTAssertEqual(AudiographPlayback.series(toPlayIn: presenter.lines), source.dataset.ohlc?.close)
        XCTAssertEqual(AudiographPlayback.series(toPlayIn: presenter.lines, focused: source.dataset.ohlc?.high),
                       source.dataset.ohlc?.close)
    }
}
