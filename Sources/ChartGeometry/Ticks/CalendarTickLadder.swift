
/// Calendar-aware ticks for a time axis (x in Unix seconds × `unitsPerSecond`), on the
/// steps people count time in: 1, 5, 15, 30 seconds and minutes; 1, 3, 6, 12 hours;
/// days; the 1st, 5th, 10th, 15th, 20th and 25th; the 1st and 15th; 1, 3, 6 months;
/// 1, 2, 10, 20, 100, 200 … years, up to two billion.
///
/// Every level's ticks are among the finer level's, so zooming out keeps a subset of
/// the labels in place and zooming in only adds. That rules out some steps people also
/// use: 10 and 15 minutes (neither holds the other), 2 and 5 years, weeks (they do not
/// restart with months, nor do months hold them). Of 5 and 10 minutes, 5 and 15 keep the
/// quarter hours; of 2 and 5 years, 1, 2, 10, 20 label a decade in five steps and a
/// century in five; of weeks and the 1st/15th, the 1st/15th nest, and between days and
/// them the 5th, 10th … 25th step five days, near a week, but restart with each month
/// (weeks would make the step from days × 7, and 3.15 × 7 labels crowd).
public struct CalendarTickLadder: TickLadder {
    /// Data units per second: 1 for Unix seconds, 1000 for milliseconds.
    public let unitsPerSecond: Double

    public init(unitsPerSecond: Double = 1) {
        self.unitsPerSecond = unitsPerSecond
    }

    /// The levels, finest first. The years reach 2 × 10⁹: three labels across all the
    /// dates `CivilDate` makes.
    static let steps: [CalendarStep] = {
        let minute = 60, hour = 3600
        var steps: [CalendarStep] = [1, 5, 15, 30].map { .seconds($0) }
        steps += [1, 5, 15, 30].map { .seconds($0 * minute) }
        steps += [1, 3, 6, 12, 24].map { .seconds($0 * hour) }
        steps += [.daysOfMonth([1, 5, 10, 15, 20, 25]), .daysOfMonth([1, 15])]
        steps += [1, 3, 6].map { .months($0) }
        var power = 1
        for _ in 0...9 {
            steps += [.years(power), .years(2 * power)]
            power *= 10
        }
        return steps
    }()

    public var levels: ClosedRange<Int> { 0...(Self.steps.count - 1) }

    /// The most ticks one call makes: a level far too fine for the range gets none, so
    /// the cost follows the labels that can fit, never the width of the range.
    static let maximumTicks = 10_000

    /// Average distance between ticks in x units (seconds × `unitsPerSecond`).
    public func spacing(ofLevel level: Int) -> Double {
        Self.steps[level].averageSeconds * unitsPerSecond
    }

    public func ticks(ofLevel level: Int, in range: ClosedRange<Double>) -> [Double] {
        // Dates exist only within CivilDate's range; a view beyond it has no date ticks.
        let limit = CivilDate.limitInSeconds
        let lower = max(range.lowerBound / unitsPerSecond, -limit), upper = min(range.upperBound / unitsPerSecond, limit)
        guard lower.isFinite, upper.isFinite, upper >= lower,
              (upper - lower) * unitsPerSecond / spacing(ofLevel: level) <= Double(Self.maximumTicks) else { return [] }
        return Self.steps[level].ticks(from: lower, to: upper).map { $0 * unitsPerSecond }
    }

    /// The coarsest unit `value` falls on picks the format: `2021`, `Mar`, `Mar 3`,
    /// `14:05`, `14:05:07`, or `−150M` for a year in deep time (a real minus). A year's first label is the year, so a view of days or
    /// months names the year where it turns.
    public func label(for value: Double, level: Int) -> String {
        let date = CivilDate(unixSeconds: value / unitsPerSecond)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        if date.second != 0 { return "\(two(date.hour)):\(two(date.minute)):\(two(date.second))" }
        if date.hour != 0 || date.minute != 0 { return "\(two(date.hour)):\(two(date.minute))" }
        if date.day != 1 { return "\(CivilDate.monthNames[date.month - 1]) \(date.day)" }
        if date.month != 1 { return CivilDate.monthNames[date.month - 1] }
        // Deep time in thousands with a suffix (`-150K`, `2.5M`, `3G`), so ten-digit
        // years need not crowd labels out; a year not on a thousand keeps its digits.
        if abs(date.year) >= 100_000, date.year % 1000 == 0 { return ValueFormat.withRealMinus(NumberLabel.format(Double(date.year))) }
        return ValueFormat.withRealMinus("\(date.year)")
    }

    /// Under times, the day (`Dec 9, 2024`); under days and months, the year (`2024`);
    /// years need nothing.
    public func context(for value: Double, level: Int) -> TickContext? {
        let seconds = value / unitsPerSecond
        guard abs(seconds) <= CivilDate.limitInSeconds else { return nil }
        switch Self.steps[level] {
        case .seconds(let k) where k < 86400:
            let start = (seconds / 86400).rounded(.down) * 86400
            let date = CivilDate(unixSeconds: start)
            return TickContext(start: start * unitsPerSecond, end: (start + 86400) * unitsPerSecond,
                               text: "\(CivilDate.monthNames[date.month - 1]) \(date.day), " + ValueFormat.withRealMinus("\(date.year)"))
        case .seconds, .daysOfMonth, .months:
            let year = CivilDate(unixSeconds: seconds).year
            return TickContext(start: CalendarStep.midnight(year: year, month: 1, day: 1) * unitsPerSecond,
                               end: CalendarStep.midnight(year: year + 1, month: 1, day: 1) * unitsPerSecond,
                               text: ValueFormat.withRealMinus("\(year)"))
        case .years:
            return nil
        }
    }
}
