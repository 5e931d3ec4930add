/// Which of the series shown go on the second y axis, by how much of its axis each would
/// fill. `ScaleSelection` groups series by magnitude (the median of their values), which
/// says which scales a file holds but not how a line looks on them: beside two series of
/// 0–4,000, one of 58–100 has a median only ~25× smaller and fills 1% of a shared axis, a
/// flat line (uPlot's benchmark: `idl` beside the disk counters).
///
/// The rule, exactly:
/// - A series' **fill** on an axis is its span (highest − lowest value) over the span of
///   every series on that axis together; a constant series, or one without values, fills
///   its axis (it sits in the middle wherever it goes).
/// - An assignment's **score** is the least fill of any series.
/// - The magnitude split stands when its score is at least `flatness` (a fifth); else one
///   axis for all, when that scores as much; else the assignment (the anchor on the left)
///   with the best score, fewest series on the right on a tie, when it beats the magnitude
///   split; else the magnitude split. More than `searchLimit` series keep the magnitude split.
///
/// So no series is drawn flatter than a fifth of the plot where some split would avoid it,
/// and a file whose magnitude split already reads well keeps it.
public enum AxisSplit {
    /// The least share of its axis's height a series should fill.
    public static let flatness = 0.2
    /// The most series whose assignments are all tried (2^(n−1) of them).
    public static let searchLimit = 13

    /// The series (indices into `spans`) for the right axis.
    /// - Parameters:
    ///   - spans: each series' lowest and highest finite value, `nil` for none.
    ///   - magnitudeSplit: the series `ScaleSelection` put on the second axis.
    ///   - anchor: the series that stays on the left axis (`ScaleSelection.anchor`).
    /// - Complexity: O(2^n · n) for n ≤ `searchLimit` series, O(n) beyond.
    public static func rightAxis(spans: [ClosedRange<Double>?], magnitudeSplit: [Int], anchor: Int?) -> [Int] {
        let magnitude = Set(magnitudeSplit)
        let magnitudeScore = score(spans, right: magnitude)
        guard magnitudeScore < flatness else { return magnitudeSplit }
        if score(spans, right: []) >= flatness { return [] }
        guard spans.count <= searchLimit, spans.count > 1 else { return magnitudeSplit }
        let pinned = anchor ?? 0
        let others = spans.indices.filter { $0 != pinned }
        var best: (score: Double, right: Set<Int>) = (magnitudeScore, magnitude)
        for mask in 1..<(1 << others.count) {
            let right = Set(others.indices.filter { mask & (1 << $0) != 0 }.map { others[$0] })
            let candidate = score(spans, right: right)
            if candidate > best.score || (candidate == best.score && right.count < best.right.count) {
                best = (candidate, right)
            }
        }
        return best.right.sorted()
    }

    /// The series (indices into `units`) for the right axis where the series name two
    /// units between them, every one its unit (`Temperature (°C)`, `Humidity [%]`): those
    /// of the first series' unit stay left, the others go right, so that no axis reads
    /// in two units. `nil` where a series has no unit or the units are one or over two.
    /// - Complexity: O(n).
    public static func rightAxis(units: [String?]) -> [Int]? {
        let known = units.compactMap { $0 }
        guard known.count == units.count, let first = known.first, Set(known).count == 2 else { return nil }
        return units.indices.filter { units[$0] != first }
    }

    /// The least fill of any series when `right` go on the right axis and the rest on the left.
    public static func score(_ spans: [ClosedRange<Double>?], right: Set<Int>) -> Double {
        // Half spans: values out to ±1.8e308 do not overflow.
        func halfSpan(_ range: ClosedRange<Double>) -> Double { range.upperBound / 2 - range.lowerBound / 2 }
        func extent(_ members: [Int]) -> Double {
            let ranges = members.compactMap { spans[$0] }
            guard let low = ranges.map(\.lowerBound).min(), let high = ranges.map(\.upperBound).max() else { return 0 }
            return halfSpan(low...high)
        }
        let left = extent(spans.indices.filter { !right.contains($0) }), rightExtent = extent(Array(right))
        var least = 1.0
        for (s, span) in spans.enumerated() {
            guard let span, span.upperBound > span.lowerBound else { continue }
            least = min(least, halfSpan(span) / (right.contains(s) ? rightExtent : left))
        }
        return least
    }

    /// The lowest and highest finite value of `ys`, `nil` when none is finite.
    /// - Complexity: O(n).
    public static func span<Values: Collection<Double>>(of ys: Values) -> ClosedRange<Double>? {
        var low = Double.infinity, high = -Double.infinity
        for y in ys where y.isFinite {
            low = min(low, y)
            high = max(high, y)
        }
        return low <= high ? low...high : nil
    }
}
