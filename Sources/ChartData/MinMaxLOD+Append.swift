/// Growing a ladder as points are appended (`sightline open --follow`): a bucket that
/// was complete keeps the points it kept, so each level keeps its indices before the
/// bucket holding the old last point and only that bucket onwards is read again. The
/// result is the ladder `init(ys:gapStarts:)` builds over all the points (a seeded test
/// holds the two equal).
extension MinMaxLOD {
    /// The ladder of `ys`, whose first `oldCount` points this one was built over.
    /// - Parameters:
    ///   - ys: every point, the old ones first and unchanged.
    ///   - gapStarts: the point before each gap in x over all of `ys`; the gaps among the
    ///     old points must be those this ladder was built with.
    /// - Complexity: O(appended points + levels × (bucket + gaps after the old end)),
    ///   plus copying the kept indices.
    public func appending(ys: [Double], oldCount: Int, gapStarts: [Int] = [], smallestBucket: Int = 8,
                          smallestLevel: Int = 2_000) -> MinMaxLOD {
        appending(ys: ValueColumn(ys), oldCount: oldCount, gapStarts: gapStarts, smallestBucket: smallestBucket,
                  smallestLevel: smallestLevel)
    }

    /// The ladder of `ys`, an array's values or a mapped column's (`appending(ys:oldCount:)`).
    public func appending(ys: ValueColumn<Double>, oldCount: Int, gapStarts: [Int] = [], smallestBucket: Int = 8,
                          smallestLevel: Int = 2_000) -> MinMaxLOD {
        precondition(oldCount <= ys.count, "MinMaxLOD: appending keeps the old points")
        guard oldCount > 0 else { return MinMaxLOD(ys: ys, gapStarts: gapStarts, smallestBucket: smallestBucket, smallestLevel: smallestLevel) }
        let edges = Self.edges(of: gapStarts)
        var grown: [LODLevel] = []
        var bucket = smallestBucket
        while ys.count / bucket * 8 >= smallestLevel || grown.isEmpty && ys.count > smallestBucket {
            let k = grown.count
            // The bucket of the old last point is read again: a gap found after it may
            // add that point to the bucket's kept points.
            let start = (oldCount - 1) / bucket * bucket
            let kept = k < levels.count ? Array(levels[k].indices[..<levels[k].position(of: start)]) : []
            let from = k < levels.count ? start : 0
            let tail: [Int32]
            if let finer = grown.last {
                tail = Self.coarsen(ValueColumn(Array(finer.indices[finer.position(of: from)...])), ys: ys, bucket: bucket)
            } else {
                tail = Self.reduce(ys: ys, bucket: bucket, from: from)
            }
            let tailEdges = edges[edges.partitionPoint { Int($0) < from }...]
            let merged = tailEdges.isEmpty ? tail : Self.union(tail, Array(tailEdges))
            grown.append(LODLevel(indices: kept + merged))
            bucket *= 2
        }
        return MinMaxLOD(levels: grown)
    }

    /// A ladder of levels made elsewhere.
    init(levels: [LODLevel]) {
        self.levels = levels
    }

    /// The points either side of each gap, ascending, as `init(ys:gapStarts:)` keeps them.
    static func edges(of gapStarts: [Int]) -> [Int32] {
        var edges: [Int32] = []
        for start in gapStarts where edges.last != Int32(start + 1) {
            if edges.last != Int32(start) { edges.append(Int32(start)) }
            edges.append(Int32(start + 1))
        }
        return edges
    }

    /// `reduce(ys:bucket:)`'s buckets from `start` (a multiple of `bucket`) on.
    /// - Complexity: O(ys.count − start).
    static func reduce(ys: ValueColumn<Double>, bucket: Int, from start: Int) -> [Int32] {
        reduce(ys: ys, bucket: bucket, in: start..<ys.count)
    }
}
