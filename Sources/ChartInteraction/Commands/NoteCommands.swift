import ChartData
import ChartMarks

/// Owns `n` and, while a note is typed, the whole keyboard: `n` on a pinned point opens
/// a text field there (with that point's note, to edit it); typed text goes into it,
/// Backspace deletes, Enter keeps the note (an empty one deletes it), Esc drops the
/// change. While the field is open every other key is the field's, so letters that are
/// commands elsewhere (`q`, `t`, `a`, digits) are only text; the pointer still works.
/// First in the router's order, so it sees every key before the other owners.
public final class NoteCommands: CommandOwner {
    private let chart: ExplorerChart
    private let remember: ([ChartNote]) -> Void
    /// Told when the field opens (`true`) or closes: the window starts and stops the
    /// platform's text input.
    public var onEditingChange: ((Bool) -> Void)?
    /// Whether the field has just opened and no key has reached it yet: an input method
    /// may deliver the `n` that opened it as text once text input has started.
    private var justOpened = false

    /// - Parameter remember: saves the file's notes in the session after a change.
    public init(chart: ExplorerChart, remember: @escaping ([ChartNote]) -> Void) {
        self.chart = chart
        self.remember = remember
    }

    /// Whether a note is being typed.
    public var isEditing: Bool { chart.main.notes.draft != nil }

    public func take(_ event: ChartEvent) -> Bool {
        let notes = chart.main.notes
        guard var draft = notes.draft else {
            guard event == .command(.note) else { return false }
            begin()
            return true
        }
        let opening = justOpened
        justOpened = false
        switch event {
        case .text("n") where opening, .text("N") where opening:
            break
        case let .text(typed):
            // Control characters have no place in a one-line note; the rest is kept as
            // typed (shown escaped) up to the limit.
            draft.text = String((draft.text + ChartNote.withoutControlCharacters(typed)).prefix(ChartNote.textLimit))
            notes.draft = draft
        case .command(.deleteBackward):
            if !draft.text.isEmpty { draft.text.removeLast() }
            notes.draft = draft
        case .command(.chart(.enter)), .command(.chart(.shiftEnter)):
            let had = notes.notes.contains { $0.x == draft.x }
            // A blank note (nothing left once cleaned) deletes the one at its point.
            notes.notes = ChartNote.setting(ChartNote(x: draft.x, validating: draft.text) ?? ChartNote(x: draft.x, text: ""),
                                            in: notes.notes)
            end()
            remember(notes.notes)
            if had, !notes.notes.contains(where: { $0.x == draft.x }) { chart.say("Note deleted") }
        case .command(.chart(.escape)):
            end()
        case .command:
            break
        default:
            return false
        }
        return true
    }

    /// Opens the field at the pinned point, with its note's text when it has one.
    private func begin() {
        let main = chart.main
        guard chart.shownMain === main else {
            chart.say("Notes go on the whole file's chart: Esc goes back to it")
            return
        }
        guard main.highlight.isPinned, let index = main.highlight.index else {
            chart.say("Pin a point first (click it, or Enter), then n writes a note there")
            return
        }
        let x = main.source.dataset.xs[index]
        main.notes.draft = NotesController.Draft(x: x, text: main.notes.notes.first { $0.x == x }?.text ?? "")
        justOpened = true
        onEditingChange?(true)
    }

    private func end() {
        chart.main.notes.draft = nil
        onEditingChange?(false)
    }
}
