import ChartData
import ChartGeometry
import ChartInteraction
import ChartStage
import XCTest

/// `n` and the note being typed, through the router and the owners in their
/// precedence, as the window assembles them: while the field is open, every key is
/// the field's.
final class NoteCommandsTests: XCTestCase {
    private let theme = ThemeCommands(given: nil) { _ in }

    private func assembled() -> (RecordedExplorer, CommandRouter, ExplorerCommands, () -> [[ChartNote]]) {
        let explorer = RecordedExplorer(source: RecordedExplorer.days())
        var saved: [[ChartNote]] = []
        let owners = ExplorerCommands(chart: explorer, theme: theme, player: RecordedPlayer(), speech: RecordedSpeech(), days: nil,
                                      rememberNotes: { saved.append($0) }) { _ in }
        return (explorer, CommandRouter(owners: owners.owners, frames: explorer.frames), owners, { saved })
    }

    private func type(_ text: String, into router: CommandRouter) {
        for character in text { XCTAssertTrue(router.send(.text(String(character)))) }
    }

    /// `n` on a pinned point opens the field; the letters typed are text, not commands
    /// (`q`, `t`, `a`, `s`, a digit, `?` do nothing else); Backspace deletes, Enter keeps
    /// the note at the point's x and saves it in the session.
    func testTypingGoesToTheFieldNotToTheCommands() throws {
        let (explorer, router, owners, saved) = assembled()
        explorer.settle()
        var editing: [Bool] = []
        owners.notes.onEditingChange = { editing.append($0) }
        let main = explorer.main
        main.highlight.pin(index: 30)
        let x = main.source.dataset.xs[30]
        let view = main.stage.viewport.target
        XCTAssertTrue(router.send(.command(.note)))
        XCTAssertEqual(editing, [true])
        XCTAssertTrue(owners.notes.isEditing)
        for command: KeyCommand in [.quit, .toggleTheme, .audiograph, .summary, .keyHelp, .chart(.preset(.all)), .chart(.left),
                                    .chart(.fit)] {
            XCTAssertTrue(router.send(.command(command)), "\(command) is the field's")
        }
        type("Peak q", into: router)
        XCTAssertTrue(router.send(.command(.deleteBackward)))
        XCTAssertTrue(router.send(.command(.deleteBackward)))
        type("!", into: router)
        XCTAssertEqual(main.notes.draft?.text, "Peak!")
        XCTAssertFalse(explorer.showsKeyHelp || explorer.summary.isShown)
        XCTAssertEqual(theme.theme, .day, "t typed is a letter")
        XCTAssertEqual(main.stage.viewport.target, view, "no key moved the view")
        XCTAssertTrue(router.send(.command(.chart(.enter))))
        XCTAssertEqual(main.notes.notes, [ChartNote(x: x, text: "Peak!")])
        XCTAssertNil(main.notes.draft)
        XCTAssertEqual(editing, [true, false])
        XCTAssertEqual(saved(), [[ChartNote(x: x, text: "Peak!")]])
        XCTAssertTrue(router.send(.command(.toggleTheme)), "after Enter, keys are commands again")
        XCTAssertEqual(theme.theme, .night)
    }

    /// `n` on a point with a note edits it; Esc leaves it as it was; an empty note deletes it.
    func testEditingCancellingAndDeleting() {
        let (explorer, router, _, saved) = assembled()
        explorer.settle()
        let main = explorer.main
        let x = main.source.dataset.xs[12]
        main.notes.notes = [ChartNote(x: x, text: "Low")]
        main.highlight.pin(index: 12)
        XCTAssertTrue(router.send(.command(.note)))
        XCTAssertEqual(main.notes.draft?.text, "Low", "the field opens with the note's text")
        type("er", into: router)
        XCTAssertTrue(router.send(.command(.chart(.escape))))
        XCTAssertEqual(main.notes.notes, [ChartNote(x: x, text: "Low")], "Esc keeps the note as it was")
        XCTAssertTrue(main.highlight.isPinned, "Esc closed the field only")
        XCTAssertTrue(saved().isEmpty)
        XCTAssertTrue(router.send(.command(.note)))
        for _ in 0..<3 { XCTAssertTrue(router.send(.command(.deleteBackward))) }
        XCTAssertTrue(router.send(.command(.chart(.enter))))
        XCTAssertEqual(main.notes.notes, [])
        XCTAssertEqual(saved(), [[]])
        XCTAssertEqual(explorer.said.last, "Note deleted")
    }

    /// The `n` that opened the field, when an input method delivers it as text after
    /// text input started, is not typed into the note; an `n` typed after is.
    func testTheOpeningNIsNotTyped() {
        let (explorer, router, _, _) = assembled()
        explorer.settle()
        let main = explorer.main
        main.highlight.pin(index: 12)
        XCTAssertTrue(router.send(.command(.note)))
        XCTAssertTrue(router.send(.text("n")))
        XCTAssertEqual(main.notes.draft?.text, "")
        type("non", into: router)
        XCTAssertEqual(main.notes.draft?.text, "non")
    }

    /// Without a pin, `n` says what to do and opens nothing; control characters typed are
    /// dropped and a note stops at its limit, its field still on the plot.
    func testNoPinNoFieldAndTheTextIsKeptClean() {
        let (explorer, router, owners, _) = assembled()
        explorer.settle()
        XCTAssertTrue(router.send(.command(.note)))
        XCTAssertFalse(owners.notes.isEditing)
        XCTAssertTrue(explorer.said.last?.contains("Pin a point") == true)
        XCTAssertFalse(router.send(.text("x")), "text with no field open goes nowhere")
        explorer.main.highlight.pin(index: 100)
        XCTAssertTrue(router.send(.command(.note)))
        XCTAssertTrue(router.send(.text("a\u{1b}[31m\tb")))
        XCTAssertEqual(explorer.main.notes.draft?.text, "a[31mb")
        XCTAssertTrue(router.send(.text(String(repeating: "x", count: 500))))
        XCTAssertEqual(explorer.main.notes.draft?.text.count, ChartNote.textLimit)
        explorer.settle()
        let field = explorer.main.notes.fieldBox
        XCTAssertNotNil(field, "a long note's field still shows, its end in view")
        XCTAssertTrue(field.map(explorer.main.geometry.plotBox.contains) ?? false)
    }

    /// Enter keeps the note as every path keeps one (`ChartNote.init(x:validating:)`):
    /// trimmed; a note of spaces alone is blank, and deletes the one at its point.
    func testEnterKeepsTheNoteTrimmedAndABlankOneDeletes() {
        let (explorer, router, _, saved) = assembled()
        explorer.settle()
        let main = explorer.main
        let x = main.source.dataset.xs[30]
        main.highlight.pin(index: 30)
        XCTAssertTrue(router.send(.command(.note)))
        XCTAssertTrue(router.send(.text("  Peak  ")))
        XCTAssertTrue(router.send(.command(.chart(.enter))))
        XCTAssertEqual(main.notes.notes, [ChartNote(x: x, text: "Peak")])
        XCTAssertTrue(router.send(.command(.note)))
        for _ in 0..<4 { XCTAssertTrue(router.send(.command(.deleteBackward))) }
        XCTAssertTrue(router.send(.text("   ")))
        XCTAssertTrue(router.send(.command(.chart(.enter))))
        XCTAssertEqual(main.notes.notes, [], "spaces alone delete the note")
        XCTAssertEqual(saved().last, [])
    }
}
