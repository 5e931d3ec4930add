import ChartData
import ChartGeometry
import ChartInteraction
import ChartStage
import XCTest

/// Two files in one chart, as the presenter builds it (recording surfaces): the legend
/// names the series by file where their names clash, and the board reads each series at
/// its own point nearest the highlighted x.
final class SeveralFilesChartTests: XCTestCase {
    private let geometry = StageGeometry(canvas: PixelSize(width: 1200, height: 700), layout: .explorer)

    /// a: a point every day for 60 days (Close 100 + day); b: one every 10 days, 5 hours
    /// after a's (Close 1 000 + day).
    private func source() throws -> DataSource {
        let day = 86_400.0, first = 1_700_006_400.0
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

    func testTheLegendNamesClashingSeriesByFile() throws {
        let factory = RecordingSurfaceFactory()
        let presenter = ChartPresenter(source: try source(), factory: factory, geometry: geometry, initialFraction: 1)
        settle(presenter)
        let texts = factory.texts.flatMap(\.runs).map(\.text)
        XCTAssertTrue(texts.contains("a: Close") && texts.contains("b: Close"), "\(texts)")
    }

    /// Hovering day 13, where only a has a point: b's row and circle are its point of
    /// day 10, the nearest it has.
    func testTheBoardReadsEachSeriesAtItsOwnNearestPoint() throws {
        let source = try source()
        let factory = RecordingSurfaceFactory()
        let presenter = ChartPresenter(source: source, factory: factory, geometry: geometry, initialFraction: 1)
        settle(presenter)
        let xs = source.dataset.xs
        let day13 = try XCTUnwrap(xs.firstIndex(of: 1_700_006_400 + 13 * 86_400))
        presenter.pointerMoved(to: PixelPoint(x: presenter.scales.canvasX(xs[day13]), y: geometry.plotBox.y + 100), time: 0)
        settle(presenter)
        XCTAssertEqual(presenter.highlight.index, day13)
        let texts = factory.texts.flatMap(\.runs).map(\.text)
        XCTAssertTrue(texts.contains("a: Close  113"), "\(texts)")
        XCTAssertTrue(texts.contains { $0.hasPrefix("b: Close  1,010  (Nov 25, 2023 05:00)") }, "b's own point of day 10, dated: \(texts)")
        let day10 = presenter.scales.canvasX(1_700_006_400 + 10 * 86_400 + 5 * 3_600)
        XCTAssertTrue(presenter.highlight.circles.contains { abs($0.x - day10) < 0.5 }, "b's circle on its own point")
    }

    /// `--smooth`: b's curve runs through its own points, one piece from its first to
    /// its last, not broken at a's days.
    func testTheSmoothCurveRunsThroughTheSeriesOwnPoints() throws {
        let source = try source()
        let xs = source.dataset.xs
        let visible = DataRect(minX: xs.first!, maxX: xs.last!, minY: 900, maxY: 1_100)
        let curve = SmoothCurve(source: source, series: 1, visible: visible, plotSize: PixelSize(width: 600, height: 300))
        let polyline = curve.polyline()
        XCTAssertGreaterThanOrEqual(polyline.count, 6, "through its six points")
        XCTAssertTrue(polyline.allSatisfy { $0.y.isFinite }, "one piece, no break")
    }
}
