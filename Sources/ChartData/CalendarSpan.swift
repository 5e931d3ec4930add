import Foundation

/// The time between two instants as a person counts it on a calendar (UTC): whole
/// months (a year is twelve), then whole days, then the seconds left, so that from
/// Oct 9, 2007 to Mar 9, 2009 is 1 year 5 months, and Jan 31 to Mar 1 is 1 month 1 day
/// (a month from Jan 31 ends on the last day of February, as calendars and spreadsheets
/// count). `words` says it in its two largest units: `3 years 2 months`, `12 days`,
/// `6 h 12 min`.
public struct CalendarSpan: Equatable, Sendable {
    /// Whole months from the start (twelve to a year).
    public var months: Int
    /// Whole days after those months.
    public var days: Int
    /// Seconds after those days, 0 ≤ seconds < 86,400 (fractions kept).
    public var seconds: Double

    /// Whole years, twelve months each.
    public var years: Int { months / 12 }
    /// Months past the whole years, 0…11.
    public var monthsOfYear: Int { months % 12 }
    /// Whole hours in `seconds`, 0…23.
    public var hours: Int { Int(seconds / 3600) }
    /// Whole minutes past those hours, 0…59.
    public var minutes: Int { Int(seconds / 60) % 60 }

    /// The span from `start` to `end`, Unix seconds.
    /// - Precondition: both finite, `start <= end`.
    /// - Complexity: O(1).
    public init(fromSeconds start: Double, to end: Double) {
        precondition(start.isFinite && end.isFinite && start <= end, "CalendarSpan: needs finite start <= end")
        let (startDay, startSecond) = Self.split(start), (endDay, endSecond) = Self.split(end)
        let a = CivilCalendar.date(fromDays: startDay), b = CivilCalendar.date(fromDays: endDay)
        var months = (b.year - a.year) * 12 + (b.month - a.month)
        // The last month is whole only where the end's day and time reach the start's.
        if (b.day, endSecond) < (a.day, startSecond) { months -= 1 }
        let anchor = Self.day(addingMonths: months, toYear: a.year, month: a.month, day: a.day)
        let left = Double(endDay - anchor) * 86_400 + (endSecond - startSecond)
        let days = Int((left / 86_400).rounded(.down))
        self.months = months
        self.days = days
        seconds = min(max(left - Double(days) * 86_400, 0), 86_400.nextDown)
    }

    /// The span from `start` to `end` in instants of `unitsPerSecond` (a time axis' x).
    public init(from start: Double, to end: Double, unitsPerSecond: Double) {
        self.init(fromSeconds: start / unitsPerSecond, to: end / unitsPerSecond)
    }

    /// The two largest units that are not zero, the second left out when it is zero:
    /// `1 year 5 months`, `2 years`, `12 days 6 h`, `6 h 12 min`, `12 min 5 s`; under a
    /// minute, seconds with up to three significant digits (`42 s`, `0.25 s`).
    public var words: String {
        let whole = Int(seconds.rounded(.down)) % 60
        let units: [(Int, String)] = [(years, Self.plural(years, "year")), (monthsOfYear, Self.plural(monthsOfYear, "month")),
                                      (days, Self.plural(days, "day")), (hours, "\(hours) h"), (minutes, "\(minutes) min"),
                                      (whole, "\(whole) s")]
        guard let largest = units.firstIndex(where: { $0.0 != 0 }) else { return Self.seconds(seconds) }
        if largest == units.count - 1 { return Self.seconds(seconds) }
        let next = units[largest + 1]
        return next.0 == 0 ? units[largest].1 : units[largest].1 + " " + next.1
    }

    /// Unix seconds as a day count and the seconds into that day.
    private static func split(_ seconds: Double) -> (day: Int, second: Double) {
        let day = (seconds / 86_400).rounded(.down)
        return (Int(day), seconds - day * 86_400)
    }

    /// The day count of the date `months` after the given one, its day kept or, where
    /// the month is shorter, the month's last.
    private static func day(addingMonths months: Int, toYear year: Int, month: Int, day: Int) -> Int {
        let total = year * 12 + (month - 1) + months
        // Floor division: years before 0 count down too.
        let y = total >= 0 ? total / 12 : (total - 11) / 12
        let newMonth = total - y * 12 + 1
        return CivilCalendar.days(year: y, month: newMonth, day: min(day, CivilCalendar.daysInMonth(year: y, month: newMonth)))
    }

    private static func plural(_ n: Int, _ unit: String) -> String {
        "\(n) \(unit)\(n == 1 ? "" : "s")"
    }

    /// `42 s`, `1.5 s`, `0.25 s`, `0 s`: three significant digits, trailing zeros cut.
    private static func seconds(_ value: Double) -> String {
        guard value > 0 else { return "0 s" }
        var text = String(format: "%.*f", max(0, 2 - Int(log10(value).rounded(.down))), value)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text + " s"
    }
}
