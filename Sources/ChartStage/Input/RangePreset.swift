import ChartData
import ChartGeometry

/// The range buttons of a finance chart (Trade Republic's 1D … 5Y, and All): a span of
/// calendar time ending at the newest point.
public enum RangePreset: Int, CaseIterable, Sendable {
    case oneDay = 1, fiveDays, oneMonth, sixMonths, oneYear, fiveYears, all

    public var label: String {
        switch self {
        case .oneDay: "1D"
        case .fiveDays: "5D"
        case .oneMonth: "1M"
        case .sixMonths: "6M"
        case .oneYear: "1Y"
        case .fiveYears: "5Y"
        case .all: "All"
        }
    }

    /// Seconds an animated move to a preset takes, along `Easing.preset`.
    public static let duration = 1.2

    /// The presets that apply to an x axis: every one on a time axis, only All otherwise.
    public static func available(for kind: XAxisKind) -> [RangePreset] {
        if case .time = kind { return allCases }
        return [.all]
    }

    /// The x range this preset shows for data spanning `data`: from the same moment one
    /// day, five days, a month … before the newest point (calendar arithmetic in UTC: a
    /// month before March 31 is February 28 or 29), never before the first point.
    public func range(for data: ClosedRange<Double>, kind: XAxisKind) -> ClosedRange<Double> {
        guard case .time(let unitsPerSecond) = kind, self != .all else { return data }
        let newest = data.upperBound
        var date = CivilDate(unixSeconds: newest / unitsPerSecond)
        let fraction = newest / unitsPerSecond - date.unixSeconds
        switch self {
        case .oneDay, .fiveDays:
            let days = self == .oneDay ? 1.0 : 5.0
            return max(newest - days * 86400 * unitsPerSecond, data.lowerBound)...newest
        case .oneMonth: date = date.addingMonths(-1)
        case .sixMonths: date = date.addingMonths(-6)
        case .oneYear: date = date.addingMonths(-12)
        case .fiveYears: date = date.addingMonths(-60)
        case .all: break
        }
        let start = (date.unixSeconds + fraction) * unitsPerSecond
        return max(start, data.lowerBound)...newest
    }
}

extension RangePreset {
    /// Whether this preset shows two points or more of `xs` (ascending), spanning `data`:
    /// a span shorter than the data's step (1D on daily prices) would show one point with
    /// lines coming in from off the plot, so such a preset is offered dimmed and does
    /// nothing, as trading apps grey out ranges finer than their data.
    ///
    /// The point at the range's very start counts only where the range starts at the
    /// data's first point: elsewhere it sits on the plot's edge, the line from it all but
    /// off screen (1D ending on a Tuesday shows Tuesday, with Monday on the edge).
    /// - Complexity: O(log n).
    public func showsTwoPoints(of xs: XValues, data: ClosedRange<Double>, kind: XAxisKind) -> Bool {
        let range = self.range(for: data, kind: kind)
        let first = range.lowerBound <= data.lowerBound ? 0 : xs.partitionPoint { $0 <= range.lowerBound }
        let end = xs.partitionPoint { $0 <= range.upperBound }
        return end - first >= 2
    }
}

extension CivilDate {
    /// The same day and time `months` months later (earlier when negative), the day
    /// clamped to the target month's length.
    public func addingMonths(_ months: Int) -> CivilDate {
        let total = year * 12 + (month - 1) + months
        let newYear = total >= 0 ? total / 12 : -((-total + 11) / 12)
        let newMonth = total - newYear * 12 + 1
        var result = self
        result.year = newYear
        result.month = newMonth
        result.day = min(day, CivilDate.daysInMonth(year: newYear, month: newMonth))
        return result
    }
}
