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

extension RangeMinMax.Stored {
    /// The tree `RangeMinMax(ys:)` builds, reading `ys` a stretch at a time and letting
    /// each stretch's pages of a mapped column go after it.
    /// - Complexity: O(n); memory: the tree (half a byte a point).
    public init(buildingFrom ys: ValueColumn<Double>) {
        let blockSize = RangeMinMax.blockSize
        let length = RangeMinMax.storedCount(for: ys.count)
        let leaves = length / 2
        var lows = [Double](repeating: .infinity, count: length)
        var highs = [Double](repeating: -.infinity, count: length)
        let blocks = (ys.count + blockSize - 1) / blockSize
        let blocksPerStretch = 1 << 14
        ys.withUnsafeBufferPointer { y in
            for block in 0..<blocks {
                var low = Double.infinity
                var high = -Double.infinity
                for i in block * blockSize..<min((block + 1) * blockSize, y.count) {
                    let v = y[i]
                    // NaN fails both comparisons, so gaps drop out on their own.
                    if v < low { low = v }
                    if v > high { high = v }
                }
                lows[leaves + block] = low
                highs[leaves + block] = high
                if (block + 1) % blocksPerStretch == 0 || block == blocks - 1 {
                    let first = (block + 1 - ((block % blocksPerStretch) + 1)) * blockSize
                    ys.releasePages(first..<min((block + 1) * blockSize, y.count))
                }
            }
        }
        for node in stride(from: leaves - 1, through: 1, by: -1) {
            lows[node] = min(lows[2 * node], lows[2 * node + 1])
            highs[node] = max(highs[2 * node], highs[2 * node + 1])
        }
        self.init(lows: lows, highs: highs)
    }
}

extension SeriesPrecision {
    /// `decimals(of:)` of a mapped column, each sampled value's pages let go once read:
    /// a read fault may map a whole large folio (2 MB), so the samples of a column larger
    /// than memory would otherwise leave much of it resident.
    public static func decimals(ofMapped ys: ValueColumn<Double>) -> Int {
        let stride = max(ys.count / sampleCount, 1)
        let window = (2 << 20) / MemoryLayout<Double>.stride
        var sample: [Double] = []
        for index in Swift.stride(from: 0, to: ys.count, by: stride) {
            sample.append(ys[index])
            ys.releasePages(max(index - window, 0)..<min(index + window, ys.count))
        }
        // At most twice `sampleCount` values: `decimals(of:)` reads every one, as it read them here.
        return decimals(of: sample)
    }
}
