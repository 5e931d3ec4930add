import ChartData

/// Dates as the chart writes them for a person, month before day throughout: the
/// board's `Mar 3, 2021 14:05`, a day's `Wed, Mar 13, 2019`, a range's
/// `Nov 22 – Nov 28, 2019`.
extension CivilDate {
    /// `Mar 3, 2021`, with `14:05` (or `14:05:07`) when the time is not midnight.
    public var longLabel: String {
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        var label = "\(CivilDate.monthNames[month - 1]) \(day), \(year)"
        if hour != 0 || minute != 0 || second != 0 {
            label += " \(two(hour)):\(two(minute))" + (second != 0 ? ":\(two(second))" : "")
        }
        return label
    }

    /// The date as data dated to `precision` are read: `1992` for yearly data, `Feb 1992`
    /// for monthly, else `longLabel`.
    public func label(precision: DatePrecision) -> String {
        switch precision {
        case .year: "\(year)"
        case .month: "\(CivilDate.monthNames[month - 1]) \(year)"
        case .day: longLabel
        }
    }

    /// `Wed, Mar 13, 2019`: the day alone, with its weekday.
    public var dayLabel: String {
        let days = CivilDate.days(year: year, month: month, day: day)
        // 1970-01-01 was a Thursday.
        let weekday = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"][((days % 7) + 7) % 7]
        return "\(weekday), \(CivilDate.monthNames[month - 1]) \(day), \(year)"
    }

    /// `Nov 22 – Nov 28, 2019` from this day to `last` (`Dec 28, 2019 – Jan 3, 2020`
    /// across a year's end).
    public func rangeLabel(to last: CivilDate) -> String {
        let year = self.year == last.year ? "" : ", \(self.year)"
        return "\(CivilDate.monthNames[month - 1]) \(day)\(year) – \(CivilDate.monthNames[last.month - 1]) \(last.day), \(last.year)"
    }
}
