/// A note a person attached to a point of the data: the point's x (data units) and a
/// short text. The chart draws it as a marker on the point and a label beside it
/// (`NotesController`); the session keeps a file's notes; `--note` gives them to `render`.
public struct ChartNote: Equatable, Codable, Sendable {
    /// The point's x, data units (a point of the data, not a place between points).
    public var x: Double
    /// The text as typed or given; shown escaped and cut (`displayText`).
    public var text: String

    /// The most characters a note keeps (typing stops there; a longer `--note` or
    /// session note is cut).
    public static let textLimit = 200
    /// The most characters of a note shown on the chart, the rest replaced by "…".
    public static let displayLimit = 48
    /// The most notes a file keeps.
    public static let countLimit = 1000

    public init(x: Double, text: String) {
        self.x = x
        self.text = text
    }

    /// A note as every way in takes one (Enter in the window's field, `--note`, the
    /// session read back): the text without control characters (a note is one line),
    /// trimmed of white space at either end and cut at `textLimit` characters; `nil`
    /// where that leaves nothing or x is no finite number. (`init(x:text:)` takes a
    /// note as it is, for one already made this way or a draft being typed.)
    public init?(x: Double, validating text: String) {
        guard x.isFinite, let text = Self.validText(text) else { return nil }
        self.init(x: x, text: text)
    }

    /// `text` as a note keeps it (`init(x:validating:)`), or `nil` where nothing is left.
    public static func validText(_ text: String) -> String? {
        let clean = withoutControlCharacters(text)
        guard let start = clean.firstIndex(where: { !$0.isWhitespace }), let end = clean.lastIndex(where: { !$0.isWhitespace })
        else { return nil }
        return String(clean[start...end].prefix(textLimit))
    }

    /// `text` without its control characters (Unicode's Cc: C0, DEL, C1), as the
    /// window's field drops them from what is typed.
    public static func withoutControlCharacters(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { $0.properties.generalCategory != .control }))
    }

    /// The text made safe to show: control characters and bidirectional overrides
    /// escaped, cut at `displayLimit` characters.
    public var displayText: String { DisplayText.name(text, limit: Self.displayLimit) }

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
