import ChartData

/// The y range each axis shows for an x range: the lines in view with a margin, bars
/// and areas from zero, a stack up to its highest total, shares at 0…100.
///
/// A stack's totals depend on which of its series are shown, so they get a range index
/// of their own per set of shown series (O(n) once per set, then O(log n) per fit).
public final class ChartFit {
    public let source: DataSource
    public let composition: ChartComposition
    private var totals: [[Int]: RangeMinMax] = [:]

    public init(source: DataSource, composition: ChartComposition) {
        self.source = source
        self.composition = composition
    }

    /// The y range `side` shows for x in `range` with the series in `visible` shown;
    /// `nil` when nothing of that axis is in view.
    /// - Complexity: O(log n) per series, O(n × stack size) the first time a set of
    ///   stacked series is shown.
    public func y(for side: YAxisSide, inX range: ClosedRange<Double>, visible: [Int]) -> ClosedRange<Double>? {
        let shown = Set(visible)
        let fit = composition.fit(of: side)
        if fit == .percent { return composition.series(on: side).contains(where: shown.contains) ? 0...100 : nil }
        var low = Double.infinity, high = -Double.infinity
        func include(_ bounds: (min: Double, max: Double)?) {
            guard let bounds else { return }
            low = min(low, bounds.min)
            high = max(high, bounds.max)
        }
        let lines = composition.lines.filter { shown.contains($0) && composition.axis(ofSeries: $0) == side }
        if !lines.isEmpty { include(source.yBounds(inX: range, series: lines)) }
        // Every bar in view, the ones the edges cut included.
        let indices = source.dataset.drawnIndices(forX: range)
        for group in composition.groups where group.axis == side {
            let members = group.series.filter(shown.contains)
            guard !members.isEmpty, !indices.isEmpty else { continue }
            if group.isStacked {
                include(stackTotals(of: members).minMax(in: indices))
            } else {
                include(source.yBounds(inX: range, series: members))
            }
            // Bars and areas grow from zero: it stays in view.
            if low <= high { include((0, 0)) }
        }
        guard low <= high else { return nil }
        switch fit {
        case .lowerThird: return 0...(high > 0 ? 3 * high : 1)
        case .data, .percent: return Viewport.fittedY(min: low, max: high)
        }
    }

    /// The sums of `members` at each x (a missing value counts as zero).
    private func stackTotals(of members: [Int]) -> RangeMinMax {
        if let known = totals[members] { return known }
        var sums = [Double](repeating: 0, count: source.dataset.count)
        for member in members {
            let ys = source.dataset.series[member].ys
            for i in sums.indices where !ys[i].isNaN { sums[i] += ys[i] }
        }
        let made = RangeMinMax(ys: sums)
        totals[members] = made
        return made
    }
}
