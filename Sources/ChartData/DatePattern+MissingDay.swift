/// A date written in a column's form whose day its month does not have (`2019-02-29`,
/// `31/04/2020`): the message says so, where "expected a date like …" would name the
/// very form the value is written in.
extension DatePattern {
    private static let fullMonthNames = ["January", "February", "March", "April", "May", "June", "July", "August",
                                         "September", "October", "November", "December"]

    /// Where the field is written as this pattern says but its day is past its month's
    /// end: how long that month is (`February 2019 has 28 days`); else `nil`.
    /// - Complexity: O(end − start).
    func missingDay(_ bytes: UnsafeRawBufferPointer, from start: Int, to end: Int) -> String? {
        var cursor = DateCursor(bytes: bytes, start: start, end: end)
        cursor.trim()
        var fields = DateFields()
        for part in parts {
            guard cursor.read(part, into: &fields) else { return nil }
        }
        guard cursor.atEnd, fields.dayOfYear == nil, (1...12).contains(fields.month) else { return nil }
        let days = CivilCalendar.daysInMonth(year: fields.year, month: fields.month)
        guard fields.day > days else { return nil }
        return "\(Self.fullMonthNames[fields.month - 1]) \(fields.year) has \(days) days"
    }

    /// `missingDay` in the first of the exported forms that finds one.
    static func missingDay(inAnyForm bytes: UnsafeRawBufferPointer, from start: Int, to end: Int) -> String? {
        for form in exported {
            if let missing = form.missingDay(bytes, from: start, to: end) { return missing }
        }
        return nil
    }

    /// What a message expects instead of a day its month lacks, in `column` (quoted).
    static func dayExpectation(_ missing: String, column: String) -> String {
        "a day its month has in x column \(column) (\(missing))"
    }
}
