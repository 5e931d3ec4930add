import ChartData
import ChartGeometry
import ChartInteraction
import ChartStage
import XCTest

/// A stretch of x with no data (a year a station was offline) is a gap: the highlight
/// shows no value inside it, and a view inside it says there is no data.
final class TimeGapTests: XCTestCase {
    private let geometry = StageGeometry(canvas: PixelSize(width: 1200, height: 700), layout: .explorer)

    private func presenter() -> ChartPresenter {
        let presenter = ChartPresenter(source: DataSource(dataset: HourlyWeather.dataset()), factory: RecordingSurfaceFactory(),
                                       geometry: geometry, initialFraction: 1)
        settle(presenter)
        return presenter
    }

    private func canvasX(_ x: Double, in presenter: ChartPresenter) -> Double {
        let view = presenter.stage.viewport.current, plot = geometry.plotBox
        return plot.x + (x - view.minX) / view.width * plot.width
    }

    private func texts(_ presenter: ChartPresenter) -> [String] {
        presenter.stage.surfaces.compactMap { $0 as? RecordingTextSurface }.flatMap(\.runs).map(\.text)
    }

    func testTheHighlightShowsNoValueInsideTheMissingYear() throws {
        let presenter = presenter()
        let dataset = presenter.source.dataset
        let y = geometry.plotBox.y + 100
        let lastBefore = dataset.firstIndex(atOrAfterX: HourlyWeather.missingFrom) - 1
        for month in 1..<12 {
            let x = HourlyWeather.missingFrom + Double(month) * 30 * 86_400
            presenter.pointerMoved(to: PixelPoint(x: canvasX(x, in: presenter), y: y), time: 0)
            presenter.stage.prepareFrame()
            XCTAssertNil(presenter.highlight.index, "month \(month) of the missing year")
            XCTAssertTrue(presenter.highlight.circles.isEmpty)
            XCTAssertNil(presenter.highlight.boardBox, "no board with a value")
        }
        // On the line's end, and a pixel past it: its last point, as anywhere on the line.
        for offset in [0.0, 1.0] {
            presenter.pointerMoved(to: PixelPoint(x: canvasX(dataset.xs[lastBefore], in: presenter) + offset, y: y), time: 0)
            presenter.stage.prepareFrame()
            XCTAssertEqual(presenter.highlight.index, lastBefore, "\(offset) pixels right of the last point before the gap")
        }
        let firstAfter = lastBefore + 1
        presenter.pointerMoved(to: PixelPoint(x: canvasX(dataset.xs[firstAfter], in: presenter) - 1, y: y), time: 0)
        XCTAssertEqual(presenter.highlight.index, firstAfter, "a pixel left of the first point after the gap")
        // A click inside the gap pins nothing.
        let middle = canvasX((HourlyWeather.missingFrom + HourlyWeather.missingUntil) / 2, in: presenter)
        presenter.pointerDown(at: PixelPoint(x: middle, y: y), button: .primary, time: 1)
        presenter.pointerUp(at: PixelPoint(x: middle, y: y), button: .primary, time: 1.05)
        XCTAssertNil(presenter.highlight.index)
        XCTAssertFalse(presenter.highlight.isPinned)
    }

    func testAViewInsideTheMissingYearSaysThereIsNoData() {
        let presenter = presenter()
        XCTAssertFalse(presenter.noData.isShowing)
        presenter.show(x: (HourlyWeather.missingFrom + 40 * 86_400)...(HourlyWeather.missingFrom + 200 * 86_400))
        settle(presenter)
        XCTAssertTrue(presenter.noData.isShowing)
        XCTAssertTrue(texts(presenter).contains("No data in this range"))
    }

    /// At the gap's edge y fits the data in view, not the first point on the far side of
    /// the gap, which no line reaches.
    func testYFitsOnlyWhatTheLineReaches() throws {
        var dataset = HourlyWeather.dataset()
        let firstAfter = dataset.firstIndex(atOrAfterX: HourlyWeather.missingUntil)
        // The first hour after the gap far above any other, so that counting it shows.
        dataset.series[0].ys[firstAfter] = 40
        let source = DataSource(dataset: dataset)
        let view = (HourlyWeather.missingFrom - 86_400)...(HourlyWeather.missingFrom + 86_400)
        let bounds = try XCTUnwrap(source.yBounds(inX: view))
        let lastDay = dataset.firstIndex(atOrAfterX: view.lowerBound)..<firstAfter
        let reached = lastDay.map { dataset.series[0].ys[$0] } + [try XCTUnwrap(dataset.yValue(atX: view.lowerBound, series: 0))]
        XCTAssertEqual(bounds.min, reached.min())
        XCTAssertEqual(bounds.max, reached.max())
        XCTAssertLessThan(bounds.max, 40, "the hour after the gap is not reached")
    }
}
