import ChartGeometry
import ChartInteraction
import ChartMarks
import ChartStage
import XCTest

/// One frame flag per window: every stage raises it, only the loop lowers it (once a
/// frame, before the stages build), and a toggle reaches the range selector when it
/// happens, not when a frame polls for it.
final class FrameRequestTests: XCTestCase {
    /// Counts its builds; the first `meddles` of them invalidate `victim`'s target (a
    /// build that changes what another controller shows, or its own), each one.
    private final class Part: RenderController {
        var environment: RenderEnvironment?
        var victim: RenderEnvironment?
        var meddles = 0
        private(set) var builds = 0
        var followsViewport: Bool { false }
        func attach(to environment: RenderEnvironment) {
            self.environment = environment
            _ = environment.surface(for: Shape.self, layer: .overlay)
        }
        func build(in environment: RenderEnvironment) {
            builds += 1
            guard meddles > 0 else { return }
            meddles -= 1
            victim?.invalidate()
        }
    }

    /// Two stages over recording surfaces sharing one flag, as a main chart and its range
    /// selector do, with `first` and `second` on the first and `third` on the second.
    private func stages() -> (first: RenderStage, second: RenderStage, frames: FrameRequest, parts: [Part]) {
        let frames = FrameRequest()
        let geometry = StageGeometry(canvas: PixelSize(width: 1080, height: 560),
                                     plot: PixelRect(x: 60, y: 20, width: 1000, height: 500))
        func stage() -> RenderStage {
            RenderStage(viewport: DataRect(minX: 0, maxX: 1, minY: 0, maxY: 1), geometry: geometry, theme: .day,
                        factory: RecordingSurfaceFactory(), frames: frames)
        }
        let first = stage(), second = stage()
        let parts = [Part(), Part(), Part()]
        first.add(parts[0])
        first.add(parts[1])
        second.add(parts[2])
        frame(first, second, frames)
        return (first, second, frames, parts)
    }

    /// One frame as the window's loop draws it: the flag lowered, then both stages
    /// committed together.
    private func frame(_ first: RenderStage, _ second: RenderStage, _ frames: FrameRequest) {
        frames.beginFrame()
        RenderStage.prepareFrame(of: [first, second])
    }

    /// A build on the first stage changes an earlier controller of it: the commit of the
    /// second stage that follows does not wipe the request, and the changed target is
    /// rebuilt before the frame is drawn (the draw would otherwise find it stale).
    func testAChangeABuildMakesOutlivesTheLaterStagesCommit() {
        let (first, second, frames, parts) = stages()
        XCTAssertFalse(frames.isPending)
        parts[1].victim = parts[0].environment
        parts[1].meddles = 1
        parts[1].environment!.invalidate()
        frame(first, second, frames)
        XCTAssertTrue(frames.isPending, "the change the build made is owed a frame")
        XCTAssertTrue(first.isCommitted && second.isCommitted, "drawn committed")
        XCTAssertEqual(parts.map(\.builds), [2, 2, 1])
        frame(first, second, frames)
        XCTAssertFalse(frames.isPending, "then the charts rest")
        XCTAssertEqual(parts.map(\.builds), [2, 2, 1], "nothing was stale")
    }

    /// A build on the stage committed last (the range selector's) changes a controller of
    /// the one committed before it (the main chart's).
    func testABuildOnTheLastStageReachesAnEarlierOne() {
        let (first, second, frames, parts) = stages()
        parts[2].victim = parts[0].environment
        parts[2].meddles = 1
        parts[2].environment!.invalidate()
        frame(first, second, frames)
        XCTAssertTrue(frames.isPending)
        XCTAssertTrue(first.isCommitted, "the main chart is rebuilt before it is drawn")
        XCTAssertEqual(parts.map(\.builds), [2, 1, 2])
        frame(first, second, frames)
        XCTAssertFalse(frames.isPending)
    }

    /// A build that changes its own controller (a second step it needs) is kept: the
    /// target is rebuilt, not marked built over the change.
    func testABuildsChangeToItsOwnTargetIsKept() {
        let (first, second, frames, parts) = stages()
        parts[0].victim = parts[0].environment
        parts[0].meddles = 1
        parts[0].environment!.invalidate()
        frame(first, second, frames)
        XCTAssertEqual(parts[0].builds, 3, "the first build, then the one it asked for")
        XCTAssertTrue(frames.isPending)
        XCTAssertTrue(first.isCommitted)
    }

    /// A controller that changes itself in every build (a bug in it) cannot hang the
    /// commit: its passes are bounded, and it keeps asking for frames, which is how the
    /// window's idle check (and `testEveryControllerOfTheWindowComesToRest`) sees it.
    func testAControllerThatChangesInEveryBuildEndsTheCommitAndKeepsAskingForFrames() {
        let (first, second, frames, parts) = stages()
        parts[1].victim = parts[1].environment
        parts[1].meddles = .max
        parts[1].environment!.invalidate()
        for _ in 0..<3 {
            let before = parts[1].builds
            frame(first, second, frames)
            XCTAssertEqual(parts[1].builds - before, 4, "four passes a frame at most")
            XCTAssertTrue(frames.isPending)
        }
    }

    /// The main chart and its selector raise one flag; a commit lowers nothing, only the
    /// loop beginning a frame does; a quiet frame (nothing moving, nothing changed)
    /// leaves it down, so the loop can block.
    func testTheStagesShareOneFlagThatOnlyTheLoopLowers() {
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
        explorer.main.stage.prepareFrame()
        explorer.selector.stage.prepareFrame()
        XCTAssertTrue(explorer.frames.isPending, "a commit lowers nothing")
        XCTAssertTrue(explorer.selector.stage.isCommitted)
        explorer.settle()
        XCTAssertFalse(explorer.frames.isPending)
    }

    /// Every controller of the window comes to rest: whatever each change leaves shown (a
    /// hover, a pin, the panels, a message, a theme switch, a series hidden, a day open),
    /// once nothing moves a frame owes nothing. A controller whose build changed something
    /// every time would keep the flag up, and the window would draw frames forever.
    func testEveryControllerOfTheWindowComesToRest() throws {
        let explorer = RecordedExplorer(source: RecordedExplorer.days())
        let (keyHelp, summary) = ChartAssembly.windowPanels(over: explorer.main)
        let notice = NoticeController()
        ChartAssembly.add(notice, over: explorer.main)
        explorer.settle()
        let plot = RecordedExplorer.geometry.plotBox
        let changes: [(String, () throws -> Void)] = [
            ("a hover", { explorer.main.pointerMoved(to: PixelPoint(x: plot.x + plot.width / 2, y: plot.y + 40), time: 0) }),
            ("a pin", { explorer.main.highlight.pin(index: 30) }),
            ("the ? panel", { keyHelp.isShown = true }),
            ("the summary", { summary.show(explorer.main.summary.lines) }),
            ("a message", { notice.show("no file for that day") }),
            ("a theme switch", {
                explorer.main.stage.setTheme(.night, animated: true)
                explorer.selector.stage.setTheme(.night, animated: true)
            }),
            ("a series hidden", { explorer.main.toggle(series: 1) }),
            ("a zoom", { explorer.main.wheel(steps: 2, at: PixelPoint(x: plot.x + plot.width / 3, y: plot.y + 10)) }),
            ("a day opened", { try explorer.openDay(RecordedExplorer.hours(from: explorer.main.source.dataset.xs[3]), label: "a day") }),
            ("a hover on the day", { explorer.shownMain.pointerMoved(to: PixelPoint(x: plot.x + 30, y: plot.y + 40), time: 0) }),
            ("the way back", { explorer.zoom.zoomOut() }),
        ]
        for (name, change) in changes {
            try change()
            XCTAssertTrue(explorer.frames.isPending, "\(name) owes a frame")
            explorer.settle()
            explorer.frames.beginFrame()
            RenderStage.prepareFrame(of: [explorer.shownMain.stage, explorer.shownSelector.stage])
            XCTAssertFalse(explorer.frames.isPending, "after \(name), a quiet frame owes nothing")
        }
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
