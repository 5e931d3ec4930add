import ChartData

/// How a dataset's series are drawn: which as lines, which as bars or filled areas
/// (stacked, or shares of 100%), and against which y axis. Telegram's chart files say
/// it per column (`types`) and per chart (`y_scaled`, `stacked`, `percentage`); a CSV
/// says it with `--bars`, `--area`, `--stacked`, `--percentage` and `--y2`.
public struct ChartComposition: Equatable, Sendable {
    /// Series drawn as bars or areas together: one stack, or side by side from zero.
    public struct Group: Equatable, Sendable {
        public var mark: SeriesStack.Mark
        /// Dataset indices, bottom first.
        public var series: [Int]
        public var isStacked: Bool
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
        /// Always 0…100 (percentages; a 0–100 column drawn as bars beside lines).
        case percent
        /// Fitted from zero so the highest bar in view reaches a third of the plot: bars
        /// under lines of the other axis (a price's volume) stay out of their way.
        case lowerThird
    }

    /// Series drawn as lines, in dataset order.
    public let lines: [Int]
    public let groups: [Group]
    private let axes: [YAxisSide]

    public init(dataset: Dataset) {
        axes = dataset.series.map(\.axis)
        lines = dataset.series.indices.filter { dataset.series[$0].kind == .line }
        var groups: [Group] = []
        let flags = dataset.flags
        for mark in [SeriesStack.Mark.bars, .areas] {
            let kind: Series.Kind = mark == .bars ? .bar : .area
            for axis in [YAxisSide.left, .right] {
                let members = dataset.series.indices.filter { dataset.series[$0].kind == kind && dataset.series[$0].axis == axis }
                guard !members.isEmpty else { continue }
                let percentage = mark == .areas && flags.contains(.percentage)
                let behind = lines.contains { dataset.series[$0].axis != axis }
                groups.append(Group(mark: mark, series: members, isStacked: flags.contains(.stacked) || percentage,
                                    isPercentage: percentage, axis: axis, isBehindLines: behind))
            }
        }
        self.groups = groups
        fits = Self.fits(groups: groups, dataset: dataset)
    }

    private let fits: [YAxisSide: AxisFit]

    /// The axis series `index` is read against.
    public func axis(ofSeries index: Int) -> YAxisSide { axes[index] }

    /// Whether anything is drawn against the right axis.
    public var usesRightAxis: Bool { axes.contains(.right) }

    /// The group series `index` belongs to, if it is drawn as bars or an area.
    public func group(ofSeries index: Int) -> Group? { groups.first { $0.series.contains(index) } }

    /// Whether a stacked group is drawn (the board then adds a total).
    public var hasStack: Bool { groups.contains { $0.isStacked } }

    /// Whether the chart is a stack of shares (its y axis reads 0–100%).
    public var isPercentage: Bool { groups.contains { $0.isPercentage } }

    /// Whether any series is drawn as bars (bars fill their x step, so the view reaches
    /// half a step beyond the first and last x).
    public var hasBars: Bool { groups.contains { $0.mark == .bars } }

    /// How the y range of `side` is chosen.
    public func fit(of side: YAxisSide) -> AxisFit { fits[side] ?? .data }

    /// The series on `side`, in dataset order.
    public func series(on side: YAxisSide) -> [Int] { axes.indices.filter { axes[$0] == side } }

    private static func fits(groups: [Group], dataset: Dataset) -> [YAxisSide: AxisFit] {
        var fits: [YAxisSide: AxisFit] = [:]
        for group in groups {
            if group.isPercentage {
                fits[group.axis] = .percent
            } else if group.mark == .bars, group.isBehindLines, group.series.allSatisfy({ series in
                dataset.series[series].ys.allSatisfy { $0.isNaN || (0...100).contains($0) }
            }) {
                fits[group.axis] = .percent
            } else if group.mark == .bars, group.isBehindLines {
                fits[group.axis] = .lowerThird
            }
        }
        return fits
    }
}
