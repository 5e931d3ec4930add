import ChartData
import ChartGeometry
import ChartInteraction
import ChartStage
import ChartSupport
import Foundation
import XCTest

/// On a log axis what is drawn is at log10 of the values, and what is read is the value:
/// the axis labels at 1-2-5 × 10ⁿ, the value label and the board write the values as read
/// while their marks stand at the plotted place, and the summary reads the trend as a
/// compounded rate.
final class LogReadingTests: XCTestCase {
    private let geometry = StageGeometry(canvas: PixelSize(width: 1200, height: 700), layout: .explorer)
    private let day = 86_400.0

    /// Ten years, daily, growing exactly 10% a year from 100.
    private func growth() -> Dataset {
        let n = 3653
        let xs = (0..<n).map { Double($0) * day }
        let ys = xs.map { 100 * pow(1.1, $0 / (365.2425 * day)) }
        return Dataset(source: "growth.csv", xs: xs, series: [Series(name: "Fund", ys: ys)], xKind: .time(unitsPerSecond: 1))
    }

    private func presenter(logAxes: Set<YAxisSide>) -> (ChartPresenter, RecordingSurfaceFactory) {
        let factory = RecordingSurfaceFactory()
        let presenter = ChartPresenter(source: DataSource(dataset: growth(), logAxes: logAxes), factory: factory,
                                       geometry: geometry, initialFraction: 1)
        settle(presenter)
        return (presenter, factory)
    }

    func testTheValueLabelAndTheBoardReadTheValues() throws {
        let (presenter, _) = presenter(logAxes: [.left])
        let values = presenter.source.values.series[0].ys
        let label = try XCTUnwrap(presenter.annotation.labels.first)
        XCTAssertEqual(label.value, values.last, "the value, not its log10")
        XCTAssertEqual(label.text, ValueFormat.string(values.last!, dataDecimals: presenter.source.decimals[0]))
        let scales = presenter.scales
        XCTAssertEqual(label.box.y + label.box.height / 2, scales.canvasY(log10(values.last!)), accuracy: 0.5, "at the plotted place")
        presenter.highlight.pin(index: 1000)
        settle(presenter)
        XCTAssertEqual(presenter.highlight.rows.last, "Fund  " + ValueFormat.string(values[1000], dataDecimals: presenter.source.decimals[0]))
        let circle = try XCTUnwrap(presenter.highlight.circles.first)
        XCTAssertEqual(circle.y, scales.canvasY(log10(values[1000])), accuracy: 0.5)
    }

    /// Each label stands at the plotted place of the value it writes: log10 of it.
    func testAxisLabelsStandAtTheLogOfTheirValues() throws {
        let (log, factory) = presenter(logAxes: [.left])
        let plot = geometry.plotBox
        let labels = factory.texts.flatMap(\.runs).filter { $0.position.x < plot.x }
            .compactMap { run in Double(run.text.replacingOccurrences(of: ",", with: "")).map { (run, $0) } }
        XCTAssertGreaterThanOrEqual(labels.count, 3)
        for (run, value) in labels {
            XCTAssertEqual(run.position.y, log.scales.canvasY(log10(value)), accuracy: 0.5, run.text)
        }
        let (linear, linearFactory) = presenter(logAxes: [])
        let linearLabels = linearFactory.texts.flatMap(\.runs).filter { $0.position.x < plot.x }
            .compactMap { run in Double(run.text.replacingOccurrences(of: ",", with: "")).map { (run, $0) } }
        for (run, value) in linearLabels {
            XCTAssertEqual(run.position.y, linear.scales.canvasY(value), accuracy: 0.5, run.text)
        }
    }

    func testTheSummaryGivesTheCompoundedRate() {
        let (log, _) = presenter(logAxes: [.left])
        let lines = log.summary.lines
        XCTAssertTrue(lines.contains { $0.hasPrefix("On the log axis Fund grew about 10.0% a year compounded; from first to last it grew 2.59 times") },
                      lines.joined(separator: "\n"))
        let (linear, _) = presenter(logAxes: [])
        XCTAssertFalse(linear.summary.lines.contains { $0.contains("compounded") })
    }

    /// The measure's figures over a log axis are of the values: a year of 10% growth
    /// reads Δ +10.0%, not the change of their logarithms.
    func testTheMeasureReadsTheValues() {
        let (log, _) = presenter(logAxes: [.left])
        log.measure.set(a: 0, b: 365.2425 * day)
        let text = log.measure.rows.map(\.text).joined(separator: "\n")
        XCTAssertTrue(text.contains("(+10.0%)"), text)
    }

    /// Candles on a log axis: the board reads each candle's first open, highest high,
    /// lowest low and last close as read (a plain scan of its rows), zoomed in to one
    /// row a candle and out to merged ones.
    func testTheBoardReadsCandlesAsRead() throws {
        var rng = SplitMix64(seed: 5)
        var close = 100.0
        var columns: [[Double]] = [[], [], [], []]
        for _ in 0..<2000 {
            let open = close * exp(rng.nextStandardNormal() * 0.01)
            close = open * exp(rng.nextStandardNormal() * 0.01)
            let high = max(open, close) * 1.005, low = min(open, close) * 0.995
            for (k, v) in [open, high, low, close].enumerated() { columns[k].append((v * 100).rounded() / 100) }
        }
        var dataset = Dataset(source: "ohlc.csv", xs: (0..<2000).map { Double($0) * day },
                              series: zip(["Open", "High", "Low", "Close"], columns).map { Series(name: $0, ys: $1) },
                              xKind: .time(unitsPerSecond: 1))
        dataset.ohlc = OHLCColumns(open: 0, high: 1, low: 2, close: 3)
        let source = DataSource(dataset: dataset, logAxes: [.left])
        XCTAssertEqual(source.logSeries, [0, 1, 2, 3])
        let levels = try XCTUnwrap(source.candles)
        let presenter = ChartPresenter(source: source, factory: RecordingSurfaceFactory(), geometry: geometry, initialFraction: 1)
        settle(presenter)
        let plot = geometry.plotBox
        for view in [dataset.xs[300]...dataset.xs[340], dataset.xs.first!...dataset.xs.last!] {
            presenter.show(x: view)
            settle(presenter)
            presenter.pointerMoved(to: PixelPoint(x: plot.x + plot.width * 0.4, y: plot.y + 40), time: 0)
            presenter.stage.prepareFrame()
            let index = try XCTUnwrap(presenter.highlight.index)
            let visible = presenter.stage.viewport.current
            let level = levels.level(forX: visible.minX...visible.maxX, plotWidth: Double(geometry.plot.width)).level
            let rows = try XCTUnwrap(levels.candle(levels.candle(holding: index, level: level), level: level)).rows
            let read = [columns[0][rows.first!], rows.map { columns[1][$0] }.max()!, rows.map { columns[2][$0] }.min()!,
                        columns[3][rows.last!]]
            for (k, value) in read.enumerated() {
                let row = "\(dataset.series[k].name)  \(ValueFormat.string(value, dataDecimals: 2))"
                XCTAssertTrue(presenter.highlight.rows.contains(row), "\(row) in \(presenter.highlight.rows)")
            }
        }
    }
}
