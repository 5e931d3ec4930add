import ChartData
import ChartGeometry
import Foundation

/// What a measure between two points A and B says (the window's measure panel, its
/// Ctrl+C, `render --measure`): the span from A to B (in calendar words on a date axis,
/// as a number otherwise) and, per series, its change from its first to its last value
/// in A…B with the percentage `describe` gives (withheld where it withholds it: a start
/// at, or near, zero or values crossing it), the slope of that change per a unit that
/// suits the span, and the range's statistics (`RangeStatistics`: count, lowest and
/// highest with their x, mean, sample standard deviation, first and last). Every figure
/// comes from the data, never from a level of detail drawn for it.
public struct MeasureFigures: Equatable, Sendable {
    /// What a slope is given per: on a time axis the unit that suits the span (a
    /// second under 2 minutes, a minute under 2 hours, an hour under 2 days, a day
    /// under 2 years, else a year), x's own unit otherwise.
    public enum SlopeUnit: String, Equatable, Sendable, CaseIterable {
        case second, minute, hour, day, year
        case xUnit = "x"

        /// Seconds in the unit; `nil` for x's own unit.
        public var seconds: Double? {
            switch self {
            case .second: 1
            case .minute: 60
            case .hour: 3600
            case .day: 86_400
            case .year: 365.2425 * 86_400
            case .xUnit: nil
            }
        }

        /// "a day", "an hour", "per unit of x".
        public var words: String {
            switch self {
            case .hour: "an hour"
            case .xUnit: "per unit of x"
            default: "a \(rawValue)"
            }
        }
    }

    /// One series over A…B.
    public struct SeriesFigures: Equatable, Sendable {
        /// The series' index in the dataset.
        public var series: Int
        public var name: String
        /// Decimals its values were written with.
        public var decimals: Int
        public var statistics: RangeStatistics
        /// Last minus first value, y units; `nil` without two values.
        public var change: Double?
        /// `change` as a percent of the first value; `nil` where `percentWithheld` says why.
        public var changePercent: Double?
        public var percentWithheld: SeriesSummary.PercentWithheld?
        /// `change` over the x between the first and last value, y units per `slopeUnit`.
        public var slope: Double?
    }

    /// A line of the panel, and the series whose colour it wears (`nil`: the text's).
    public struct Row: Equatable, Sendable {
        public var text: String
        public var series: Int?
    }

    public var xKind: XAxisKind
    /// A…B, data units, A the earlier.
    public var range: ClosedRange<Double>
    /// x values in A…B.
    public var pointCount: Int
    /// The span A…B in calendar units on a time axis; `nil` on a number axis.
    public var span: CalendarSpan?
    public var slopeUnit: SlopeUnit
    /// Decimals x is written with on a number axis.
    public var xDecimals: Int
    public var series: [SeriesFigures]

    /// The figures of `series` (all by default) of `dataset` between `a` and `b` (data
    /// units, either order).
    /// - Parameter decimals: each dataset series' decimals (`DataSource.decimals`);
    ///   read from the values when `nil`.
    /// - Complexity: O(log n + points in range × series): four passes over each.
    public init(dataset: Dataset, decimals: [Int]? = nil, series chosen: [Int]? = nil, from a: Double, to b: Double) {
        let range = min(a, b)...max(a, b)
        let xs = dataset.xs
        let indices = RangeStatistics.indices(of: xs, overX: range)
        xKind = dataset.xKind
        self.range = range
        pointCount = indices.count
        if case let .time(unitsPerSecond) = dataset.xKind {
            span = CalendarSpan(from: range.lowerBound, to: range.upperBound, unitsPerSecond: unitsPerSecond)
        }
        let slopeUnit = Self.slopeUnit(for: dataset.xKind, span: range.upperBound - range.lowerBound)
        self.slopeUnit = slopeUnit
        xDecimals = SeriesPrecision.decimals(of: [range.lowerBound, range.upperBound])
        let unit = Self.xUnits(per: slopeUnit, kind: dataset.xKind)
        let decimals = decimals ?? dataset.series.map { SeriesPrecision.decimals(of: $0.ys) }
        self.series = (chosen ?? Array(dataset.series.indices)).filter { dataset.series.indices.contains($0) }.map { s in
            let ys = dataset.series[s].ys
            let statistics = RangeStatistics(xs: xs, ys: ys, indices: indices)
            // The change and its percentage as `describe` words them: the same rule withholds it.
            let summary = SeriesSummary.measuring(name: dataset.series[s].name, decimals: decimals[s], xs: xs,
                                                  indices: indices) { ys[$0] }
            var slope: Double?
            if let first = statistics.first, let last = statistics.last, last.x > first.x, let change = summary.change {
                let perUnit = change / (last.x - first.x) * unit
                slope = perUnit.isFinite ? perUnit : nil
            }
            return SeriesFigures(series: s, name: dataset.series[s].name, decimals: decimals[s], statistics: statistics,
                                 change: statistics.count >= 2 ? summary.change : nil,
                                 changePercent: statistics.count >= 2 ? summary.changePercent : nil,
                                 percentWithheld: statistics.count >= 2 ? summary.percentWithheld : nil, slope: slope)
        }
    }

    /// The unit a slope over `span` (x units) is given per.
    public static func slopeUnit(for kind: XAxisKind, span: Double) -> SlopeUnit {
        guard case let .time(unitsPerSecond) = kind else { return .xUnit }
        let seconds = span / unitsPerSecond
        if seconds < 120 { return .second }
        if seconds < 2 * 3600 { return .minute }
        if seconds < 2 * 86_400 { return .hour }
        if seconds < 2 * 365 * 86_400 { return .day }
        return .year
    }

    /// x units in one `unit` on an axis of `kind`.
    public static func xUnits(per unit: SlopeUnit, kind: XAxisKind) -> Double {
        guard case let .time(unitsPerSecond) = kind, let seconds = unit.seconds else { return 1 }
        return seconds * unitsPerSecond
    }

    /// B − A in words: `1 year 5 months` on a date axis, `12.5` on a number axis.
    public var spanWords: String {
        if let span { return span.words }
        return ValueFormat.string(range.upperBound - range.lowerBound, dataDecimals: xDecimals)
    }
}
