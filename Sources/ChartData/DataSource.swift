import Dispatch

/// A dataset with what drawing it fast needs: per series, a level-of-detail ladder and
/// an O(log n) range min/max. The main chart and the range selector share one.
public final class DataSource: @unchecked Sendable {
    public let dataset: Dataset
    public let lodMethod: LODMethod
    /// One ladder per series, in the dataset's order.
    public let details: [LevelOfDetail]
    private let extremes: [RangeMinMax]

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
    }

    /// The smallest and largest finite y of the series in `series` (all by default)
    /// over x in `range`, counting the points just outside it; `nil` when there is none.
    /// - Complexity: O(log n) per series.
    public func yBounds(inX range: ClosedRange<Double>, series: [Int]? = nil) -> (min: Double, max: Double)? {
        let indices = dataset.drawnIndices(forX: range)
        var low = Double.infinity
        var high = -Double.infinity
        for s in series ?? Array(dataset.series.indices) {
            guard let extreme = extremes[s].minMax(in: indices) else { continue }
            low = min(low, extreme.min)
            high = max(high, extreme.max)
        }
        return low <= high ? (low, high) : nil
    }
}
