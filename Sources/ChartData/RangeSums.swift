/// Sums of each series' y over any x range, and the series' shares of their weighted
/// total there: what a pie of a range shows.
///
/// Each series keeps a running sum at every 64th point (a prefix sum over blocks), so a
/// query adds at most two partial blocks to one difference of running sums, whatever the
/// range's length, while the index costs an eighth of a byte a point, not the eight bytes
/// of a prefix sum at every point (10 million points are a file this app opens). NaN
/// (gaps) counts 0. The sums are Double: a range's sum is off by at most a few units in
/// the last place of the running sum at its end, far below a percent of any share.
public struct RangeSums: Sendable {
    static let blockSize = 64
    private let xs: XValues
    private let ys: [ValueColumn<Double>]
    /// Per series, the sum of the finite y before each block: `blocks[s][b]` adds up
    /// `ys[s][0..<b * blockSize]`.
    private let blocks: [[Double]]

    /// Indexes every series of `dataset`.
    /// - Complexity: O(n × series count).
    public init(dataset: Dataset) {
        xs = dataset.xs
        ys = dataset.series.map(\.ys)
        blocks = ys.map { ys in
            var sums = [0.0]
            sums.reserveCapacity(ys.count / Self.blockSize + 2)
            var total = 0.0
            for (i, y) in ys.enumerated() {
                if !y.isNaN { total += y }
                if (i + 1) % Self.blockSize == 0 { sums.append(total) }
            }
            return sums
        }
    }

    /// The number of series indexed.
    public var seriesCount: Int { ys.count }

    /// The indices of the points whose x lies in `range`.
    /// - Complexity: O(log n).
    public func indices(overX range: ClosedRange<Double>) -> Range<Int> {
        let first = xs.partitionPoint(where: { $0 < range.lowerBound })
        let end = xs.partitionPoint(where: { $0 <= range.upperBound })
        return first..<max(first, end)
    }

    /// The sum of series `series`' finite y at the indices in `range` (clamped to the
    /// data); 0 for an empty range.
    /// - Complexity: O(1): at most two partial blocks of 64 points are added up.
    public func sum(ofSeries series: Int, in range: Range<Int>) -> Double {
        let ys = ys[series]
        let range = range.clamped(to: 0..<ys.count)
        guard !range.isEmpty else { return 0 }
        func partial(_ r: Range<Int>) -> Double {
            var total = 0.0
            for i in r where !ys[i].isNaN { total += ys[i] }
            return total
        }
        let firstBlock = (range.lowerBound + Self.blockSize - 1) / Self.blockSize
        let endBlock = range.upperBound / Self.blockSize
        guard firstBlock < endBlock else { return partial(range) }
        let whole = blocks[series][endBlock] - blocks[series][firstBlock]
        return partial(range.lowerBound..<firstBlock * Self.blockSize) + whole
            + partial(endBlock * Self.blockSize..<range.upperBound)
    }

    /// The sum of series `series`' finite y over the points whose x lies in `range`.
    /// - Complexity: O(log n).
    public func sum(ofSeries series: Int, overX range: ClosedRange<Double>) -> Double {
        sum(ofSeries: series, in: indices(overX: range))
    }

    /// Each of `series`' share of their weighted total over the points whose x lies in
    /// `range`, 0…1, in `series`' order: series k counts `weights[k]` (0…1) of its sum,
    /// so a series being toggled shrinks smoothly to nothing and the others grow to fill
    /// the whole. A weighted sum below zero counts as zero (a share cannot be negative).
    /// The shares add up to 1, or are all 0 when nothing is left to share.
    /// - Precondition: one weight per series.
    /// - Complexity: O(log n + series count).
    public func shares(of series: [Int], weights: [Double], overX range: ClosedRange<Double>) -> [Double] {
        precondition(weights.count == series.count, "RangeSums.shares: one weight per series")
        let indices = indices(overX: range)
        let parts = zip(series, weights).map { s, weight in max(0, weight * sum(ofSeries: s, in: indices)) }
        let total = parts.reduce(0, +)
        guard total > 0, total.isFinite else { return parts.map { _ in 0 } }
        return parts.map { $0 / total }
    }
}
