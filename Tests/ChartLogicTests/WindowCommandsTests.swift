import ChartData
import ChartGeometry
import ChartInteraction
import ChartStage
import XCTest

/// The window's own commands (quit, the log axes, the export) go through the router after
/// a note's field: while a note is typed, `l`, Shift+L, `q` and Ctrl+S are the field's.
final class WindowCommandsTests: XCTestCase {
    /// `l` and `L` typed into a note are letters of the note (the key press the window
    /// decodes as the log toggle reaches no one), quit and export do nothing; once the
    /// note is kept, the same keys are the window's again.
    func testKeysTypedIntoANoteAreNotTheWindows() {
        let explorer = RecordedExplorer(source: RecordedExplorer.days())
        var toggled: [YAxisSide] = [], exports = 0
        let window = WindowCommands(toggleLogScale: { toggled.append($0) }, export: { exports += 1 })
        let owners = ExplorerCommands(chart: explorer, theme: ThemeCommands(given: nil) { _ in }, player: RecordedPlayer(),
                                      speech: RecordedSpeech(), days: nil, window: window) { _ in }
        let router = CommandRouter(owners: owners.owners, frames: explorer.frames)
        explorer.settle()
        let main = explorer.main
        main.highlight.pin(index: 20)
        XCTAssertTrue(router.send(.command(.note)))
        // As SDL delivers them: the key press, decoded as a command, then its text.
        for (command, text) in [(KeyCommand.toggleLogScale(.left), "l"), (.toggleLogScale(.right), "L"), (.quit, "q"),
                                (.export, "s")] {
            XCTAssertTrue(router.send(.command(command)))
            XCTAssertTrue(router.send(.text(text)))
        }
        XCTAssertEqual(main.notes.draft?.text, "lLqs")
        XCTAssertEqual(toggled, [], "no axis changed while typing")
        XCTAssertEqual(exports, 0)
        XCTAssertFalse(window.quitAsked)
        XCTAssertTrue(router.send(.command(.chart(.enter))))
        XCTAssertEqual(main.notes.notes.first?.text, "lLqs")

        XCTAssertTrue(router.send(.command(.toggleLogScale(.left))))
        XCTAssertTrue(router.send(.command(.toggleLogScale(.right))))
        XCTAssertTrue(router.send(.command(.export)))
        XCTAssertEqual(toggled, [.left, .right])
        XCTAssertEqual(exports, 1)
        XCTAssertFalse(window.quitAsked)
        XCTAssertTrue(router.send(.command(.quit)))
        XCTAssertTrue(window.quitAsked)
    }
}
