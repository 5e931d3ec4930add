/// A note a person attached to a point of the data: the point's x (data units) and a
/// short text. The chart draws it as a marker on the point and a label beside it
/// (`NotesController`); the session keeps a file's notes; `--note` gives them to `render`.
public struct ChartNote: Equatable, Codable, Sendable {
    /// The point's x, data units (a point of the data, not a place between points).
    public var x: Double
    /// The text as typed or given; shown escaped and cut (`displayText`).
    public var text: String

    /// The most characters a note keeps (typing stops there; a session's longer note is
    /// dropped when read back).
    public static let textLimit = 200
    /// The most characters of a note shown on the chart, the rest replaced by "…".
    public static let displayLimit = 48
    /// The most notes a file keeps.
    public static let countLimit = 1000

    public init(x: Double, text: String) {
        self.x = x
        self.text = text
    }

    /// The text made safe to show: control characters and bidirectional overrides
    /// escaped, cut at `displayLimit` characters.
    public var displayText: String { DisplayText.name(text, limit: Self.displayLimit) }

    /// Whether the note may be kept: a finite x and a text that is not blank, at most
    /// `textLimit` characters, with no NUL.
    public var isValid: Bool {
        x.isFinite && !text.allSatisfy(\.isWhitespace) && text.count <= Self.textLimit && !text.utf8.contains(0)
    }

    /// `notes` with `note` put in: it replaces a note at the same x, or joins them, kept in
    /// ascending x; a note with a blank text removes the one at its x instead.
    public static func setting(_ note: ChartNote, in notes: [ChartNote]) -> [ChartNote] {
        var result = notes.filter { $0.x != note.x }
        guard !note.text.allSatisfy(\.isWhitespace) else { return result }
        result.append(note)
        result.sort { $0.x < $1.x }
        return result
    }
}
