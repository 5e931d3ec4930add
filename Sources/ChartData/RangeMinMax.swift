/// The smallest and largest y over any index range, in O(log n), so that fitting y to
/// the visible data stays cheap at 10 million points.
///
/// Points are grouped in blocks of 64; a segment tree over the blocks' extremes answers
/// whole blocks, and at most two partial blocks are scanned. NaN (gaps) are ignored.
/// Memory: 32 bytes per 64 points, half a byte a point.
public struct RangeMinMax: Sendable {
    static let blockSize = 64
    let ys: ValueColumn<Double>
    /// Segment tree over blocks: leaves at `leafCount…`, node k covers 2k and 2k+1.
    var lows: ValueColumn<Double>
    var highs: ValueColumn<Double>
    let leafCount: Int

    /// - Complexity: O(n).
    public init(ys: [Double]) {
        self.init(ys: ValueColumn(ys))
    }

    /// - Complexity: O(n).
    public init(ys: ValueColumn<Double>) {
        self.ys = ys
        let blocks = (ys.count + Self.blockSize - 1) / Self.blockSize
        var leaves = 1
        while leaves < max(blocks, 1) { leaves *= 2 }
        leafCount = leaves
        var lows = [Double](repeating: .infinity, count: 2 * leaves)
        var highs = [Double](repeating: -.infinity, count: 2 * leaves)
        ys.withUnsafeBufferPointer { y in
            for block in 0..<blocks {
                (lows[leaves + block], highs[leaves + block]) = Self.extremes(ofBlock: block, in: y)
            }
        }
        for node in stride(from: leaves - 1, through: 1, by: -1) {
            lows[node] = min(lows[2 * node], lows[2 * node + 1])
            highs[node] = max(highs[2 * node], highs[2 * node + 1])
        }
        self.lows = ValueColumn(lows)
        self.highs = ValueColumn(highs)
    }

    /// The lowest and highest y of block `block` (±infinity, the wrong way round, when it
    /// holds none): the leaf both the whole build and an append write.
    @inline(__always)
    static func extremes(ofBlock block: Int, in y: UnsafeBufferPointer<Double>) -> (low: Double, high: Double) {
        var low = Double.infinity
        var high = -Double.infinity
        for i in block * blockSize..<min((block + 1) * blockSize, y.count) {
            let v = y[i]
            // NaN fails both comparisons, so gaps drop out on their own.
            if v < low { low = v }
            if v > high { high = v }
        }
        return (low, high)
    }

    /// The extremes of the finite y in `range`, or `nil` if it holds none.
    /// - Complexity: O(log n).
    public func minMax(in range: Range<Int>) -> (min: Double, max: Double)? {
        let range = range.clamped(to: 0..<ys.count)
        guard !range.isEmpty else { return nil }
        var low = Double.infinity
        var high = -Double.infinity
        func scan(_ r: Range<Int>) {
            for i in r {
                let v = ys[i]
                if v < low { low = v }
                if v > high { high = v }
            }
        }
        let firstBlock = (range.lowerBound + Self.blockSize - 1) / Self.blockSize
        let endBlock = range.upperBound / Self.blockSize
        if firstBlock >= endBlock {
            scan(range)
        } else {
            scan(range.lowerBound..<firstBlock * Self.blockSize)
            scan(endBlock * Self.blockSize..<range.upperBound)
            // Bottom-up segment tree walk over blocks firstBlock..<endBlock.
            var left = firstBlock + leafCount
            var right = endBlock + leafCount
            while left < right {
                if left & 1 == 1 {
                    low = min(low, lows[left])
                    high = max(high, highs[left])
                    left += 1
                }
                if right & 1 == 1 {
                    right -= 1
                    low = min(low, lows[right])
                    high = max(high, highs[right])
                }
                left /= 2
                right /= 2
            }
        }
        return low <= high ? (low, high) : nil
    }
}
