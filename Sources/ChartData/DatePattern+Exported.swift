/// The forms spreadsheets and statistics offices export dates in, each with an
/// optional time after it (`DatePattern.Part.time`).
extension DatePattern {
    private static let dash = Part.literal(UInt8(ascii: "-"))
    private static let slash = Part.literal(UInt8(ascii: "/"))
    private static let dot = Part.literal(UInt8(ascii: "."))

    /// `2020`: a year, read as its first instant (only by the rule in `yearColumn`).
    public static let year = DatePattern(parts: [.year], name: "YYYY")
    /// `1749-01`: a month, read as its first instant.
    public static let yearMonth = DatePattern(parts: [.year, dash, .month], name: "YYYY-MM")
    /// `2020-01-31`, `2020-01-31T10:30:00Z`: ISO 8601 (the fast `DateParser` reads it).
    static let iso = DatePattern(parts: [.year, dash, .month, dash, .day, .time], name: "YYYY-MM-DD")
    /// `2020/01/31`.
    public static let yearFirstSlash = DatePattern(parts: [.year, slash, .month, slash, .day, .time], name: "YYYY/MM/DD")
    /// `01/31/2020`, `1/5/2020 1:05 PM`: as US spreadsheets write dates.
    public static let monthFirst = DatePattern(parts: [.month, slash, .day, slash, .year, .time], name: "MM/DD/YYYY")
    /// `31/01/2020`: as British and most European spreadsheets write dates.
    public static let dayFirst = DatePattern(parts: [.day, slash, .month, slash, .year, .time], name: "DD/MM/YYYY")
    /// `31.01.2020`: always day first.
    public static let dotted = DatePattern(parts: [.day, dot, .month, dot, .year, .time], name: "DD.MM.YYYY")
    /// `Jan 31, 2020`, `January 31, 2020`.
    public static let monthNamed = DatePattern(
        parts: [.monthName, .spaces(least: 1), .day, .optional(UInt8(ascii: ",")), .spaces(least: 0), .year, .time],
        name: "Mon DD, YYYY")
    /// `31-Jan-2020`.
    public static let dayMonthNamed = DatePattern(parts: [.day, dash, .monthName, dash, .year, .time], name: "DD-Mon-YYYY")

    /// The forms a column's first value is tried in, in order; slash dates are tried
    /// month first, then day first (the column's values settle which: `DateColumn`).
    /// ISO dates come here only with what `DateParser` does not read (`2020-01-31 1:05 PM`).
    static let exported = [yearMonth, iso, yearFirstSlash, monthFirst, dayFirst, dotted, monthNamed, dayMonthNamed]

    /// The forms read without `--date-format`, one example each, for messages.
    public static let exportedExamples = "2020-01-31, 2020-01, 2020/01/31, 01/31/2020, 31/01/2020, 31.01.2020, "
        + "Jan 31, 2020, 31-Jan-2020"

    /// The exported form `bytes[start..<end]` is written in, or `nil`.
    /// - Complexity: O(end − start).
    static func form(of bytes: UnsafeRawBufferPointer, from start: Int, to end: Int) -> DatePattern? {
        exported.first { $0.parse(bytes, from: start, to: end) != nil }
    }

    /// The forms a date typed on the command line may take (`--x-range`, `--note`): the
    /// exported forms, where a slash date must say which field is the day.
    /// - Returns: the seconds, whether a time of day was given, or `nil`.
    public static func commandLineSeconds(from text: String) -> (seconds: Double, hasTime: Bool)? {
        var text = text
        return text.withUTF8 { buffer -> (Double, Bool)? in
            let bytes = UnsafeRawBufferPointer(buffer)
            for form in [iso, yearFirstSlash, dotted, monthNamed, dayMonthNamed] + [monthFirst, dayFirst] {
                guard let reading = form.read(bytes, from: 0, to: bytes.count) else { continue }
                if form == monthFirst || form == dayFirst,
                   let other = form.swapsDayAndMonth?.read(bytes, from: 0, to: bytes.count), other.seconds != reading.seconds {
                    return nil
                }
                return (reading.seconds, reading.hasTime)
            }
            return nil
        }
    }

    /// Whether `text` is a slash date that reads as two different days, month first and
    /// day first (`03/01/2020`), which `commandLineSeconds` does not guess.
    public static func readsBothWays(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { buffer in
            let bytes = UnsafeRawBufferPointer(buffer)
            guard let month = monthFirst.read(bytes, from: 0, to: bytes.count),
                  let day = dayFirst.read(bytes, from: 0, to: bytes.count) else { return false }
            return month.seconds != day.seconds
        }
    }

    /// Whether a date typed on the command line carries a zone (`2020-01-31T10:00Z`,
    /// `31.01.2020 10:00 +01:00`): an instant, not a wall-clock time.
    public static func commandLineHasZone(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { buffer in
            let bytes = UnsafeRawBufferPointer(buffer)
            for form in [iso, yearFirstSlash, dotted, monthNamed, dayMonthNamed, monthFirst, dayFirst] {
                if let reading = form.read(bytes, from: 0, to: bytes.count) { return reading.hasZone }
            }
            return false
        }
    }
}
