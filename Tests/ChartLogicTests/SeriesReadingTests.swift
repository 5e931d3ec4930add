import ChartData
import ChartGeometry
import ChartInteraction
import ChartStage
import ChartSupport
import Foundation
import XCTest

/// The board, the notes and Ctrl+C read a point one way (`DataSource.reading`): each
/// series at its own point in a chart of several files, a candle once, by its close, and
/// a merged candle's values as read from the rows the drawn candle took.
final class SeriesReadingTests: XCTestCase {
    private let geometry = StageGeometry(canvas: PixelSize(width: 1200, height: 700), layout: .explorer)
    private let day = 86_400.0, first = 1_700_006_400.0

    /// a: a point every day for 60 days (Close 100 + day); b: one every 10 days, 5 hours
    /// after a's (Close 1 000 + day).
    private func twoFiles() throws -> DataSource {
        let days = (0..<60).map { first + Double($0) * day }
        let tens = stride(from: 0, to: 60, by: 10).map { first + Double($0) * day + 5 * 3_600 }
        let time = XAxisKind.time(unitsPerSecond: 1)
        return DataSource(dataset: try DatasetMerge.merge([
            Dataset(source: "/data/a.csv", xs: days, series: [Series(name: "Close", ys: (0..<60).map { 100 + Double($0) })],
                    xKind: time),
            Dataset(source: "/data/b.csv", xs: tens, series: [Series(name: "Close", ys: (0..<6).map { 1_000 + Double($0 * 10) })],
                    xKind: time),
        ]))
    }

    private func presenter(_ source: DataSource) -> ChartPresenter {
        let presenter = ChartPresenter(source: source, factory: RecordingSurfaceFactory(), geometry: geometry, initialFraction: 1)
        settle(presenter)
        return presenter
    }

    /// A note on day 13, where only a has a point: b is marked at its own point of day 10.
    func testANoteOnTwoFilesMarksEachSeriesAtItsOwnPoint() throws {
        let source = try twoFiles()
        let presenter = presenter(source)
        presenter.notes.notes = [ChartNote(x: first + 13 * day, text: "day 13")]
        settle(presenter)
        let markers = try XCTUnwrap(presenter.notes.placed.first).markers
        XCTAssertEqual(markers.count, 2, "a marker on each file's series: \(markers)")
        let scales = presenter.scales
        let b = PixelPoint(x: scales.canvasX(first + 10 * day + 5 * 3_600), y: scales.canvasY(1_010))
        let a = PixelPoint(x: scales.canvasX(first + 13 * day), y: scales.canvasY(113))
        for expected in [a, b] {
            XCTAssertTrue(markers.contains { abs($0.x - expected.x) < 1e-6 && abs($0.y - expected.y) < 1e-6 },
                          "\(expected) among \(markers)")
        }
    }

    /// A note whose point lies above a y set by hand is not drawn (it stood on the plot's
    /// floor, naming nothing there); one in range still is.
    func testANoteAboveTheYSetByHandWaitsOffThePlot() throws {
        let days = (0..<60).map { first + Double($0) * day }
        let source = DataSource(dataset: Dataset(source: "a.csv", xs: days, series: [Series(name: "Close", ys: (0..<60).map { 100 + Double($0) })],
                                                 xKind: .time(unitsPerSecond: 1)))
        let presenter = presenter(source)
        presenter.notes.notes = [ChartNote(x: days[50], text: "high"), ChartNote(x: days[5], text: "low")]
        presenter.restoreManualY(ManualYRanges(left: 90...120))
        settle(presenter)
        XCTAssertEqual(presenter.notes.placed.filter { !$0.markers.isEmpty }.count, 1, "\(presenter.notes.placed)")
        XCTAssertTrue(presenter.notes.placed.allSatisfy { $0.markers.allSatisfy { $0.y < geometry.plotBox.maxY - 6 } },
                      "no marker on the floor")
    }

    /// Ctrl+C at day 13 copies b's value of day 10, as the board shows it.
    func testCopyOnTwoFilesTakesTheOtherFilesOwnPoint() throws {
        let source = try twoFiles()
        let presenter = presenter(source)
        let day13 = try XCTUnwrap(source.dataset.xs.firstIndex(of: first + 13 * day))
        presenter.highlight.pin(index: day13)
        settle(presenter)
        let copied = try XCTUnwrap(MeasureCommands.copiedText(from: presenter)).text
        XCTAssertTrue(copied.hasSuffix("\t113\t1010\n"), copied)
        XCTAssertTrue(presenter.highlight.rows.contains { $0.hasPrefix("b: Close  1,010") }, "\(presenter.highlight.rows)")
    }

    /// 2000 days of candles where every third row is a gap on a log axis (a Low of 0, and
    /// the highest High) or has no Open: `columns` as read.
    private func candles() -> (Dataset, [[Double]]) {
        var columns: [[Double]] = [[], [], [], []]
        for row in 0..<2000 {
            let base = 100 + 20 * sin(Double(row) / 9)
            var values = [base, base + 2 + Double(row % 5), base - 2, base + 1]
            if row % 3 == 0 { values[1] = base * 3; values[2] = 0 }
            if row % 7 == 1 { values[0] = .nan }
            for (k, value) in values.enumerated() { columns[k].append(value) }
        }
        var dataset = Dataset(source: "ohlc.csv", xs: (0..<2000).map { first + Double($0) * day },
                              series: zip(["Open", "High", "Low", "Close"], columns).map { Series(name: $0, ys: $1) },
                              xKind: .time(unitsPerSecond: 1))
        dataset.ohlc = OHLCColumns(open: 0, high: 1, low: 2, close: 3)
        return (dataset, columns)
    }

    /// A note on candles has one marker, on the close.
    func testANoteOnCandlesHasOneMarkerOnTheClose() throws {
        let (dataset, columns) = candles()
        let presenter = presenter(DataSource(dataset: dataset))
        presenter.notes.notes = [ChartNote(x: dataset.xs[100], text: "one")]
        settle(presenter)
        let markers = try XCTUnwrap(presenter.notes.placed.first).markers
        XCTAssertEqual(markers.count, 1, "\(markers)")
        XCTAssertEqual(try XCTUnwrap(markers.first).y, presenter.scales.canvasY(columns[3][100]), accuracy: 1e-6)
    }

    /// On a log axis, the board's open, high, low and close of a merged candle are the
    /// drawn candle's: the rows with a gap (NaN, or a Low of 0) are left out of both.
    func testTheBoardReadsAMergedCandleAsDrawn() throws {
        let (dataset, columns) = candles()
        let source = DataSource(dataset: dataset, logAxes: [.left])
        let levels = try XCTUnwrap(source.candles)
        let presenter = presenter(source)
        let plot = geometry.plotBox
        presenter.pointerMoved(to: PixelPoint(x: plot.x + plot.width * 0.4, y: plot.y + 40), time: 0)
        presenter.stage.prepareFrame()
        let index = try XCTUnwrap(presenter.highlight.index)
        let visible = presenter.stage.viewport.current
        let level = levels.level(forX: visible.minX...visible.maxX, plotWidth: Double(geometry.plot.width)).level
        let drawn = try XCTUnwrap(levels.candle(levels.candle(holding: index, level: level), level: level))
        XCTAssertGreaterThan(drawn.rows.count, 3, "a merged candle")
        // A plain scan: the rows with all four values above 0.
        let kept = drawn.rows.filter { row in (0..<4).allSatisfy { columns[$0][row] > 0 } }
        let read = [columns[0][kept.first!], kept.map { columns[1][$0] }.max()!, kept.map { columns[2][$0] }.min()!,
                    columns[3][kept.last!]]
        for (k, value) in zip([drawn.open, drawn.high, drawn.low, drawn.close], read) {
            XCTAssertEqual(k, log10(value), accuracy: 1e-12, "the drawn candle")
        }
        for (k, value) in read.enumerated() {
            let row = "\(dataset.series[k].name)  \(ValueFormat.string(value, dataDecimals: source.decimals[k]))"
            XCTAssertTrue(presenter.highlight.rows.contains(row), "\(row) in \(presenter.highlight.rows)")
        }
    }
}
