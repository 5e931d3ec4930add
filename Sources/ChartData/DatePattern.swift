/// How a column writes its dates, as parts in order (`MM/DD/YYYY`, `Mon D, YYYY`, or a
/// `--date-format` pattern), read straight from bytes once a column's first rows chose
/// it: the per-row cost is one pass over the field, no Foundation formatter.
///
/// A value with a zone (`Z`, `+01:00`, `-0500`) is an instant and reads as UTC; one
/// without is a wall-clock time, read as if it were UTC (never shifted).
public struct DatePattern: Equatable, Sendable {
    /// One part of a written date.
    public enum Part: Equatable, Sendable {
        /// Four digits (`%Y`).
        case year
        /// Two digits, 69…99 the 1900s and 00…68 the 2000s as POSIX reads them (`%y`).
        case shortYear
        /// One or two digits, 1…12 (`%m`).
        case month
        /// `Jan` or `January`, any case (`%b`, `%B`).
        case monthName
        /// One or two digits, 1…31 (`%d`).
        case day
        /// One to three digits, 1…366 (`%j`).
        case dayOfYear
        /// One or two digits, 0…23 (`%H`).
        case hour
        /// One or two digits, 1…12, with a `meridiem` (`%I`).
        case hour12
        /// Two digits (`%M`).
        case minute
        /// Two digits, 60 for a leap second (`%S`).
        case second
        /// Digits after a decimal point, any number (`%f`).
        case fraction
        /// `AM` or `PM`, any case (`%p`).
        case meridiem
        /// `Z`, `±HH`, `±HHMM` or `±HH:MM` (`%z`).
        case zone
        /// This byte.
        case literal(UInt8)
        /// At least `least` spaces.
        case spaces(least: Int)
        /// Optionally this byte.
        case optional(UInt8)
        /// Optionally a time after the date: `T` or spaces, `H:MM`, `:SS`, `.fff`, then
        /// `AM`/`PM` and a zone, each optional (what an exported date may carry).
        case time
    }

    public var parts: [Part]
    /// The pattern as people write it: `MM/DD/YYYY`, or the `--date-format` text.
    public var name: String

    public init(parts: [Part], name: String) {
        self.parts = parts
        self.name = name
    }

    /// Whether the pattern names the day and month by number, in this order or the
    /// other (`DD/MM` against `MM/DD`): the order a column's values may settle.
    var swapsDayAndMonth: DatePattern? {
        guard let d = parts.firstIndex(of: .day), let m = parts.firstIndex(of: .month) else { return nil }
        var swapped = self
        swapped.parts.swapAt(d, m)
        swapped.name = Self.swappedName(name)
        return swapped
    }

    private static func swappedName(_ name: String) -> String {
        if name.hasPrefix("MM/DD") { return "DD/MM" + name.dropFirst(5) }
        if name.hasPrefix("DD/MM") { return "MM/DD" + name.dropFirst(5) }
        return name
    }
}

extension DatePattern {
    /// What one read found: seconds since 1970-01-01T00:00:00Z, and whether the value
    /// carried a zone (an instant) or not (a wall-clock time).
    struct Reading {
        var seconds: Double
        var hasZone: Bool
        /// Whether a time of day was written.
        var hasTime: Bool
    }

    /// Seconds since 1970-01-01T00:00:00Z of the field, or `nil` if it is not written
    /// so. Spaces around it are passed over.
    /// - Complexity: O(end − start).
    @inline(__always)
    func parse(_ bytes: UnsafeRawBufferPointer, from start: Int, to end: Int) -> Double? {
        read(bytes, from: start, to: end)?.seconds
    }

    /// The field read with this pattern, or `nil`.
    /// - Complexity: O(end − start).
    func read(_ bytes: UnsafeRawBufferPointer, from start: Int, to end: Int) -> Reading? {
        var cursor = DateCursor(bytes: bytes, start: start, end: end)
        cursor.trim()
        var fields = DateFields()
        for part in parts {
            guard cursor.read(part, into: &fields) else { return nil }
        }
        guard cursor.atEnd else { return nil }
        return fields.reading()
    }

    /// `text` read with this pattern, or `nil`.
    public func unixSeconds(from text: String) -> Double? {
        var text = text
        return text.withUTF8 { parse(UnsafeRawBufferPointer($0), from: 0, to: $0.count) }
    }
}

/// The values a date's parts gave, checked and counted into seconds at the end.
struct DateFields {
    var year = 1970
    var month = 1
    var day = 1
    var dayOfYear: Int?
    var hour = 0
    var hour12: Int?
    var minute = 0
    var second = 0
    var fraction = 0.0
    var afternoon: Bool?
    var zoneSeconds: Int?
    var hasTime = false

    func reading() -> DatePattern.Reading? {
        guard (1...12).contains(month), (1...CivilCalendar.daysInMonth(year: year, month: month)).contains(day),
              hour < 24, minute < 60, second < 61 else { return nil }
        var hour = hour
        if let hour12 {
            guard let afternoon, (1...12).contains(hour12) else { return nil }
            // 12 AM is midnight, 12 PM noon.
            hour = hour12 % 12 + (afternoon ? 12 : 0)
        } else if afternoon != nil {
            // `1:05 PM`: a 12-hour time read by the one hour part there is.
            guard (1...12).contains(hour) else { return nil }
            hour = hour % 12 + (afternoon! ? 12 : 0)
        }
        var days = CivilCalendar.days(year: year, month: month, day: day)
        if let dayOfYear {
            guard dayOfYear >= 1, dayOfYear <= (CivilCalendar.isLeap(year) ? 366 : 365) else { return nil }
            days = CivilCalendar.days(year: year, month: 1, day: 1) + dayOfYear - 1
        }
        let seconds = Double(days * 86_400 + hour * 3600 + minute * 60 + second - (zoneSeconds ?? 0)) + fraction
        return DatePattern.Reading(seconds: seconds, hasZone: zoneSeconds != nil, hasTime: hasTime)
    }
}
