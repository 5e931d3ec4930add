extension MinMaxLOD {
    /// The bucket sizes of the levels `init(ys:gapStarts:)` makes for `count` points.
    static func bucketSizes(count: Int, smallestBucket: Int = 8, smallestLevel: Int = 2_000) -> [Int] {
        var sizes: [Int] = []
        var bucket = smallestBucket
        while count / bucket * 8 >= smallestLevel || sizes.isEmpty && count > smallestBucket {
            sizes.append(bucket)
            bucket *= 2
        }
        return sizes
    }

    /// The levels `init(ys:gapStarts:)` makes, built a stretch of points at a time, for a
    /// column too large to hold its ladder in memory (the cache's one-pass read): each
    /// level's indices of each stretch go to `emit(level, indices)` in order, and each
    /// stretch's pages of a mapped `ys` are let go after it.
    ///
    /// A bucket's kept points depend on its own points only, and a stretch is a whole
    /// number of the largest bucket, so the levels are exactly `init`'s.
    /// - Returns: how many levels there are.
    /// - Complexity: O(n); memory O(stretch), the stretch being the largest bucket or 1M points.
    public static func levels(inStretchesOf ys: ValueColumn<Double>, gapStarts: [Int],
                              emit: (_ level: Int, _ indices: [Int32]) throws -> Void) rethrows -> Int {
        let sizes = bucketSizes(count: ys.count)
        guard let largest = sizes.last else { return 0 }
        var edges: [Int] = []
        for start in gapStarts where edges.last != start + 1 {
            if edges.last != start { edges.append(start) }
            edges.append(start + 1)
        }
        let stretch = max(largest, 1 << 20)
        var edge = 0
        for start in stride(from: 0, to: ys.count, by: stretch) {
            let end = min(start + stretch, ys.count)
            let local = ValueColumn(ys.withUnsafeBufferPointer { Array($0[start..<end]) })
            ys.releasePages(start..<end)
            var stretchEdges: [Int32] = []
            while edge < edges.count, edges[edge] < end {
                stretchEdges.append(Int32(edges[edge] - start))
                edge += 1
            }
            var finer: [Int32] = []
            for (level, bucket) in sizes.enumerated() {
                let indices = level == 0 ? reduce(ys: local, bucket: bucket) : coarsen(ValueColumn(finer), ys: local, bucket: bucket)
                finer = stretchEdges.isEmpty ? indices : union(indices, stretchEdges)
                try emit(level, finer.map { $0 + Int32(start) })
            }
        }
        return sizes.count
    }
}
