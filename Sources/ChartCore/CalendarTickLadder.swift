/// Calendar-aware ticks for a time axis (x in Unix seconds × `unitsPerSecond`).
///
/// Each calendar unit (second, minute, hour, day, month) is labelled at every k-th step
/// with k a power of two, counted from the start of the enclosing unit (second 0 of the
/// minute, day 1 of the month, January); a tick is kept only if a whole step fits
/// before the next enclosing unit starts, so ticks never crowd at a month's end and the
/// next coarser unit's ticks are always among them. Years are labelled every 2^k years.
/// Every level's ticks are therefore a subset of the level below: the ladder nests.
public struct CalendarTickLadder: TickLadder {
    /// Data units per second: 1 for Unix seconds, 1000 for milliseconds.
    public let unitsPerSecond: Double

    public init(unitsPerSecond: Double = 1) {
        self.unitsPerSecond = unitsPerSecond
    }

    enum Unit: Int, CaseIterable {
        case second, minute, hour, day, month, year
    }

    /// The levels in order: (unit, k) with k = 2^i. A level equal to the next unit's
    /// first (32 s → only second 0 of a minute) is left out.
    static let steps: [(unit: Unit, k: Int)] = {
        var steps: [(Unit, Int)] = []
        steps += [1, 2, 4, 8, 16].map { (.second, $0) }
        steps += [1, 2, 4, 8, 16].map { (.minute, $0) }
        steps += [1, 2, 4, 8].map { (.hour, $0) }
        steps += [1, 2, 4, 8].map { (.day, $0) }
        steps += [1, 2, 4].map { (.month, $0) }
        // Up to 2^32 years (4.3 billion): the date range `CivilDate` covers.
        steps += (0...32).map { (.year, 1 << $0) }
        return steps
    }()

    public var levels: ClosedRange<Int> { 0...(Self.steps.count - 1) }

    /// The most ticks one call makes: a level far too fine for the range gets none, so
    /// the cost follows the labels that can fit, never the width of the range.
    static let maximumTicks = 10_000

    /// Average distance between ticks in x units (seconds × `unitsPerSecond`), counting
    /// the ticks dropped before a unit's end.
    public func spacing(ofLevel level: Int) -> Double {
        let (unit, k) = Self.steps[level]
        let parent: Double, count: Double
        switch unit {
        case .second: (parent, count) = (60, Double(Self.count(k: k, in: 60)))
        case .minute: (parent, count) = (3600, Double(Self.count(k: k, in: 60)))
        case .hour: (parent, count) = (86400, Double(Self.count(k: k, in: 24)))
        case .day: (parent, count) = (30.436875 * 86400, (Double(Self.count(k: k, in: 28)) + 3 * Double(Self.count(k: k, in: 30))
                                                          + 8 * Double(Self.count(k: k, in: 31))) / 12)
        case .month: (parent, count) = (365.2425 * 86400, Double(Self.count(k: k, in: 12)))
        case .year: (parent, count) = (365.2425 * 86400 * Double(k), 1)
        }
        return parent / count * unitsPerSecond
    }

    /// Ticks at positions 0, k, 2k, … of a unit with `length` sub-units, each needing a
    /// whole step before the end.
    static func count(k: Int, in length: Int) -> Int {
        (length - k) / k + 1
    }

    static func keeps(_ position: Int, k: Int, length: Int) -> Bool {
        position % k == 0 && position + k <= length
    }

    public func ticks(ofLevel level: Int, in range: ClosedRange<Double>) -> [Double] {
        let (unit, k) = Self.steps[level]
        // Dates exist only within CivilDate's range; a view beyond it has no date ticks.
        let limit = CivilDate.limitInSeconds
        let lower = max(range.lowerBound / unitsPerSecond, -limit), upper = min(range.upperBound / unitsPerSecond, limit)
        guard lower.isFinite, upper.isFinite, upper >= lower,
              (upper - lower) * unitsPerSecond / spacing(ofLevel: level) <= Double(Self.maximumTicks) else { return [] }
        var ticks: [Double] = []
        func emit(_ seconds: Double) {
            if seconds >= lower && seconds <= upper { ticks.append(seconds * unitsPerSecond) }
        }
        switch unit {
        case .second, .minute, .hour:
            let (size, parentSize, length) = unit == .second ? (1.0, 60.0, 60) : unit == .minute ? (60.0, 3600.0, 60) : (3600.0, 86400.0, 24)
            var parentStart = (lower / parentSize).rounded(.down) * parentSize
            while parentStart <= upper {
                for position in stride(from: 0, to: length, by: k) where Self.keeps(position, k: k, length: length) {
                    emit(parentStart + Double(position) * size)
                }
                parentStart += parentSize
            }
        case .day:
            var date = CivilDate(unixSeconds: lower)
            (date.day, date.hour, date.minute, date.second) = (1, 0, 0, 0)
            while date.unixSeconds <= upper {
                let length = CivilDate.daysInMonth(year: date.year, month: date.month)
                let monthStart = date.unixSeconds
                for position in stride(from: 0, to: length, by: k) where Self.keeps(position, k: k, length: length) {
                    emit(monthStart + Double(position) * 86400)
                }
                date.month += 1
                if date.month > 12 { (date.month, date.year) = (1, date.year + 1) }
            }
        case .month:
            var year = CivilDate(unixSeconds: lower).year
            while CivilDate(year: year, month: 1, day: 1).unixSeconds <= upper {
                for position in stride(from: 0, to: 12, by: k) where Self.keeps(position, k: k, length: 12) {
                    emit(CivilDate(year: year, month: position + 1, day: 1).unixSeconds)
                }
                year += 1
            }
        case .year:
            let first = CivilDate(unixSeconds: lower).year
            var year = first - ((first % k) + k) % k
            while CivilDate(year: year, month: 1, day: 1).unixSeconds <= upper {
                emit(CivilDate(year: year, month: 1, day: 1).unixSeconds)
                year += k
            }
        }
        return ticks
    }

    /// The coarsest unit `value` falls on picks the format: `2021`, `Mar`, `Mar 3`,
    /// `14:05`, `14:05:07`.
    public func label(for value: Double, level: Int) -> String {
        let date = CivilDate(unixSeconds: value / unitsPerSecond)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        if date.second != 0 { return "\(two(date.hour)):\(two(date.minute)):\(two(date.second))" }
        if date.hour != 0 || date.minute != 0 { return "\(two(date.hour)):\(two(date.minute))" }
        if date.day != 1 { return "\(CivilDate.monthNames[date.month - 1]) \(date.day)" }
        if date.month != 1 { return CivilDate.monthNames[date.month - 1] }
        return "\(date.year)"
    }
}
