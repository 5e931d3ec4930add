/// Levels that keep, per bucket of consecutive points, the first, the lowest, the
/// highest and the last point (M4), plus the first gap in the bucket. Buckets double
/// from 8 points per level to the last level of about 2 000 points, so memory is at
/// most one index (4 bytes) per point over all levels.
///
/// Every spike is some bucket's extreme, so none vanishes at any zoom.
public struct MinMaxLOD: LevelOfDetail {
    public let levels: [LODLevel]

    /// The finest level reads every point; each coarser one is made from the level below
    /// it (a bucket's first, lowest, highest, last point and first gap are always among
    /// its two halves' kept points), the same points `reduce` would pick from all of them.
    /// - Complexity: O(n) in all (the levels halve).
    public init(ys: [Double], smallestBucket: Int = 8, smallestLevel: Int = 2_000) {
        var levels: [LODLevel] = []
        var bucket = smallestBucket
        while ys.count / bucket * 4 >= smallestLevel || levels.isEmpty && ys.count > smallestBucket {
            let indices = levels.last.map { Self.coarsen($0.indices, ys: ys, bucket: bucket) } ?? Self.reduce(ys: ys, bucket: bucket)
            levels.append(LODLevel(indices: indices))
            bucket *= 2
        }
        self.levels = levels
    }

    /// The level of buckets of `bucket` points made from `finer`, a level of buckets half
    /// as large: for each bucket, the kept points of its halves, scanned in order.
    /// - Complexity: O(finer.count).
    static func coarsen(_ finer: [Int32], ys: [Double], bucket: Int) -> [Int32] {
        var kept: [Int32] = []
        kept.reserveCapacity(finer.count / 2 + 8)
        finer.withUnsafeBufferPointer { f in
            ys.withUnsafeBufferPointer { y in
                var i = 0
                while i < f.count {
                    let group = Int(f[i]) / bucket
                    let first = Int(f[i])
                    var last = first, low = -1, high = -1, gap = -1
                    var lowValue = Double.infinity, highValue = -Double.infinity
                    while i < f.count, Int(f[i]) / bucket == group {
                        let index = Int(f[i])
                        let v = y[index]
                        if v.isNaN {
                            if gap < 0 { gap = index }
                        } else {
                            if v < lowValue { lowValue = v; low = index }
                            if v > highValue { highValue = v; high = index }
                        }
                        last = index
                        i += 1
                    }
                    append((first, low, high, gap, last), to: &kept)
                }
            }
        }
        return kept
    }

    /// Appends the candidates that exist (≥ 0), ascending, without repeats.
    private static func append(_ candidates: (Int, Int, Int, Int, Int), to kept: inout [Int32]) {
        var picks = candidates
        withUnsafeMutableBytes(of: &picks) { raw in
            var p = raw.bindMemory(to: Int.self)
            p.sort()
            var last = -1
            for index in p where index >= 0 && index != last {
                kept.append(Int32(index))
                last = index
            }
        }
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
                append((start, low, high, gap, end - 1), to: &kept)
                start = end
            }
        }
        return kept
    }
}
