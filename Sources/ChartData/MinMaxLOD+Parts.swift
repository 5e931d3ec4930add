import Dispatch

extension MinMaxLOD {
    /// Where to cut `count` points into parts for `threads` threads, each at least
    /// `pointsPerThread` points and starting at a multiple of `alignedTo` (the coarsest
    /// bucket): one part for a short series.
    /// - Complexity: O(threads).
    static func parts(count: Int, alignedTo bucket: Int, threads: Int, pointsPerThread: Int) -> [Range<Int>] {
        let wanted = min(max(threads, 1), count / max(pointsPerThread, 1))
        guard wanted > 1 else { return [0..<count] }
        var cuts = [0]
        for k in 1..<wanted {
            let cut = count / wanted * k / bucket * bucket
            if cut > cuts.last!, cut < count { cuts.append(cut) }
        }
        cuts.append(count)
        return zip(cuts, cuts.dropFirst()).map { $0..<$1 }
    }

    /// Every level of the points, built part by part side by side: a level is its parts'
    /// levels one after another, since no bucket straddles two parts and a bucket's
    /// picks read only its own points.
    /// - Complexity: O(n), over as many cores as there are parts.
    static func ladder(ys: ValueColumn<Double>, buckets: [Int], edges: [Int32], parts: [Range<Int>]) -> [[Int32]] {
        guard parts.count > 1 else {
            return ladder(ys: ys, buckets: buckets, edges: edges, in: parts.first ?? 0..<0)
        }
        var ladders = [[[Int32]]](repeating: [], count: parts.count)
        ladders.withUnsafeMutableBufferPointer { buffer in
            let slots = UncheckedSlots(buffer)
            DispatchQueue.concurrentPerform(iterations: parts.count) { k in
                slots[k] = ladder(ys: ys, buckets: buckets, edges: edges, in: parts[k])
            }
        }
        // Each part's level is freed once joined: one level's copy is held at a time.
        return buckets.indices.map { level in
            var joined: [Int32] = []
            joined.reserveCapacity(ladders.reduce(0) { $0 + $1[level].count })
            for k in ladders.indices {
                joined.append(contentsOf: ladders[k][level])
                ladders[k][level] = []
            }
            return joined
        }
    }
}
