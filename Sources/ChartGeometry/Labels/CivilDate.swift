import ChartData

/// A proleptic Gregorian date and time of day in UTC, converted to and from Unix
/// seconds by days-from-civil arithmetic (no Foundation calendar on the hot path).
/// Axis labels are in UTC so a chart reads the same on every machine.
public struct CivilDate: Equatable, Sendable {
    public var year: Int
    /// 1…12
    public var month: Int
    /// 1…31
    public var day: Int
    public var hour = 0
    public var minute = 0
    public var second = 0

    public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    /// The latest (and, negated, earliest) instant a date is made for: about 3.17
    /// billion years either side of 1970. Instants beyond it are taken as this one, so
    /// no value, however large, overflows the arithmetic.
    public static let limitInSeconds = 1e17

    /// The date and whole-second time of `unixSeconds` (rounded down), within
    /// ±`limitInSeconds`; NaN is taken as 1970.
    public init(unixSeconds: Double) {
        let clamped = unixSeconds.isNaN ? 0 : min(max(unixSeconds, -Self.limitInSeconds), Self.limitInSeconds)
        let whole = Int(clamped.rounded(.down))
        let days = whole >= 0 ? whole / 86400 : -((-whole + 86399) / 86400)
        let secondOfDay = whole - days * 86400
        (year, month, day) = Self.civil(fromDays: days)
        hour = secondOfDay / 3600
        minute = secondOfDay / 60 % 60
        second = secondOfDay % 60
    }

    public var unixSeconds: Double {
        Double(Self.days(year: year, month: month, day: day) * 86400 + hour * 3600 + minute * 60 + second)
    }

    public static func daysInMonth(year: Int, month: Int) -> Int {
        CivilCalendar.daysInMonth(year: year, month: month)
    }

    public static func isLeap(_ year: Int) -> Bool { CivilCalendar.isLeap(year) }

    /// Days since 1970-01-01 of a civil date.
    public static func days(year: Int, month: Int, day: Int) -> Int {
        CivilCalendar.days(year: year, month: month, day: day)
    }

    static func civil(fromDays days: Int) -> (Int, Int, Int) {
        let date = CivilCalendar.date(fromDays: days)
        return (date.year, date.month, date.day)
    }

    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
}
