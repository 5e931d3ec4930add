import ChartGeometry

/// Reads back, from tick positions alone, the calendar step they sit on, so tests check
/// the ladder against the steps people expect without trusting the ladder's own tables.
enum CalendarReading {
    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    /// The days of a month that "5 d" labels.
    static let fiveDays = [1, 5, 10, 15, 20, 25]

    /// The step of ascending `ticks` (Unix seconds, at least two) if every tick sits on
    /// it and none of its instants between the first and last is missing: "15 s",
    /// "5 min", "3 h", "1 d", "5 d" (the 1st, 5th, 10th … 25th of each month), "15 d"
    /// (the 1st and 15th), "3 mo", "20 y"; nil when they sit on no such step.
    static func step(of ticks: [Double]) -> String? {
        guard ticks.count >= 2 else { return nil }
        let dates = ticks.map { CivilDate(unixSeconds: $0) }
        let gaps = zip(ticks.dropFirst(), ticks).map { $0 - $1 }
        guard zip(dates, ticks).allSatisfy({ $0.unixSeconds == $1 }) else { return nil }
        let even = gaps.allSatisfy { $0 == gaps[0] }
        let secondOfDay = ticks.map { Int((($0.truncatingRemainder(dividingBy: 86400)) + 86400).truncatingRemainder(dividingBy: 86400)) }
        if gaps[0] <= 86400, even {
            let step = Int(gaps[0])
            guard 86400 % step == 0, secondOfDay.allSatisfy({ $0 % step == 0 }) else { return nil }
            switch step {
            case ..<60: return "\(step) s"
            case ..<3600: return "\(step / 60) min"
            case ..<86400: return "\(step / 3600) h"
            default: return "1 d"
            }
        }
        guard secondOfDay.allSatisfy({ $0 == 0 }) else { return nil }
        if dates.contains(where: { $0.day != 1 }) {
            let sets = [(fiveDays, "5 d"), ([1, 15], "15 d")]
            return sets.first { days, _ in
                dates.allSatisfy { days.contains($0.day) } && zip(dates, dates.dropFirst()).allSatisfy { a, b in
                    let next = days.first { $0 > a.day }
                    return next.map { b.year == a.year && b.month == a.month && b.day == $0 }
                        ?? (b.day == 1 && b.year * 12 + b.month == a.year * 12 + a.month + 1)
                }
            }?.1
        }
        let months = dates.map { $0.year * 12 + $0.month - 1 }
        let monthGaps = zip(months.dropFirst(), months).map { $0 - $1 }
        if dates.contains(where: { $0.month != 1 }) {
            let step = monthGaps[0]
            guard monthGaps.allSatisfy({ $0 == step }), 12 % step == 0, months.allSatisfy({ $0 % step == 0 }) else { return nil }
            return "\(step) mo"
        }
        let years = dates.map(\.year)
        let step = years[1] - years[0]
        guard zip(years.dropFirst(), years).allSatisfy({ $0 - $1 == step }), years.allSatisfy({ $0 % step == 0 }) else { return nil }
        return "\(step) y"
    }

    /// The steps of the ladder people expect, finest first, up to `maximumYears`.
    static func expectedSteps(maximumYears: Int) -> [String] {
        var steps = ["1 s", "5 s", "15 s", "30 s", "1 min", "5 min", "15 min", "30 min",
                     "1 h", "3 h", "6 h", "12 h", "1 d", "5 d", "15 d", "1 mo", "3 mo", "6 mo"]
        var decade = 1
        while decade <= maximumYears {
            steps += ["\(decade) y", "\(2 * decade) y"]
            decade *= 10
        }
        return steps
    }

    /// "Dec 9, 2024": how a day is named when the labels show only times.
    static func dayName(_ date: CivilDate) -> String {
        "\(monthNames[date.month - 1]) \(date.day), \(date.year)"
    }
}
