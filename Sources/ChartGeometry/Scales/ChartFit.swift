import ChartData

/// The y range each axis shows for an x range: the lines in view with a margin, bars
/// and areas from zero, a stack from its lowest to its highest total (negative values
/// stack down from zero), shares at 0…100.
///
/// A stack's totals depend on which of its series are shown, so they get range indexes
/// of their own for the set shown (O(n) when the set changes, then O(log n) a fit).
/// Only the latest set's are kept: at 10M points each costs about 80 MB.
public final class ChartFit {
    /// The data fitted.
    public let source: DataSource
    /// Which series are drawn how, against which axis.
    public let composition: ChartComposition
    private var totals: (members: [Int], upper: RangeMinMax, lower: RangeMinMax?)?

    public init(source: DataSource, composition: ChartComposition) {
        self.source = source
        self.composition = composition
    }

    /// The y range `side` shows for x in `range` with the series in `visible` shown;
    /// `nil` when nothing of that axis is in view.
    /// - Complexity: O(log n) per series, O(n × stack size) when the set of stacked
    ///   series shown changes.
    public func y(for side: YAxisSide, inX range: ClosedRange<Double>, visible: [Int]) -> ClosedRange<Double>? {
        let dataset = source.dataset
        guard let first = dataset.xs.first, let last = dataset.xs.last else { return nil }
        let shown = Set(visible)
        let fit = composition.fit(of: side)
        // Bars and areas in view: the steps inside the range and those its edges cut.
        let overlapsData = range.upperBound >= first && range.lowerBound <= last
        let indices = overlapsData ? dataset.drawnIndices(forX: range) : 0..<0
        if fit == .percent {
            return composition.series(on: side).contains(where: shown.contains) && !indices.isEmpty ? 0...100 : nil
        }
        var low = Double.infinity, high = -Double.infinity
        func include(_ bounds: (min: Double, max: Double)?) {
            guard let bounds else { return }
            low = min(low, bounds.min)
            high = max(high, bounds.max)
        }
        let lines = composition.lines.filter { shown.contains($0) && composition.axis(ofSeries: $0) == side }
        if !lines.isEmpty { include(source.yBounds(inX: range, series: lines)) }
        // Candles reach from their lows to their highs; the close shows or hides them.
        if let candles = composition.candles, shown.contains(candles.close), composition.axis(ofSeries: candles.close) == side {
            include(source.yBounds(inX: range, series: [candles.high, candles.low]))
        }
        for group in composition.groups where group.axis == side {
            let members = group.series.filter(shown.contains)
            guard !members.isEmpty, !indices.isEmpty else { continue }
            if group.isStacked {
                let sums = stackTotals(of: members)
                include(sums.upper.minMax(in: indices))
                include(sums.lower?.minMax(in: indices))
            } else {
                include(source.yBounds(inX: range, series: members))
            }
            // Bars and areas grow from zero: it stays in view.
            if low <= high { include((0, 0)) }
        }
        guard low <= high else { return nil }
        switch fit {
        case .lowerThird: return 0...(high > 0 ? FiniteDomain.clamp(3 * high) : 1)
        case .data, .percent: return Viewport.fittedY(min: low, max: high)
        }
    }

    /// The latest shown set's stack totals (`Dataset.stackTotals`), made anew when the
    /// set changes.
    private func stackTotals(of members: [Int]) -> (upper: RangeMinMax, lower: RangeMinMax?) {
        if let totals, totals.members == members { return (totals.upper, totals.lower) }
        let made = source.dataset.stackTotals(of: members)
        totals = (members, made.upper, made.lower)
        return made
    }
}
