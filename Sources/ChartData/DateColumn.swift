/// The form an x column writes its dates in, once its values chose it: what every row
/// is read with, and what a row written otherwise is told it should have been.
struct DateColumn: Equatable {
    var pattern: DatePattern
    /// The line whose value showed the form (or settled the order of day and month),
    /// and that value, quoted for a message.
    var line: Int
    var text: String
    /// Whether `--date-format` gave the pattern.
    var fromOption = false
    /// Whether no value said which of day and month comes first (`01/02/2020`), so
    /// `MM/DD` was taken.
    var orderAssumed = false

    /// What a value of this column looks like, for the message naming one that is not.
    var expectation: String {
        fromOption ? "a date as --date-format \(DisplayText.quoted(pattern.name)) reads it"
            : "a date written \(pattern.name) like line \(line)'s \(text)"
    }

    /// Whether a column's name says it holds years: one of its words (split at
    /// anything not a letter) is year, years, yr, date or period.
    static func namesYears(_ name: String) -> Bool {
        let words = name.lowercased().split { !$0.isLetter }
        return words.contains { ["year", "years", "yr", "date", "period"].contains($0) }
    }

    /// Whether the field is a plain four-digit year, 1000…2999 (spaces around allowed).
    static func isYear(_ bytes: UnsafeRawBufferPointer, from start: Int, to end: Int) -> Bool {
        var cursor = DateCursor(bytes: bytes, start: start, end: end)
        cursor.trim()
        guard cursor.end - cursor.i == 4, bytes[cursor.i] == UInt8(ascii: "1") || bytes[cursor.i] == UInt8(ascii: "2") else {
            return false
        }
        return (cursor.i..<cursor.end).allSatisfy { bytes[$0] &- 0x30 < 10 }
    }
}
