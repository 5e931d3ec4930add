import ChartData

/// How a dataset's series are drawn: which as lines, which as bars or filled areas
/// (stacked, or shares of 100%), and against which y axis. Telegram's chart files say
/// it per column (`types`) and per chart (`y_scaled`, `stacked`, `percentage`); a CSV
/// says it with `--bars`, `--area`, `--stacked`, `--percentage` and `--y2`.
///
/// Where the file's axes would split what is drawn as one, the composition decides:
/// a stack is read against one axis (its first series'), and a stack of shares has the
/// left axis to itself (its 0–100% would mean nothing to other series there, which go
/// right).
public struct ChartComposition: Equatable, Sendable {
    /// Series drawn as bars or areas together: one stack, or side by side from zero.
    public struct Group: Equatable, Sendable {
        /// Bars or areas.
        public var mark: StackFill
        /// Dataset indices, bottom first.
        public var series: [Int]
        /// Each series starts where the one below it ends.
        public var isStacked: Bool
        /// Heights are shares of the sum at each x, 0–100%.
        public var isPercentage: Bool
        public var axis: YAxisSide
        /// The group's fill is translucent: it sits behind lines of the other axis (a
        /// volume under a price, a chance of rain under temperatures).
        public var isBehindLines: Bool
    }

    /// How the y range of an axis is chosen.
    public enum AxisFit: Equatable, Sendable {
        /// Fitted to what is in view, with a margin (zero kept in view for bars and areas).
        case data
        /// Always 0…100 (shares; a 0–100 column drawn as bars behind lines).
        case percent
        /// Fitted from zero so the highest bar in view reaches a third of the plot: bars
        /// under lines of the other axis (a price's volume) stay out of their way.
        case lowerThird
    }

    /// Series drawn as lines, in dataset order.
    public let lines: [Int]
    /// The series drawn together as candlesticks (not lines), on their close's axis.
    public let candles: OHLCColumns?
    /// The bars and areas, bars first.
    public let groups: [Group]
    private let axes: [YAxisSide]
    private let fits: [YAxisSide: AxisFit]

    public init(dataset: Dataset) {
        var axes = dataset.series.map(\.axis)
        let flags = dataset.flags
        let stacked = flags.contains(.stacked) || flags.contains(.percentage)
        let candles = dataset.ohlc
        let lines = dataset.series.indices.filter { dataset.series[$0].kind == .line && candles?.contains($0) != true }
        var groups: [Group] = []
        for mark in [StackFill.bars, .areas] {
            let members = dataset.series.indices.filter { dataset.series[$0].kind == mark.seriesKind }
            guard let first = members.first else { continue }
            let percentage = mark == .areas && flags.contains(.percentage)
            // A stack is one picture: every member on its first member's axis.
            let sides: [YAxisSide] = stacked ? [axes[first]] : [.left, .right]
            if stacked { for member in members { axes[member] = axes[first] } }
            for side in sides {
                let onSide = members.filter { axes[$0] == side }
                guard !onSide.isEmpty else { continue }
                groups.append(Group(mark: mark, series: onSide, isStacked: stacked, isPercentage: percentage, axis: side,
                                    isBehindLines: false))
            }
        }
        // Shares have the left axis to themselves.
        if let shares = groups.firstIndex(where: \.isPercentage) {
            for s in axes.indices where !groups[shares].series.contains(s) { axes[s] = .right }
            for member in groups[shares].series { axes[member] = .left }
            for g in groups.indices { groups[g].axis = axes[groups[g].series[0]] }
        }
        for g in groups.indices {
            groups[g].isBehindLines = lines.contains { axes[$0] != groups[g].axis }
                || candles.map { axes[$0.close] != groups[g].axis } == true
        }
        self.lines = lines
        self.candles = candles
        self.groups = groups
        self.axes = axes
        fits = Self.fits(groups: groups, axes: axes, dataset: dataset)
    }

    /// The axis series `index` is read against.
    public func axis(ofSeries index: Int) -> YAxisSide { axes[index] }

    /// Whether anything is drawn against the right axis.
    public var usesRightAxis: Bool { axes.contains(.right) }

    /// The group series `index` belongs to, if it is drawn as bars or an area.
    public func group(ofSeries index: Int) -> Group? { groups.first { $0.series.contains(index) } }

    /// Whether the chart is a stack of shares (its y axis reads 0–100%).
    public var isPercentage: Bool { groups.contains { $0.isPercentage } }

    /// Whether any series is drawn as bars (bars fill their x step, so the view reaches
    /// half a step beyond the first and last x).
    public var hasBars: Bool { groups.contains { $0.mark == .bars } }

    /// How the y range of `side` is chosen.
    public func fit(of side: YAxisSide) -> AxisFit { fits[side] ?? .data }

    /// The series on `side`, in dataset order.
    public func series(on side: YAxisSide) -> [Int] { axes.indices.filter { axes[$0] == side } }

    /// The x extent the view stays inside: the data's, and half a step beyond its first
    /// and last x where bars fill their steps (so the end bars show whole). Within the
    /// finite domain, so the span and every range inside it are finite.
    public func extent(of dataset: Dataset) -> ClosedRange<Double> {
        var first = dataset.xs.first ?? 0, last = dataset.xs.last ?? 1
        if hasBars, dataset.count >= 2 {
            first -= (dataset.xs[1] / 2 - dataset.xs[0] / 2)
            last += (dataset.xs[dataset.count - 1] / 2 - dataset.xs[dataset.count - 2] / 2)
        }
        guard last <= first else { return FiniteDomain.clamp(first...last) }
        // One x (a file of one row): room either side, so its point sits in the middle
        // of the plot rather than on its edge; half a day on a time axis, half a unit
        // otherwise.
        var half = 0.5
        if case let .time(unitsPerSecond) = dataset.xKind { half = 43_200 * unitsPerSecond }
        return FiniteDomain.clamp((first - half)...(first + half))
    }

    /// An axis's own fit where one group has it to itself: shares at 0–100%; bars behind
    /// lines at 0–100% when every value lies there (a chance of rain), else in the lower
    /// third (a volume). Anything else fits the data.
    private static func fits(groups: [Group], axes: [YAxisSide], dataset: Dataset) -> [YAxisSide: AxisFit] {
        var fits: [YAxisSide: AxisFit] = [:]
        for group in groups {
            let alone = axes.indices.allSatisfy { axes[$0] != group.axis || group.series.contains($0) }
            if group.isPercentage {
                fits[group.axis] = .percent
            } else if alone, group.mark == .bars, group.isBehindLines {
                let shares = group.series.allSatisfy { series in
                    dataset.series[series].ys.allSatisfy { $0.isNaN || (0...100).contains($0) }
                }
                fits[group.axis] = shares ? .percent : .lowerThird
            }
        }
        return fits
    }
}
