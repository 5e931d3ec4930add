import CSQLite
import ChartData

/// How a SQLite column holds its values, told from its declared type's affinity and a
/// sample of its values (SQLite is dynamically typed: a column declared `DATETIME` may
/// hold text, integers or reals), and the SQL that turns them into the chart's x
/// (Unix seconds for instants, in SQLite's own functions) or y.
enum SQLiteColumnForm: Equatable, Sendable {
    /// Numbers, drawn as they are.
    case number
    /// Integers (or reals, where the name says time) of Unix seconds between 1973 and 2100.
    case unixSeconds
    /// Integers of Unix milliseconds between 1973 and 2100.
    case unixMilliseconds
    /// Reals of Julian days (SQLite's `julianday()`), in a column declared as a date or time.
    case julianDay
    /// ISO 8601 text (`2024-01-31`, `2024-01-31 10:30:15.250`, `2024-01-31T10:30Z`), read
    /// by SQLite's `julianday()` to the millisecond; zones are moved to UTC.
    case isoText
    /// Text, blobs, or nothing to tell by: neither x nor y.
    case other

    var role: SourceColumn.Role {
        switch self {
        case .number: .number
        case .unixSeconds, .unixMilliseconds, .julianDay, .isoText: .time
        case .other: .other
        }
    }

    /// Whether x in this form is the column itself, so an index on it serves a range.
    var isRaw: Bool { self == .number || self == .unixSeconds }

    /// The column `quoted` as x: seconds for instants, the number otherwise.
    func x(_ quoted: String) -> String {
        switch self {
        case .number, .unixSeconds, .other: quoted
        case .unixMilliseconds: "(\(quoted) / 1000.0)"
        case .julianDay: "((\(quoted) - 2440587.5) * 86400.0)"
        // julianday() keeps milliseconds as an integer inside; rounding to them gives the
        // same seconds a parsed date has.
        case .isoText: "(round((julianday(\(quoted)) - 2440587.5) * 86400000.0) / 1000.0)"
        }
    }

    /// The column `quoted` as y: its numbers, and text that is a number written out
    /// (`isNumberText`), NULL (a break) for other text or blobs that a dynamically typed
    /// column may also hold.
    static func y(_ quoted: String) -> String {
        "(CASE WHEN typeof(\(quoted)) IN ('integer', 'real') THEN \(quoted) "
            + "WHEN typeof(\(quoted)) = 'text' AND trim(\(quoted)) GLOB '*[0-9]*' "
            + "AND trim(\(quoted)) NOT GLOB '*[^0-9.eE+-]*' THEN CAST(trim(\(quoted)) AS REAL) END)"
    }

    /// Whether `text` is a number written out, as `y` reads one: digits with a sign, a
    /// point or an exponent (`21.5`, ` -3`, `1e5`).
    static func isNumberText(_ text: String) -> Bool {
        var trimmed = Substring(text)
        while trimmed.first == " " { trimmed.removeFirst() }
        while trimmed.last == " " { trimmed.removeLast() }
        return trimmed.allSatisfy { "0123456789.eE+-".contains($0) } && trimmed.contains(where: \.isWholeNumber)
            && Double(trimmed) != nil
    }

    /// A sampled value of a column.
    enum Sample: Equatable, Sendable {
        case integer(Double), real(Double), text(String), blob
    }

    /// Instants between 1973 and 2100, in seconds and in milliseconds (as `XAxisKind`
    /// guesses a CSV file's).
    static let unixSecondsRange = 1e8...4.2e9
    static let unixMillisecondsRange = 1e11...4.2e12
    /// Julian days of the years 763 to 2954.
    static let julianDayRange = 2e6...2.8e6

    /// The form of a column named `name`, declared `declared`, whose sampled non-NULL
    /// values are `sample`.
    static func of(name: String, declared: String, sample: [Sample]) -> SQLiteColumnForm {
        let type = declared.uppercased()
        let saysTime = ["DATE", "TIME", "STAMP"].contains { type.contains($0) }
        let texts = sample.compactMap { value -> String? in if case let .text(text) = value { text } else { nil } }
        let numbers = sample.compactMap { value -> Double? in
            switch value {
            case let .integer(number), let .real(number): number
            default: nil
            }
        }
        if sample.contains(.blob) { return .other }
        if !texts.isEmpty {
            if numbers.isEmpty {
                if texts.allSatisfy(isISODate) { return .isoText }
                // Numbers written as text (Home Assistant's `state`: "21.5", and
                // "unavailable" now and then) are numbers; the other words are gaps.
                let written = texts.filter(isNumberText).count
                return written > 0 && 2 * written >= texts.count ? .number : .other
            }
            // Text among the numbers of a numeric column is what SQLite could not read
            // as a number: a break, as a NULL is. In a text column, the column is text.
            guard [.integer, .real, .numeric].contains(affinity(type)) else { return .other }
        }
        guard !numbers.isEmpty else {
            // Nothing to look at: the declared type decides.
            if saysTime { return affinity(type) == .text ? .isoText : .unixSeconds }
            return [.integer, .real, .numeric].contains(affinity(type)) ? .number : .other
        }
        // Numbers are instants only where the name or type says so: a column of volumes
        // may hold whole numbers of Unix seconds' size and is still a y (`asX` reads such
        // a column as instants once it is chosen as x).
        guard saysTime || timeNames.contains(name.lowercased()) else { return .number }
        if numbers.allSatisfy(unixSecondsRange.contains) { return .unixSeconds }
        if numbers.allSatisfy(unixMillisecondsRange.contains) { return .unixMilliseconds }
        if saysTime, numbers.allSatisfy(julianDayRange.contains) { return .julianDay }
        return .number
    }

    /// The form of a column chosen as x: a number column of whole numbers that are Unix
    /// seconds (or milliseconds) between 1973 and 2100 holds instants, as a CSV file's x
    /// does (`XAxisKind`).
    func asX(sample: [Sample]) -> SQLiteColumnForm {
        guard self == .number, !sample.isEmpty else { return self }
        var numbers: [Double] = []
        for value in sample {
            guard case let .integer(number) = value else { return self }
            numbers.append(number)
        }
        if numbers.allSatisfy(Self.unixSecondsRange.contains) { return .unixSeconds }
        if numbers.allSatisfy(Self.unixMillisecondsRange.contains) { return .unixMilliseconds }
        return self
    }

    /// Column names that say their numbers are instants (as the CSV reader's).
    static let timeNames: Set<String> = ["time", "timestamp", "datetime", "date", "epoch", "unix", "ts", "t"]

    /// `YYYY-MM-DD`, alone or with a time after `T` or a space.
    static func isISODate(_ text: String) -> Bool {
        let bytes = Array(text.utf8.prefix(20))
        func digits(_ range: Range<Int>) -> Bool { range.allSatisfy { $0 < bytes.count && (48...57).contains(bytes[$0]) } }
        guard digits(0..<4), bytes.count >= 10, bytes[4] == UInt8(ascii: "-"), digits(5..<7),
              bytes[7] == UInt8(ascii: "-"), digits(8..<10) else { return false }
        guard bytes.count > 10 else { return true }
        return (bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: " ")) && digits(11..<13)
            && bytes.count > 13 && bytes[13] == UInt8(ascii: ":")
    }

    /// SQLite's column affinity for a declared type (its rules, in their order).
    enum Affinity { case integer, text, blob, real, numeric }

    static func affinity(_ type: String) -> Affinity {
        if type.contains("INT") { return .integer }
        if ["CHAR", "CLOB", "TEXT"].contains(where: type.contains) { return .text }
        if type.contains("BLOB") || type.isEmpty { return .blob }
        if ["REAL", "FLOA", "DOUB"].contains(where: type.contains) { return .real }
        return .numeric
    }

    /// A value of `statement`'s `column` as a sample (`nil` for NULL).
    static func sample(of statement: SQLiteStatement, column: Int32) -> Sample? {
        switch statement.type(column) {
        case SQLITE_INTEGER: .integer(statement.double(column))
        case SQLITE_FLOAT: .real(statement.double(column))
        case SQLITE_TEXT: .text(statement.text(column) ?? "")
        case SQLITE_BLOB: .blob
        default: nil
        }
    }
}
