import ChartData
import ChartGeometry
import ChartInteraction
import ChartMarks
import ChartStage
import XCTest

/// A followed file grew and the window swapped in a chart over the grown source: the
/// view slides while it showed the newest rows, stays where the user put it otherwise,
/// the pinned point stays pinned, and the replaced chart is freed.
final class FollowCarryTests: XCTestCase {
    private let geometry = StageGeometry(canvas: PixelSize(width: 1200, height: 700), layout: .explorer)

    private func source(_ count: Int) -> DataSource {
        let xs = (0..<count).map(Double.init)
        return DataSource(dataset: Dataset(source: "log.csv", xs: xs, series: [Series(name: "v", ys: xs.map { sin($0 / 50) })]))
    }

    private func presenter(_ source: DataSource) -> ChartPresenter {
        ChartPresenter(source: source, factory: RecordingSurfaceFactory(), geometry: geometry, initialFraction: 0.25)
    }

    func testTheViewSlidesWhileItShowsTheNewestRows() {
        let old = presenter(source(1_000))
        XCTAssertTrue(old.showsNewest)
        let grown = presenter(source(1_200))
        grown.follow(from: old)
        XCTAssertEqual(grown.targetX.upperBound, 1_199, accuracy: 1e-9, "the right edge at the new end")
        XCTAssertEqual(grown.targetX.upperBound - grown.targetX.lowerBound, old.targetX.upperBound - old.targetX.lowerBound,
                       accuracy: 1e-9, "the width kept")
    }

    /// A log followed from its first rows is shown whole while the view shows it whole:
    /// keeping the width of those rows would show one or two points as it grows.
    func testAViewOfAllTheRowsGrowsWithThem() {
        let old = ChartPresenter(source: source(2), factory: RecordingSurfaceFactory(), geometry: geometry, initialFraction: 1)
        XCTAssertTrue(old.showsNewest)
        let grown = presenter(source(1_200))
        grown.follow(from: old)
        XCTAssertEqual(grown.targetX.lowerBound, 0, accuracy: 1e-9)
        XCTAssertEqual(grown.targetX.upperBound, 1_199, accuracy: 1e-9)
    }

    func testTheViewStaysWhereTheUserMovedIt() {
        let old = presenter(source(1_000))
        old.show(x: 100...300)
        old.highlight.pin(index: 200)
        XCTAssertFalse(old.showsNewest)
        let grown = presenter(source(1_200))
        grown.follow(from: old)
        XCTAssertEqual(grown.targetX, 100...300)
        XCTAssertTrue(grown.highlight.isPinned)
        XCTAssertEqual(grown.highlight.index, 200)
    }

    /// Torn down, a replaced chart and its selector are freed: its controllers hold its
    /// stage's environment, which must not hold them back.
    func testAReplacedChartIsFreedOnceTornDown() {
        weak var freedMain: ChartPresenter?
        weak var freedSelector: RangeSelectorPresenter?
        weak var freedLines: SeriesLinesController?
        do {
            let main = presenter(source(1_000))
            let selector = RangeSelectorPresenter(main: main, factory: RecordingSurfaceFactory(),
                                                  geometry: StageGeometry(canvas: geometry.canvas, layout: .explorer))
            RenderStage.prepareFrame(of: [main.stage, selector.stage])
            (freedMain, freedSelector, freedLines) = (main, selector, main.lines)
            main.stage.tearDown()
            selector.stage.tearDown()
        }
        XCTAssertNil(freedMain)
        XCTAssertNil(freedSelector)
        XCTAssertNil(freedLines, "the controllers go with their chart")
    }
}
