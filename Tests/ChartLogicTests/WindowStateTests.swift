import ChartData
import ChartGeometry
import ChartInteraction
import ChartStage
import ChartSupport
import XCTest

/// The window's clock and session restore, tested without a window.
final class WindowStateTests: XCTestCase {
    func testTheClockStepsByTheTimeBetweenAnimatedFramesBoundedAfterAStall() {
        var clock = FrameClock()
        var steps: [Double] = []
        clock.step(at: 1_000) { steps.append($0); return true }
        clock.step(at: 1_016) { steps.append($0); return true }
        clock.step(at: 3_000) { steps.append($0); return false }
        clock.step(at: 9_000) { steps.append($0); return false }
        XCTAssertEqual(steps[0], FrameClock.firstStep, accuracy: 1e-12, "from rest: one 60 Hz frame")
        XCTAssertEqual(steps[1], 0.016, accuracy: 1e-12)
        XCTAssertEqual(steps[2], FrameClock.longestStep, "a stall is capped")
        XCTAssertEqual(steps[3], FrameClock.firstStep, accuracy: 1e-12, "at rest again: not the 6 s since")
    }

    private func presenter() -> ChartPresenter {
        let walk = RandomWalk(count: 10_000, seed: 5).dataset()
        let dataset = Dataset(source: walk.source, xs: walk.xs,
                              series: [walk.series[0], Series(name: "second", ys: walk.series[0].ys.map { $0 + 10 })],
                              xKind: .time(unitsPerSecond: 1))
        return ChartPresenter(source: DataSource(dataset: dataset), factory: RecordingSurfaceFactory(),
                              geometry: StageGeometry(canvas: PixelSize(width: 1000, height: 600), layout: .explorer))
    }

    /// The remembered view and hidden series come back once, unless the user moved first;
    /// and what is recorded is the view the presenter is heading to.
    func testTheRememberedViewComesBackOnceUnlessTheUserMovedFirst() throws {
        let file = SessionEntry(path: "/data/walk.csv")
        var session = Session()
        let xs = RandomWalk(count: 10_000, seed: 5).dataset().xs
        let remembered = DataRect(minX: xs[2_000], maxX: xs[3_000], minY: 0, maxY: 1)
        SessionUpdate(file: file, visible: remembered, hiddenSeries: ["second"]).apply(to: &session)

        var restore = SessionRestore(file: file)
        restore.sessionArrived(session)
        let main = presenter()
        XCTAssertNil(restore.take(userMoved: true), "a view the user moved is not undone")
        XCTAssertNotNil(restore.pending, "and the entry waits")
        SessionRestore.apply(try XCTUnwrap(restore.take(userMoved: false)), to: main)
        XCTAssertEqual(main.targetX, remembered.minX...remembered.maxX)
        XCTAssertFalse(main.lines.isVisible(1), "the hidden series stays hidden")
        XCTAssertNil(restore.take(userMoved: false), "once")

        let update = restore.viewUpdate(of: main)
        XCTAssertEqual(update.file, file)
        XCTAssertEqual(update.visible?.minX, remembered.minX)
        XCTAssertEqual(update.visible?.maxX, remembered.maxX)
        XCTAssertEqual(update.hiddenSeries, ["second"])
    }

    /// A remembered view that misses the file's data (the file changed since) is
    /// ignored: the window keeps its default view instead of an empty one.
    func testAViewOutsideTheDataIsIgnored() throws {
        let main = presenter()
        let initial = main.targetX
        let xs = RandomWalk(count: 10_000, seed: 5).dataset().xs
        let past = DataRect(minX: xs.last! + 1e6, maxX: xs.last! + 2e6, minY: 0, maxY: 1)
        var entry = SessionEntry(path: "/data/walk.csv")
        entry.visible = past
        SessionRestore.apply(entry, to: main)
        XCTAssertEqual(main.targetX, initial)
    }

    /// Each chart of a file has its own entry: chart 5 never opens on chart 1's range,
    /// and a second file never gets the first one's view.
    func testEntriesAreKeptPerFileAndPerChart() {
        var session = Session()
        let first = SessionEntry(path: "/data/chart_data.json", chart: 1)
        SessionUpdate(file: first, visible: DataRect(minX: 10, maxX: 20, minY: 0, maxY: 1), hiddenSeries: []).apply(to: &session)
        XCTAssertNil(session.entry(for: "/data/chart_data.json", chart: 5)?.visible, "chart 5 has no view of its own yet")
        XCTAssertNil(session.entry(for: "/data/other.json", chart: 1)?.visible)
        SessionUpdate(file: SessionEntry(path: "/data/chart_data.json", chart: 5),
                      visible: DataRect(minX: 30, maxX: 40, minY: 0, maxY: 1), hiddenSeries: []).apply(to: &session)
        XCTAssertEqual(session.entry(for: "/data/chart_data.json", chart: 1)?.visible?.minX, 10)
        XCTAssertEqual(session.entry(for: "/data/chart_data.json", chart: 5)?.visible?.minX, 30)
    }
}
