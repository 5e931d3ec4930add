/// Levels that keep, per bucket of consecutive points, the first, the lowest, the
/// highest and the last point (M4), plus the first gap in the bucket. Buckets double
/// from 8 points per level to the last level of about 2 000 points, so memory is at
/// most one index (4 bytes) per point over all levels.
///
/// Every spike is some bucket's extreme, so none vanishes at any zoom.
public struct MinMaxLOD: LevelOfDetail {
    public let levels: [LODLevel]

    /// - Complexity: O(n) per level, O(n log n) in all.
    public init(ys: [Double], smallestBucket: Int = 8, smallestLevel: Int = 2_000) {
        var levels: [LODLevel] = []
        var bucket = smallestBucket
        while ys.count / bucket * 4 >= smallestLevel || levels.isEmpty && ys.count > smallestBucket {
            levels.append(LODLevel(indices: Self.reduce(ys: ys, bucket: bucket)))
            bucket *= 2
        }
        self.levels = levels
    }

    /// One level: for each bucket its first, lowest, highest and last point and its
    /// first gap, in index order without repeats.
    /// - Complexity: O(n).
    static func reduce(ys: [Double], bucket: Int) -> [Int32] {
        var kept: [Int32] = []
        kept.reserveCapacity(ys.count / bucket * 4 + 8)
        ys.withUnsafeBufferPointer { y in
            var start = 0
            while start < y.count {
                let end = min(start + bucket, y.count)
                var low = -1, high = -1, gap = -1
                var lowValue = Double.infinity, highValue = -Double.infinity
                for i in start..<end {
                    let v = y[i]
                    if v.isNaN {
                        if gap < 0 { gap = i }
                        continue
                    }
                    if v < lowValue { lowValue = v; low = i }
                    if v > highValue { highValue = v; high = i }
                }
                // Five candidates, sorted without allocating.
                var picks = (start, low, high, gap, end - 1)
                withUnsafeMutableBytes(of: &picks) { raw in
                    var p = raw.bindMemory(to: Int.self)
                    p.sort()
                    var last = -1
                    for index in p where index >= 0 && index != last {
                        kept.append(Int32(index))
                        last = index
                    }
                }
                start = end
            }
        }
        return kept
    }
}
