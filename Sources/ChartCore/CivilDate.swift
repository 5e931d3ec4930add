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
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    public static func isLeap(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// Days since 1970-01-01 of a civil date (Howard Hinnant's algorithm).
    public static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146097 + dayOfEra - 719468
    }

    static func civil(fromDays days: Int) -> (Int, Int, Int) {
        let z = days + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let dayOfEra = z - era * 146097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
}
