import ChartData
import ChartGeometry
import ChartStage
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
        /// On a log axis: the rate per `slopeUnit` that, compounded, takes the first value
        /// to the last (0.07 for 7%), as `describe --log-y` gives it; `nil` elsewhere, or
        /// where either value is not above 0.
        public var compoundedRate: Double?
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
    /// How finely x is dated on a time axis: a monthly series' points read `Feb 1992`.
    public var datePrecision: DatePrecision
    public var series: [SeriesFigures]

    /// The figures of `series` (all by default) of `dataset` between `a` and `b` (data
    /// units, either order).
    /// - Parameters:
    ///   - decimals: each dataset series' decimals (`DataSource.decimals`); read from the
    ///     values when `nil`.
    ///   - compounding: the series read on a log axis (`DataSource.logSeries`): their
    ///     slope is a compounded rate.
    /// - Complexity: O(log n + points in range × series): three passes over each.
    public init(dataset: Dataset, decimals: [Int]? = nil, series chosen: [Int]? = nil, compounding: Set<Int> = [],
                from a: Double, to b: Double) {
        let range = min(a, b)...max(a, b)
        let xs = dataset.xs
        let indices = xs.indices(overX: range)
        xKind = dataset.xKind
        datePrecision = .of(dataset)
        self.range = range
        pointCount = indices.count
        if case let .time(unitsPerSecond) = dataset.xKind {
            span = CalendarSpan(from: range.lowerBound, to: range.upperBound, unitsPerSecond: unitsPerSecond)
        }
        // On a time axis the unit that suits the span: a second under 2 minutes, a
        // minute under 2 hours, an hour under 2 days, a day under 2 years, else a year.
        let slopeUnit = SlopeUnit.suiting(span: range.upperBound - range.lowerBound, on: dataset.xKind)
        self.slopeUnit = slopeUnit
        xDecimals = SeriesPrecision.decimals(of: [range.lowerBound, range.upperBound])
        let unit = slopeUnit.xUnits(on: dataset.xKind)
        let decimals = decimals ?? dataset.series.map { SeriesPrecision.decimals(of: $0.ys) }
        // As `describe` chooses them: a candle's close stands for its four.
        self.series = ChartSummary.chosen(chosen, of: dataset).map { s in
            let ys = dataset.series[s].ys
            // The change and its percentage as `describe` words them: the same rule
            // withholds it. The statistics take the extremes that pass found.
            let (summary, extremes) = SeriesSummary.measuringWithExtremes(name: dataset.series[s].name, decimals: decimals[s],
                                                                          xs: xs, indices: indices) { ys[$0] }
            let statistics = RangeStatistics(xs: xs, ys: ys, extremes: extremes)
            var slope: Double?
            if let first = statistics.first, let last = statistics.last, last.x > first.x, let change = summary.change {
                let perUnit = change / (last.x - first.x) * unit
                slope = perUnit.isFinite ? perUnit : nil
            }
            return SeriesFigures(series: s, name: dataset.series[s].name, decimals: decimals[s], statistics: statistics,
                                 change: statistics.count >= 2 ? summary.change : nil,
                                 changePercent: statistics.count >= 2 ? summary.changePercent : nil,
                                 percentWithheld: statistics.count >= 2 ? summary.percentWithheld : nil, slope: slope,
                                 compoundedRate: compounding.contains(s) ? Self.compoundedRate(statistics, per: unit) : nil)
        }
    }

    /// The rate per `unit` (x units) compounding the first value into the last.
    static func compoundedRate(_ statistics: RangeStatistics, per unit: Double) -> Double? {
        guard let first = statistics.first, let last = statistics.last, first.y > 0, last.y > 0, last.x > first.x else {
            return nil
        }
        let rate = pow(last.y / first.y, unit / (last.x - first.x)) - 1
        return rate.isFinite ? rate : nil
    }

    /// B − A in words: `1 year 5 months` on a date axis, `12.5` on a number axis.
    public var spanWords: String {
        if let span { return span.words }
        return ValueFormat.string(range.upperBound - range.lowerBound, dataDecimals: xDecimals)
    }
}
