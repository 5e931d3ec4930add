import ChartData

/// One level of `CalendarTickLadder`: the instants it labels, in Unix seconds (UTC).
enum CalendarStep: Equatable, Sendable {
    /// Every multiple of this many seconds since 1970, a divisor of a day (1 s to 1 d).
    /// UTC days have no leap seconds, so these fall on the same clock times every day.
    case seconds(Int)
    /// These days of every month, at midnight.
    case daysOfMonth([Int])
    /// Midnight on the 1st of every k-th month from January (k divides 12).
    case months(Int)
    /// Midnight on January 1st of every year divisible by k.
    case years(Int)

    /// Days in a month and a year, on average over the Gregorian 400-year cycle.
    static let monthInSeconds = CivilCalendar.averageMonthSeconds
    static let yearInSeconds = CivilCalendar.averageYearSeconds

    /// The average distance between ticks in seconds.
    var averageSeconds: Double {
        switch self {
        case .seconds(let k): Double(k)
        case .daysOfMonth(let days): Self.monthInSeconds / Double(days.count)
        case .months(let k): Self.monthInSeconds * Double(k)
        case .years(let k): Self.yearInSeconds * Double(k)
        }
    }

    /// The ticks in `lower...upper` (seconds within ±`CivilDate.limitInSeconds`),
    /// ascending and distinct.
    /// - Complexity: O(ticks in the range + k) for months, O(ticks in the range) otherwise.
    func ticks(from lower: Double, to upper: Double) -> [Double] {
        var ticks: [Double] = []
        func emit(_ seconds: Double) {
            // Far from 1970 neighbouring seconds round to one Double: keep it once.
            if seconds >= lower && seconds <= upper && seconds != ticks.last { ticks.append(seconds) }
        }
        switch self {
        case .seconds(let k):
            let step = Double(k)
            let first = Int((lower / step).rounded(.up)), last = Int((upper / step).rounded(.down))
            guard first <= last else { return [] }
            for n in first...last { emit(Double(n) * step) }
        case .daysOfMonth(let days):
            let start = CivilDate(unixSeconds: lower)
            var (year, month) = (start.year, start.month)
            while Self.midnight(year: year, month: month, day: 1) <= upper {
                for day in days { emit(Self.midnight(year: year, month: month, day: day)) }
                (year, month) = month == 12 ? (year + 1, 1) : (year, month + 1)
            }
        case .months(let k):
            let start = CivilDate(unixSeconds: lower)
            var index = Self.floorDivide(start.year * 12 + start.month - 1, by: k) * k
            while true {
                let year = Self.floorDivide(index, by: 12)
                let tick = Self.midnight(year: year, month: index - year * 12 + 1, day: 1)
                guard tick <= upper else { break }
                emit(tick)
                index += k
            }
        case .years(let k):
            var year = Self.floorDivide(CivilDate(unixSeconds: lower).year, by: k) * k
            while Self.midnight(year: year, month: 1, day: 1) <= upper {
                emit(Self.midnight(year: year, month: 1, day: 1))
                year += k
            }
        }
        return ticks
    }

    static func midnight(year: Int, month: Int, day: Int) -> Double {
        Double(CivilDate.days(year: year, month: month, day: day)) * 86400
    }

    /// `a / b` rounded toward minus infinity, so years before 0 step like the rest.
    static func floorDivide(_ a: Int, by b: Int) -> Int {
        a >= 0 ? a / b : -((-a + b - 1) / b)
    }
}
