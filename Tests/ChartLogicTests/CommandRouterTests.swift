import ChartGeometry
import ChartInteraction
import ChartStage
import XCTest

/// The window's commands through one router and the owners in their precedence
/// (`ExplorerCommands`), as the window assembles them.
final class CommandRouterTests: XCTestCase {
    private let esc = ChartEvent.command(.chart(.escape))

    private func assembled() -> (RecordedExplorer, CommandRouter, RecordedPlayer, RecordedSpeech) {
        let explorer = RecordedExplorer(source: RecordedExplorer.days())
        let player = RecordedPlayer(), speech = RecordedSpeech()
        let theme = ThemeCommands(given: nil) { _ in }
        let owners = ExplorerCommands(chart: explorer, theme: theme, player: player, speech: speech, days: nil) { _ in }
        return (explorer, CommandRouter(owners: owners.owners, frames: explorer.frames), player, speech)
    }

    /// Each Esc does one thing, in order: puts the summary away, silences the audiograph,
    /// hides the `?` panel, goes back from a day, and last clears the chart's pin.
    func testEscDoesOneThingAtATimeInPrecedence() throws {
        let (explorer, router, player, speech) = assembled()
        try explorer.openDay(RecordedExplorer.hours(from: explorer.main.source.dataset.xs[3]), label: "a day")
        explorer.settle()
        let day = try XCTUnwrap(explorer.day)
        day.main.highlight.pin(index: 5)
        for command: KeyCommand in [.keyHelp, .audiograph, .summary] { XCTAssertTrue(router.send(.command(command))) }
        XCTAssertTrue(day.summary.isShown && player.isPlaying && explorer.showsKeyHelp)

        XCTAssertTrue(router.send(esc))
        XCTAssertFalse(day.summary.isShown)
        XCTAssertEqual(speech.cancels, 1)
        XCTAssertTrue(player.isPlaying && explorer.showsKeyHelp)
        XCTAssertTrue(router.send(esc))
        XCTAssertFalse(player.isPlaying)
        XCTAssertTrue(explorer.showsKeyHelp)
        XCTAssertTrue(router.send(esc))
        XCTAssertFalse(explorer.showsKeyHelp)
        XCTAssertEqual(explorer.zoom.phase, .inDay)
        XCTAssertTrue(day.main.highlight.isPinned, "the day's pin is untouched so far")
        XCTAssertTrue(router.send(esc))
        XCTAssertEqual(explorer.zoom.phase, .leavingDay)
        explorer.settle()
        explorer.main.highlight.pin(index: 7)
        XCTAssertTrue(router.send(esc))
        XCTAssertFalse(explorer.main.highlight.isPinned, "on the overview, Esc reaches the chart")
    }

    /// A key used up owes a frame, even one whose effect marks nothing (the `?` panel's
    /// is drawn by its controller, the theme's before the chart exists); a key nobody
    /// takes and a hover that changes nothing owe none.
    func testAKeyTakenOwesAFrameAndNothingElseDoes() {
        let frames = FrameRequest()
        let theme = ThemeCommands(given: nil) { _ in }
        let router = CommandRouter(owners: [theme], frames: frames)
        frames.beginFrame()
        XCTAssertFalse(router.send(.command(.summary)), "no owner for it before the chart is here")
        XCTAssertFalse(frames.isPending)
        XCTAssertTrue(router.send(.command(.toggleTheme)))
        XCTAssertTrue(frames.isPending, "the progress bar is drawn in the new theme")

        let (explorer, assembled, _, _) = assembled()
        explorer.settle()
        explorer.main.stage.prepareFrame()
        explorer.selector.stage.prepareFrame()
        XCTAssertFalse(explorer.frames.isPending)
        let outside = PixelPoint(x: 1, y: 1)
        XCTAssertTrue(assembled.send(.pointerMoved(to: outside, time: 0)))
        XCTAssertFalse(explorer.frames.isPending, "a hover off the plot changes nothing")
        XCTAssertTrue(assembled.send(.command(.chart(.home))))
        XCTAssertTrue(explorer.frames.isPending)
    }

    /// Owners are asked in order and the first to use an event up ends its way.
    func testTheFirstOwnerToTakeAnEventEndsItsWay() {
        final class Owner: CommandOwner {
            let takes: Bool
            var seen: [ChartEvent] = []
            init(takes: Bool) { self.takes = takes }
            func take(_ event: ChartEvent) -> Bool {
                seen.append(event)
                return takes
            }
        }
        let passing = Owner(takes: false), taking = Owner(takes: true), last = Owner(takes: true)
        let router = CommandRouter(owners: [passing, taking, last], frames: FrameRequest())
        XCTAssertTrue(router.send(.exposed))
        XCTAssertEqual(passing.seen, [.exposed])
        XCTAssertEqual(taking.seen, [.exposed])
        XCTAssertTrue(last.seen.isEmpty)
        XCTAssertFalse(CommandRouter(owners: [passing], frames: FrameRequest()).send(.exposed))
    }
}
