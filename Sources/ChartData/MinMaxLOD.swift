import Foundation

/// Levels that keep, per bucket of consecutive points, the first, the lowest, the
/// highest and the last point (M4), the first gap in the bucket, and the extremes'
/// neighbours where they are far from them (a spike's slopes). Buckets double from 8
/// points per level to the last level of about 2 000 points: over all levels about 1.1
/// indices (4.4 bytes) per point on a random walk, at most 2.125 on pathological data.
///
/// Every spike is some bucket's extreme, so none vanishes at any zoom. Every level also
/// keeps both points around each gap in x (`XGaps`), so the line breaks exactly where the
/// full series' line does.
public struct MinMaxLOD: LevelOfDetail {
    public let levels: [LODLevel]

    /// The finest level reads every point; each coarser one is made from the level below
    /// it (a bucket's first, lowest, highest, last point and first gap are always among
    /// its two halves' kept points), the same points `reduce` would pick from all of them.
    /// A long series is cut into parts at multiples of the coarsest bucket, so that no
    /// bucket of any level straddles two: each part's ladder is built on a core of its
    /// own, and each level is its parts' levels one after another (`ladder(ys:buckets:edges:parts:)`).
    /// - Parameters:
    ///   - gapStarts: the point before each gap in x, ascending (`XGaps.starts`).
    ///   - threads: the most parts built side by side; `pointsPerThread`: the fewest points a part.
    /// - Complexity: O(n) in all (the levels halve), plus O(gaps) per level.
    public init(ys: [Double], gapStarts: [Int] = [], smallestBucket: Int = 8, smallestLevel: Int = 2_000,
                threads: Int = ProcessInfo.processInfo.activeProcessorCount, pointsPerThread: Int = 1 << 20) {
        self.init(ys: ValueColumn(ys), gapStarts: gapStarts, smallestBucket: smallestBucket, smallestLevel: smallestLevel,
                  threads: threads, pointsPerThread: pointsPerThread)
    }

    /// The levels of `ys`, an array's values or a mapped column's.
    public init(ys: ValueColumn<Double>, gapStarts: [Int] = [], smallestBucket: Int = 8, smallestLevel: Int = 2_000,
                threads: Int = ProcessInfo.processInfo.activeProcessorCount, pointsPerThread: Int = 1 << 20) {
        let edges = Self.edges(of: gapStarts)
        var buckets: [Int] = []
        var bucket = smallestBucket
        while ys.count / bucket * 8 >= smallestLevel || buckets.isEmpty && ys.count > smallestBucket {
            buckets.append(bucket)
            bucket *= 2
        }
        let parts = Self.parts(count: ys.count, alignedTo: buckets.last ?? 1, threads: threads,
                               pointsPerThread: pointsPerThread)
        levels = Self.ladder(ys: ys, buckets: buckets, edges: edges, parts: parts).map(LODLevel.init(indices:))
    }

    /// The levels of the points in `range`, one per bucket size: the finest reads every
    /// point, each coarser one is made from the level below it with the gap edges in it.
    /// - Complexity: O(range.count), plus O(gaps) per level.
    static func ladder(ys: ValueColumn<Double>, buckets: [Int], edges: [Int32], in range: Range<Int>) -> [[Int32]] {
        let from = edges.partitionPoint { Int($0) < range.lowerBound }
        let to = edges.partitionPoint { Int($0) < range.upperBound }
        let edges = Array(edges[from..<to])
        var levels: [[Int32]] = []
        for bucket in buckets {
            let indices = levels.last.map { coarsen(ValueColumn($0), ys: ys, bucket: bucket) } ?? reduce(ys: ys, bucket: bucket, in: range)
            levels.append(edges.isEmpty ? indices : union(indices, edges))
        }
        return levels
    }

    /// The indices in either ascending list, ascending, each once. The extra points a
    /// finer level holds change nothing `coarsen` picks: a bucket's first, last, lowest,
    /// highest and first gap are still the earliest of their kind among its points.
    /// - Complexity: O(a + b).
    static func union(_ a: [Int32], _ b: [Int32]) -> [Int32] {
        var result: [Int32] = []
        result.reserveCapacity(a.count + b.count)
        var i = 0, j = 0
        while i < a.count || j < b.count {
            let next = j == b.count || (i < a.count && a[i] <= b[j]) ? a[i] : b[j]
            if result.last != next { result.append(next) }
            if i < a.count, a[i] == next { i += 1 }
            if j < b.count, b[j] == next { j += 1 }
        }
        return result
    }

    /// The level of buckets of `bucket` points made from `finer`, a level of buckets half
    /// as large: for each bucket, the kept points of its halves, scanned in order.
    /// - Complexity: O(finer.count).
    static func coarsen(_ finer: ValueColumn<Int32>, ys: ValueColumn<Double>, bucket: Int) -> [Int32] {
        var kept: [Int32] = []
        kept.reserveCapacity(finer.count / 2 + 8)
        finer.withUnsafeBufferPointer { f in
            ys.withUnsafeBufferPointer { y in
                var i = 0
                while i < f.count {
                    let first = Int(f[i])
                    // The indices ascend: the bucket's end, worked out once, bounds its
                    // points (one division a bucket, not one a point).
                    let end = (first / bucket + 1) * bucket
                    var last = first, low = -1, high = -1, gap = -1
                    var lowValue = Double.infinity, highValue = -Double.infinity
                    while i < f.count, Int(f[i]) < end {
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
                    append(first: first, low: low, high: high, gap: gap, last: last, ys: y, to: &kept)
                }
            }
        }
        return kept
    }

    /// Appends a bucket's kept points, ascending, without repeats: the first, the last,
    /// the first gap, the lowest and the highest, and each extreme's neighbours in the
    /// bucket that lie more than half the bucket's range away from it.
    ///
    /// Those neighbours keep a spike's own slopes: without them a one-point spike is
    /// joined to the bucket's other kept points, up to a bucket away, and its stroke
    /// fans out at the base (1.4% of the pixels off on the spike test, 0% with them). A
    /// neighbour close to the extreme changes nothing visible and is left out, so a
    /// walk's bucket keeps four points. The rule reads only the bucket's points, so
    /// `coarsen` agrees with `reduce`.
    static func append(first: Int, low: Int, high: Int, gap: Int, last: Int, ys y: UnsafeBufferPointer<Double>,
                               to kept: inout [Int32]) {
        func steep(_ neighbour: Int, of extreme: Int) -> Int {
            guard extreme >= 0, neighbour >= first, neighbour <= last else { return -1 }
            let halfRange = (y[high] - y[low]) / 2
            return abs(y[neighbour] - y[extreme]) > halfRange ? neighbour : -1
        }
        var picks = (first, last, gap, low, high,
                     steep(low - 1, of: low), steep(low + 1, of: low), steep(high - 1, of: high), steep(high + 1, of: high))
        withUnsafeMutableBytes(of: &picks) { raw in
            let p = raw.bindMemory(to: Int.self)
            // Insertion sort: nine numbers, mostly in order already.
            for i in 1..<p.count {
                let value = p[i]
                var j = i
                while j > 0, p[j - 1] > value {
                    p[j] = p[j - 1]
                    j -= 1
                }
                p[j] = value
            }
            var previous = -1
            for index in p where index >= 0 && index != previous {
                kept.append(Int32(index))
                previous = index
            }
        }
    }

    /// One level: for each bucket its first, lowest, highest and last point and its
    /// first gap, in index order without repeats; of the points in `range` (all by
    /// default), which starts at a bucket's start.
    /// - Complexity: O(range.count).
    static func reduce(ys: ValueColumn<Double>, bucket: Int, in range: Range<Int>? = nil) -> [Int32] {
        let range = range ?? 0..<ys.count
        var kept: [Int32] = []
        kept.reserveCapacity(range.count / bucket * 8 + 16)
        ys.withUnsafeBufferPointer { y in
            var start = range.lowerBound
            while start < range.upperBound {
                let end = min(start + bucket, range.upperBound)
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
                append(first: start, low: low, high: high, gap: gap, last: end - 1, ys: y, to: &kept)
                start = end
            }
        }
        return kept
    }
}
