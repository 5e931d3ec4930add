import ChartData
import ChartGeometry
import ChartInteraction
import ChartStage
import ChartSupport
import Foundation
import XCTest

/// Each owner of the window's commands, command → effect, on recording surfaces: no
/// window, no GPU, no sound, no speech.
final class CommandOwnerTests: XCTestCase {
    private let esc = ChartEvent.command(.chart(.escape))
    private let press = ChartEvent.pointerDown(at: PixelPoint(x: 300, y: 300), button: .primary, clicks: 1, shift: false, time: 0)

    /// `s` shows the view's summary, writes it out and says it; `s` again puts it away and
    /// stops the speech.
    func testSummaryShowsWritesAndSaysTheViewThenPutsItAway() {
        let explorer = RecordedExplorer(source: RecordedExplorer.days())
        let speech = RecordedSpeech()
        var written = ""
        let summary = SummaryCommands(chart: explorer, speech: speech) { written += $0 }
        let lines = explorer.main.summary.lines
        XCTAssertTrue(summary.take(.command(.summary)))
        XCTAssertEqual(explorer.summary.lines, lines)
        XCTAssertEqual(written, lines.joined(separator: "\n") + "\n")
        XCTAssertEqual(speech.spoken, [lines.joined(separator: " ")])
        XCTAssertTrue(summary.take(.command(.summary)))
        XCTAssertFalse(explorer.summary.isShown)
        XCTAssertEqual(speech.cancels, 1)
    }

    /// While the panel is up, Esc only puts it away; a key, a press or the wheel puts it
    /// away and goes on; hovering leaves it; nothing is taken while it is away.
    func testSummaryPanelGoesOnEscAndOnWhatChangesTheView() {
        let explorer = RecordedExplorer(source: RecordedExplorer.days())
        let speech = RecordedSpeech()
        let summary = SummaryCommands(chart: explorer, speech: speech) { _ in }
        XCTAssertFalse(summary.take(esc), "Esc goes to the chart when the panel is away")
        XCTAssertTrue(summary.take(.command(.summary)))
        XCTAssertFalse(summary.take(.pointerMoved(to: PixelPoint(x: 1, y: 1), time: 0)))
        XCTAssertTrue(explorer.summary.isShown, "hovering leaves it up")
        XCTAssertTrue(summary.take(esc))
        XCTAssertFalse(explorer.summary.isShown)
        for event: ChartEvent in [.command(.chart(.left)), .zoom(steps: 1, at: PixelPoint(x: 5, y: 5)), press] {
            XCTAssertTrue(summary.take(.command(.summary)))
            XCTAssertFalse(summary.take(event), "\(event) goes on")
            XCTAssertFalse(explorer.summary.isShown, "\(event) puts it away")
        }
        XCTAssertEqual(speech.cancels, 4, "the speech stops each time the panel goes")
        XCTAssertFalse(summary.take(.command(.toggleTheme)))
    }

    /// `a` plays the shown chart, `a` again stops; Esc silences only while it plays; a
    /// reason it cannot play is said on the chart; the sweep stops when another chart shows.
    func testAudiographTogglesStopsOnEscAndSaysWhyItCannotPlay() throws {
        let explorer = RecordedExplorer(source: RecordedExplorer.days())
        let player = RecordedPlayer()
        let audiograph = AudiographCommands(chart: explorer, player: player)
        XCTAssertFalse(audiograph.take(esc))
        XCTAssertFalse(audiograph.advance(), "nothing plays")
        XCTAssertTrue(audiograph.take(.command(.audiograph)))
        XCTAssertTrue(player.startedOn.last === explorer.main)
        XCTAssertTrue(audiograph.advance(), "the loop keeps drawing while it plays")
        XCTAssertTrue(audiograph.take(esc))
        XCTAssertFalse(player.isPlaying)
        XCTAssertTrue(audiograph.take(.command(.audiograph)))
        XCTAssertTrue(audiograph.take(.command(.audiograph)))
        XCTAssertFalse(player.isPlaying, "a second `a` stops it")
        player.problem = "no series shown to play"
        XCTAssertTrue(audiograph.take(.command(.audiograph)))
        XCTAssertEqual(explorer.said, ["no series shown to play"])
        player.problem = nil
        XCTAssertTrue(audiograph.take(.command(.audiograph)))
        try explorer.openDay(RecordedExplorer.hours(from: explorer.main.source.dataset.xs[3]), label: "a day")
        explorer.settle()
        XCTAssertFalse(audiograph.advance(), "the sweep stops when the day's chart is shown")
    }

    /// `t` switches day ↔ night, eased, and remembers it; the session's theme applies at
    /// once, unless one was given on the command line.
    func testThemeSwitchesRemembersAndTakesTheSessionsUnlessGiven() {
        var remembered: [SessionUpdate] = []
        var applied: [(ChartTheme, Bool)] = []
        let theme = ThemeCommands(given: nil) { remembered.append($0) }
        theme.apply = { applied.append(($0, $1)) }
        XCTAssertFalse(theme.take(.command(.summary)))
        XCTAssertTrue(theme.take(.command(.toggleTheme)))
        XCTAssertEqual(theme.theme, .night)
        XCTAssertEqual(remembered.map(\.theme), ["night"])
        theme.sessionArrived(themeNamed: "day")
        XCTAssertEqual(theme.theme, .day)
        XCTAssertEqual(applied.map(\.0), [.night, .day])
        XCTAssertEqual(applied.map(\.1), [true, false], "a key eases, the session's is at once")
        let given = ThemeCommands(given: .night) { _ in }
        given.sessionArrived(themeNamed: "day")
        XCTAssertEqual(given.theme, .night, "the command line's theme wins")
    }

    /// `?` shows and hides the panel; Esc hides it only while it is shown.
    func testKeyHelpTogglesAndEscHidesIt() {
        let explorer = RecordedExplorer(source: RecordedExplorer.days())
        let keyHelp = KeyHelpCommands(chart: explorer)
        XCTAssertFalse(keyHelp.take(esc))
        XCTAssertTrue(keyHelp.take(.command(.keyHelp)))
        XCTAssertTrue(explorer.showsKeyHelp)
        XCTAssertTrue(keyHelp.take(esc))
        XCTAssertFalse(explorer.showsKeyHelp)
        XCTAssertTrue(keyHelp.take(.command(.keyHelp)))
        XCTAssertTrue(keyHelp.take(.command(.keyHelp)))
        XCTAssertFalse(explorer.showsKeyHelp)
    }

    /// A transition holds presses, releases, the wheel and keys (not hovering); in a day,
    /// Esc and a press on "‹ Zoom out" go back; on the overview they go on to the chart.
    func testDayNavigationHoldsInputInATransitionAndGoesBackOnEscOrItsButton() throws {
        let explorer = RecordedExplorer(source: RecordedExplorer.days())
        let navigation = DayZoomCommands(zoom: explorer.zoom)
        XCTAssertFalse(navigation.take(esc), "on the overview Esc is the chart's")
        XCTAssertFalse(navigation.take(press))
        // Back once by Esc, once by the button.
        for byButton in [false, true] {
            try explorer.openDay(RecordedExplorer.hours(from: explorer.main.source.dataset.xs[3]), label: "a day")
            XCTAssertEqual(explorer.zoom.phase, .enteringDay)
            for event in [press, esc, .zoom(steps: 1, at: PixelPoint(x: 300, y: 300)),
                          .pointerUp(at: PixelPoint(x: 300, y: 300), button: .primary, time: 0)] {
                XCTAssertTrue(navigation.take(event), "\(event) waits for the transition")
            }
            XCTAssertFalse(navigation.take(.pointerMoved(to: PixelPoint(x: 300, y: 300), time: 0)))
            explorer.settle()
            XCTAssertEqual(explorer.zoom.phase, .inDay)
            XCTAssertFalse(navigation.take(.command(.chart(.left))), "the day's chart takes its keys")
            XCTAssertFalse(navigation.take(press), "a press beside the button is the day chart's")
            if byButton {
                let button = try XCTUnwrap(explorer.zoom.control?.buttonBox)
                let centre = PixelPoint(x: button.x + button.width / 2, y: button.y + button.height / 2)
                XCTAssertTrue(navigation.take(.pointerDown(at: centre, button: .primary, clicks: 1, shift: false, time: 0)))
            } else {
                XCTAssertTrue(navigation.take(esc))
            }
            XCTAssertEqual(explorer.zoom.phase, .leavingDay)
            explorer.settle()
            XCTAssertEqual(explorer.zoom.phase, .overview)
        }
    }

    /// A click into a point opens its day's file; a day without a file leaves the overview
    /// and is said on the chart.
    func testDayFilesOpenThroughTheOverviewsPointsAndAMissingOneIsSaid() throws {
        let folder = NSTemporaryDirectory() + "sightline-CommandOwnerTests-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let explorer = RecordedExplorer(source: RecordedExplorer.days())
        let start = explorer.main.source.dataset.xs[3]
        let hours = (0..<24).map { Int(start) + $0 * 3_600_000 }
        let json = "{\"columns\": [[\"x\", \(hours.map(String.init).joined(separator: ", "))], "
            + "[\"y0\", \(hours.indices.map { String(100 + $0) }.joined(separator: ", "))]], "
            + "\"types\": {\"x\": \"x\", \"y0\": \"line\"}, \"names\": {\"y0\": \"Views\"}, \"colors\": {\"y0\": \"#3DC23F\"}}"
        try FileManager.default.createDirectory(atPath: folder + "/2019-01", withIntermediateDirectories: true)
        try json.write(toFile: folder + "/2019-01/04.json", atomically: true, encoding: .utf8)
        let days = try XCTUnwrap(DayFiles(besideOverview: folder + "/overview.json"))
        DayFileLoader(days: days, options: LoadOptions()).openDays(of: explorer)
        let open = try XCTUnwrap(explorer.main.onZoomIntoPoint)
        XCTAssertFalse(open(5))
        XCTAssertEqual(explorer.zoom.phase, .overview)
        XCTAssertEqual(explorer.said.count, 1)
        XCTAssertTrue(try XCTUnwrap(explorer.said.first).hasSuffix("2019-01/06.json: no such file"), "\(explorer.said)")
        XCTAssertTrue(open(3))
        XCTAssertEqual(explorer.zoom.phase, .enteringDay)
        XCTAssertEqual(explorer.zoom.dayLabel, "Fri, Jan 4, 2019")
        XCTAssertEqual(explorer.day?.main.source.dataset.count, 24)
    }

    /// The chart's owner follows the chart shown: a day's once it is open.
    func testChartInputGoesToTheChartShown() throws {
        let explorer = RecordedExplorer(source: RecordedExplorer.days())
        let chart = ChartCommands(chart: explorer)
        XCTAssertTrue(chart.take(.command(.chart(.fit))))
        XCTAssertTrue(chart.userMoved)
        try explorer.openDay(RecordedExplorer.hours(from: explorer.main.source.dataset.xs[3]), label: "a day")
        explorer.settle()
        let day = try XCTUnwrap(explorer.day)
        let before = day.main.targetX
        XCTAssertTrue(chart.take(.command(.chart(.zoomIn))))
        XCTAssertTrue(chart.router.main === day.main)
        XCTAssertLessThan(day.main.targetX.upperBound - day.main.targetX.lowerBound, before.upperBound - before.lowerBound)
        XCTAssertFalse(chart.take(.command(.toggleTheme)), "not the chart's")
    }
}
