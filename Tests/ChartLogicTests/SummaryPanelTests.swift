import ChartData
import ChartGeometry
import ChartInteraction
import ChartMarks
import ChartStage
import XCTest

/// The summary panel on recording surfaces, and the presenter's summary of its view.
final class SummaryPanelTests: XCTestCase {
    private let geometry = StageGeometry(canvas: PixelSize(width: 900, height: 500), layout: .explorer)

    private func presenter() -> (ChartPresenter, RecordingSurfaceFactory) {
        let xs = (0..<1_000).map { 1_672_704_000 + Double($0) * 3600 }
        let dataset = Dataset(source: "two", xs: xs, series: [Series(name: "Rising", ys: xs.indices.map { Double($0) }),
                                                              Series(name: "Falling", ys: xs.indices.map { -Double($0) })],
                              xKind: .time(unitsPerSecond: 1))
        let factory = RecordingSurfaceFactory()
        return (ChartPresenter(source: DataSource(dataset: dataset), factory: factory, geometry: geometry, initialFraction: 0.5), factory)
    }

    /// Every row is inside the panel, the panel inside the plot, and long lines wrap
    /// into rows as wide as the panel allows.
    func testThePanelWrapsItsLinesInsideThePlot() throws {
        let (chart, factory) = presenter()
        let panel = SummaryPanelController()
        chart.stage.add(panel)
        let long = Array(repeating: "word", count: 60).joined(separator: " ")
        panel.show(["Short line.", long])
        chart.stage.prepareFrame()
        let box = try XCTUnwrap(panel.panelBox)
        let plot = geometry.plotBox
        XCTAssertTrue(box.x >= plot.x && box.maxX <= plot.maxX && box.y >= plot.y && box.maxY <= plot.maxY, "\(box) in \(plot)")
        let texts = try XCTUnwrap(factory.texts.last)
        let runs = texts.runs
        XCTAssertGreaterThan(runs.count, 3, "the long line wrapped into rows")
        XCTAssertEqual(runs.map(\.text).joined(separator: " "), "Short line. " + long, "no word lost or split")
        for run in texts.boxes { XCTAssertTrue(run.x >= box.x && run.maxX <= box.maxX && run.maxY <= box.maxY, "\(run) in \(box)") }
        panel.hide()
        chart.stage.prepareFrame()
        XCTAssertNil(panel.panelBox)
        XCTAssertTrue(texts.runs.isEmpty)
    }

    /// More lines than the plot holds are cut, the last shown ending in "…".
    func testTooManyLinesAreCut() throws {
        let (chart, factory) = presenter()
        let panel = SummaryPanelController()
        chart.stage.add(panel)
        panel.show((1...200).map { "Line \($0)." })
        chart.stage.prepareFrame()
        let box = try XCTUnwrap(panel.panelBox)
        XCTAssertLessThanOrEqual(box.maxY, geometry.plotBox.maxY)
        XCTAssertTrue(try XCTUnwrap(factory.texts.last?.runs.last?.text).hasSuffix("…"))
    }

    func testWrappingBreaksAWordWiderThanThePanel() {
        let measure = { (text: String) in Double(text.count) * 10 }
        let rows = SummaryPanelController.wrapped("a " + String(repeating: "x", count: 25) + " b", into: 100, measure: measure)
        XCTAssertEqual(rows, ["a", "xxxxxxxxxx", "xxxxxxxxxx", "xxxxx b"])
        XCTAssertTrue(rows.allSatisfy { measure($0) <= 100 })
    }

    /// The presenter's summary is of what it shows: the visible series over its x range.
    func testThePresenterSummarisesItsViewAndVisibleSeries() {
        let (chart, _) = presenter()
        var summary = chart.summary
        XCTAssertEqual(summary.range, chart.targetX)
        XCTAssertEqual(summary.series.map(\.name), ["Rising", "Falling"])
        XCTAssertEqual(summary.series[0].first?.x, chart.source.dataset.xs[500], "the newest half is in view")
        chart.toggle(series: 1)
        summary = chart.summary
        XCTAssertEqual(summary.series.map(\.name), ["Rising"])
        XCTAssertEqual(summary.series[0].trend?.direction, .up)
        XCTAssertEqual(summary.slopeUnit, .day)
        XCTAssertEqual(summary.series[0].trend!.slope * summary.xUnitsPerSlopeUnit, 24, accuracy: 1e-9)
    }
}
