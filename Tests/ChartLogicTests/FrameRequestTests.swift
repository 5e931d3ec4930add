import ChartData
import XCTest

/// One frame flag per window: every stage raises it, the commit lowers it, and a toggle
/// reaches the range selector when it happens, not when a frame polls for it.
final class FrameRequestTests: XCTestCase {
    /// The main chart and its selector raise one flag; the commit lowers it; a quiet
    /// frame (nothing moving, nothing changed) leaves it down, so the loop can block.
    func testTheStagesShareOneFlagThatTheCommitLowers() {
        let explorer = RecordedExplorer(source: RecordedExplorer.days())
        XCTAssertTrue(explorer.selector.stage.frames === explorer.main.stage.frames)
        XCTAssertTrue(explorer.main.stage.frames === explorer.frames)
        explorer.settle()
        XCTAssertFalse(explorer.frames.isPending)
        XCTAssertFalse(explorer.main.advance(by: 1.0 / 60))
        XCTAssertFalse(explorer.frames.isPending, "a quiet frame owes nothing")
        explorer.selector.stage.setTheme(.night, animated: false)
        XCTAssertTrue(explorer.frames.isPending, "a change in the selector's stage is the window's")
        XCTAssertFalse(explorer.selector.stage.isCommitted, "its targets are stale until the commit")
        explorer.selector.stage.prepareFrame()
        XCTAssertFalse(explorer.frames.isPending)
        XCTAssertTrue(explorer.selector.stage.isCommitted)
    }

    /// Hiding a series in the main chart hides it in the selector at once, and the
    /// selector refits to the series left, with no frame run in between.
    func testTheSelectorFollowsAToggleWhenItHappens() {
        let explorer = RecordedExplorer(source: RecordedExplorer.days())
        explorer.settle()
        let before = explorer.selector.stage.viewport.target
        explorer.main.toggle(series: 0)
        XCTAssertFalse(explorer.selector.lines.isVisible(0))
        XCTAssertTrue(explorer.selector.lines.isVisible(1))
        XCTAssertNotEqual(explorer.selector.stage.viewport.target.maxY, before.maxY, "refitted to the series left")
        XCTAssertTrue(explorer.frames.isPending)
        explorer.main.toggle(series: 0)
        XCTAssertTrue(explorer.selector.lines.isVisible(0))
    }
}
