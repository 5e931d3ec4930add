import ChartData
import ChartGeometry
import ChartInteraction
import ChartMarks
import ChartStage
import XCTest

/// The one list of a chart's controllers: each chart's parts in the order they draw
/// (what every reference picture depends on), and the presenters take theirs from it.
final class ChartAssemblyTests: XCTestCase {
    private func source(kinds: [Series.Kind] = [.line, .line], flags: ChartFlags = []) -> DataSource {
        let xs = (0..<50).map { Double($0) * 86_400 }
        let series = kinds.enumerated().map { s, kind in
            Series(name: "y\(s)", ys: xs.indices.map { Double($0 + 10 * s) }, kind: kind)
        }
        return DataSource(dataset: Dataset(source: "t.csv", xs: xs, series: series, xKind: .time(unitsPerSecond: 1), flags: flags))
    }

    private func names(_ controllers: [RenderController]) -> [String] {
        controllers.map { String(describing: type(of: $0)) }
    }

    private let geometry = StageGeometry(canvas: PixelSize(width: 900, height: 500), layout: .explorer)

    /// A still picture: the frame around the series (bars and areas under the lines),
    /// the legend last; `--plain` keeps the series alone.
    func testAStillPictureDrawsTheFrameAroundTheSeries() {
        let still = ChartAssembly.still(source: source(), plain: false, lineWidth: 2, gradient: true)
        XCTAssertEqual(names(still), ["GradientController", "YAxisController", "YAxisController", "SeriesStacksController",
                                      "SeriesCandlesController", "SeriesLinesController", "XAxisController",
                                      "ValueAnnotationController", "AxisTitlesController", "NotesController", "LegendController"])
        let plain = ChartAssembly.still(source: source(), plain: true, lineWidth: 2, gradient: true)
        XCTAssertEqual(names(plain), ["SeriesStacksController", "SeriesCandlesController", "SeriesLinesController"])
        // `render --measure`: the measure over the frame, under the legend.
        let measured = ChartAssembly.still(source: source(), plain: false, lineWidth: 2, gradient: true, measure: 0...1)
        XCTAssertEqual(names(measured), names(still).dropLast() + ["MeasureController", "LegendController"])
    }

    /// The main chart's stage holds the assembly's list, in its order, and the presenter's
    /// parts are the ones on the stage; a chart of shares adds its pie and way back.
    func testTheMainChartIsTheAssemblysList() {
        let presenter = ChartPresenter(source: source(), factory: RecordingSurfaceFactory(), geometry: geometry)
        let expected = ["GradientController", "YAxisController", "YAxisController", "SeriesStacksController",
                        "SeriesCandlesController", "SeriesLinesController", "XAxisController", "ValueAnnotationController",
                        "AxisTitlesController", "NotesController", "NoDataController", "SelectionBoxController",
                        "MeasureController", "HighlightController", "PresetButtonsController", "LegendController",
                        "AudiographCursorController", "AxisLockController"]
        XCTAssertEqual(names(presenter.stage.controllers), expected)
        XCTAssertTrue(presenter.stage.controllers[5] === presenter.lines)
        XCTAssertTrue(presenter.stage.controllers[1] === presenter.yAxis)
        XCTAssertTrue(presenter.stage.controllers[2] === presenter.rightAxis)
        XCTAssertNil(presenter.pie)

        let shares = ChartPresenter(source: source(kinds: [.area, .area], flags: [.stacked, .percentage]),
                                    factory: RecordingSurfaceFactory(), geometry: geometry)
        var withPie = expected
        withPie.insert(contentsOf: ["PieController", "ZoomOutController"], at: expected.firstIndex(of: "PresetButtonsController")!)
        XCTAssertEqual(names(shares.stage.controllers), withPie)
        XCTAssertNotNil(shares.pie)
    }

    /// The range selector: its window under the same series marks as the main chart's.
    func testTheRangeSelectorDrawsItsWindowUnderTheSeries() {
        let main = ChartPresenter(source: source(), factory: RecordingSurfaceFactory(), geometry: geometry)
        let selector = RangeSelectorPresenter(main: main, factory: RecordingSurfaceFactory(), geometry: geometry)
        XCTAssertEqual(names(selector.stage.controllers), ["RangeSelectorController", "SeriesStacksController",
                                                           "SeriesCandlesController", "SeriesLinesController"])
        XCTAssertTrue(selector.stage.controllers[0] === selector.window)
        XCTAssertTrue(selector.stage.controllers[3] === selector.lines)
    }

    /// The window's panels, a notice and a day's way back go on top of a main chart's own parts.
    func testWindowPanelsANoticeAndADaysWayBackGoOnTop() {
        let presenter = ChartPresenter(source: source(), factory: RecordingSurfaceFactory(), geometry: geometry)
        let own = presenter.stage.controllers.count
        let panels = ChartAssembly.windowPanels(over: presenter)
        let notice = NoticeController()
        ChartAssembly.add(notice, over: presenter)
        let control = ChartAssembly.dayZoomOut(over: presenter, label: "Mon")
        let added = Array(presenter.stage.controllers[own...])
        XCTAssertEqual(added.count, 4)
        XCTAssertTrue(added[0] === panels.keyHelp && added[1] === panels.summary && added[2] === notice && added[3] === control)
    }
}
