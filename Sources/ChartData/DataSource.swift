import Dispatch

/// A dataset with what drawing it fast needs: per series, a level-of-detail ladder and
/// an O(log n) range min/max. The main chart and the range selector share one.
public final class DataSource: @unchecked Sendable {
    public let dataset: Dataset
    public let lodMethod: LODMethod
    /// One ladder per series, in the dataset's order.
    public let details: [LevelOfDetail]
    private let extremes: [RangeMinMax]
    /// The decimals each series was written with (`SeriesPrecision`), for the values a
    /// person reads.
    public let decimals: [Int]

    /// Builds the ladders and range indexes of every series.
    /// - Complexity: O(n) per series for `.minMax`, O(n log n) for `.rdp`.
    public init(dataset: Dataset, lodMethod: LODMethod = .minMax) {
        self.dataset = dataset
        self.lodMethod = lodMethod
        // Each series' ladder and range index are independent: built side by side, on
        // as many cores as there are.
        let series = dataset.series
        var details = [LevelOfDetail?](repeating: nil, count: series.count)
        var extremes = [RangeMinMax?](repeating: nil, count: series.count)
        details.withUnsafeMutableBufferPointer { detailSlots in
            extremes.withUnsafeMutableBufferPointer { extremeSlots in
                let (detailSlots, extremeSlots) = (UncheckedSlots(detailSlots), UncheckedSlots(extremeSlots))
                DispatchQueue.concurrentPerform(iterations: 2 * series.count) { task in
                    let s = task / 2
                    if task % 2 == 0 {
                        detailSlots[s] = lodMethod.build(xs: dataset.xs, ys: series[s].ys)
                    } else {
                        extremeSlots[s] = RangeMinMax(ys: series[s].ys)
                    }
                }
            }
        }
        self.details = details.map { $0! }
        self.extremes = extremes.map { $0! }
        decimals = series.map { SeriesPrecision.decimals(of: $0.ys) }
    }

    /// The smallest and largest finite y the lines of `series` (all by default) reach
    /// over x in `range`: the points inside it and where each line crosses its two ends,
    /// interpolated between the points either side (a point just off screen does not
    /// count, the part of its segment on screen does); `nil` when there is none.
    /// - Complexity: O(log n) per series.
    public func yBounds(inX range: ClosedRange<Double>, series: [Int]? = nil) -> (min: Double, max: Double)? {
        let inside = dataset.firstIndex(atOrAfterX: range.lowerBound)..<dataset.firstIndex(atOrAfterX: range.upperBound.nextUp)
        var low = Double.infinity
        var high = -Double.infinity
        for s in series ?? Array(dataset.series.indices) {
            if !inside.isEmpty, let extreme = extremes[s].minMax(in: inside) {
                low = min(low, extreme.min)
                high = max(high, extreme.max)
            }
            for end in [range.lowerBound, range.upperBound] {
                guard let y = dataset.yValue(atX: end, series: s), y.isFinite else { continue }
                low = min(low, y)
                high = max(high, y)
            }
        }
        return low <= high ? (low, high) : nil
    }
}
