import ChartData
import ChartGeometry

/// A chart's x range put into words and numbers: how many points are in view and, per
/// series, where it began and ended, its lowest and highest and its trend; for a stack,
/// its total too, and for a chart of shares, the shares at the first and last x. What
/// `sightline describe` prints, `render --alt-text` writes beside the picture and `s`
/// shows and speaks in the window (`lines`, `json`).
///
/// The range is found by binary search and each series read once over the points in
/// it, so a summary of ten million points in view takes one pass over them per series.
public struct ChartSummary: Equatable, Sendable {
    /// The shares of a stack of shares at one x.
    public struct Shares: Equatable, Sendable {
        /// x in data units.
        public var x: Double
        /// Series names, bottom first.
        public var names: [String]
        /// Each series' share of the sum at `x`, 0…1 (negative and missing values count 0).
        public var shares: [Double]
        /// The shares as whole percents adding up to 100, as the pie labels them.
        public var percents: [Int]
    }

    /// A stack's total: the sum of its series at each x, summarised like a series.
    public struct Total: Equatable, Sendable {
        public var summary: SeriesSummary
        /// The names of the series it adds up, bottom first.
        public var members: [String]
    }

    /// Where the data came from ("prices.csv").
    public var source: String
    public var xKind: XAxisKind
    /// The x range asked for, data units.
    public var range: ClosedRange<Double>
    /// Points (x values) in `range`, finite or not.
    public var pointCount: Int
    /// The x of the first and last point in `range`.
    public var firstX: Double?
    public var lastX: Double?
    /// Decimals x is written with where it is a number.
    public var xDecimals: Int
    /// How finely x is dated on a time axis: a monthly series' points read `Feb 1992`.
    public var datePrecision: DatePrecision
    public var series: [SeriesSummary]
    /// One per stack of two or more series summarised.
    public var totals: [Total]
    /// For a stack of shares: its shares at the first and last x in view.
    public var shares: [Shares]
    /// What `SeriesSummary.Trend.slope` is given per in words and JSON.
    public var slopeUnit: SlopeUnit
    /// The notes on the chart whose points lie in the range (`with(notes:)`), ascending x.
    public var notes: [ChartNote] = []

    /// Summarises `series` (by dataset index, all by default) of `dataset` over x in
    /// `range` (the whole data by default).
    /// - Parameter decimals: the decimals each series was written with, one per dataset
    ///   series (`DataSource.decimals`); read from the values when `nil`.
    /// - Complexity: O(log n + points in range × series).
    public init(dataset: Dataset, series: [Int]? = nil, overX range: ClosedRange<Double>? = nil, decimals: [Int]? = nil) {
        let chosen = Self.chosen(series, of: dataset)
        let decimals = decimals ?? dataset.series.map { SeriesPrecision.decimals(of: $0.ys) }
        let xs = dataset.xs
        let range = range ?? (xs.first ?? 0)...(xs.last ?? 0)
        let indices = xs.indices(overX: range)
        source = dataset.source
        xKind = dataset.xKind
        datePrecision = .of(dataset)
        self.range = range
        pointCount = indices.count
        firstX = indices.isEmpty ? nil : xs[indices.lowerBound]
        lastX = indices.isEmpty ? nil : xs[indices.upperBound - 1]
        self.series = chosen.map { s in
            let ys = dataset.series[s].ys
            return SeriesSummary.measuring(name: dataset.series[s].name, decimals: decimals[s], xs: xs, indices: indices) { ys[$0] }
        }
        let composition = ChartComposition(dataset: dataset)
        let stacks = composition.groups.filter(\.isStacked).map { group in group.series.filter(chosen.contains) }
            .filter { $0.count >= 2 }
        totals = stacks.enumerated().map { number, members in
            let name = stacks.count == 1 ? "Total" : "Total \(number + 1)"
            let columns = members.map { dataset.series[$0].ys }
            let summary = SeriesSummary.measuring(name: name, decimals: members.map { decimals[$0] }.max() ?? 0, xs: xs,
                                                  indices: indices) { i in
                // A missing value counts as none of the stack, as it is drawn; a column
                // with no value at all has no total.
                var sum = 0.0, any = false
                for column in columns where column[i].isFinite {
                    sum += column[i]
                    any = true
                }
                return any ? sum : .nan
            }
            return Total(summary: summary, members: members.map { dataset.series[$0].name })
        }
        var shares: [Shares] = []
        if let group = composition.groups.first(where: \.isPercentage) {
            let members = group.series.filter(chosen.contains)
            let ends = indices.isEmpty ? [] : (indices.count == 1 ? [indices.lowerBound] : [indices.lowerBound, indices.upperBound - 1])
            for index in ends where !members.isEmpty {
                let parts = members.map { dataset.share(of: $0, at: index, among: members) }
                guard parts.allSatisfy({ $0 != nil }) else { continue }
                let fractions = parts.map { $0! }
                shares.append(Shares(x: xs[index], names: members.map { dataset.series[$0].name }, shares: fractions,
                                     percents: WholePercents.of(fractions)))
            }
        }
        self.shares = shares
        let named = self.series.flatMap { [$0.first, $0.last, $0.minimum, $0.maximum].compactMap { $0?.x } }
            + [firstX, lastX].compactMap { $0 }
        xDecimals = SeriesPrecision.decimals(of: named.isEmpty ? [range.lowerBound, range.upperBound] : named)
        slopeUnit = Self.slopeUnit(for: dataset.xKind, span: (lastX ?? 0) - (firstX ?? 0))
    }

    /// Summarises `series` (all by default) of `source`'s data over x in `range`, with the
    /// decimals `source` read.
    /// - Complexity: O(log n + points in range × series).
    public init(source: DataSource, series: [Int]? = nil, overX range: ClosedRange<Double>? = nil) {
        self.init(dataset: source.values, series: series, overX: range, decimals: source.decimals)
        addLogTrends(from: source, chosen: Self.chosen(series, of: source.values))
    }

    /// The dataset indices summarised, in order: `series` (all by default) that exist;
    /// candlesticks are described by their close, their open, high and low left out.
    static func chosen(_ series: [Int]?, of dataset: Dataset) -> [Int] {
        (series ?? Array(dataset.series.indices)).filter { index in
            dataset.series.indices.contains(index) && dataset.ohlc.map { !$0.contains(index) || $0.close == index } != false
        }
    }

    /// Slopes are per day on a time axis, per hour where the points span under two days
    /// (a day's change would be larger than anything in view), per x unit otherwise.
    static func slopeUnit(for kind: XAxisKind, span: Double) -> SlopeUnit {
        SlopeUnit.suiting(span: span, on: kind, among: [.hour, .day])
    }

    /// x units in one `slopeUnit`.
    public var xUnitsPerSlopeUnit: Double {
        slopeUnit.xUnits(on: xKind)
    }
}
