import HeapModule

/// The seed's sparsifier: a heap-based, non-recursive Ramer–Douglas–Peucker that ranks
/// every point by importance, and levels that each take the first points of that one
/// ranking (so a coarser level keeps a subset of a finer one's points).
///
/// Importance is a point's vertical distance from the chord of the range it splits,
/// which orders points the same way whatever the x and y scales of the view. Ranges
/// waiting to be scored sit in an array; scored ones in a max-heap keyed by their most
/// distant point; pop, emit, split, repeat.
public struct RDPLOD: LevelOfDetail {
    public let levels: [LODLevel]

    /// - Parameter gapStarts: the point before each gap in x, ascending (`XGaps.starts`):
    ///   the line breaks after it, as at a gap in y.
    /// - Complexity: O(n log n) on average, O(n²) in the worst case (as RDP).
    public init(xs: [Double], ys: [Double], gapStarts: [Int] = [], smallestLevel: Int = 2_000) {
        let order = Self.importanceOrder(xs: xs, ys: ys, limit: ys.count / 2, gapStarts: gapStarts)
        var levels: [LODLevel] = []
        var size = ys.count / 2
        while size >= smallestLevel || levels.isEmpty && size > 1 {
            var indices = Array(order.prefix(size))
            indices.sort()
            levels.append(LODLevel(indices: indices))
            size /= 2
        }
        self.levels = levels
    }

    /// A range of points whose inner points are not yet emitted, with its most distant one.
    private struct ScoredRange: Comparable {
        var first: Int32
        var last: Int32
        var farthest: Int32
        var distance: Double

        static func < (a: ScoredRange, b: ScoredRange) -> Bool {
            a.distance < b.distance || (a.distance == b.distance && a.farthest > b.farthest)
        }
    }

    /// Point indices from most to least important, at most `limit` of them (and never
    /// fewer than the ends of every run between gaps, in y or in x (after each of
    /// `gapStarts`), and the gaps in y themselves, which come first).
    /// - Complexity: O(n log n) on average.
    public static func importanceOrder(xs: [Double], ys: [Double], limit: Int, gapStarts: [Int] = []) -> [Int32] {
        var result: [Int32] = []
        result.reserveCapacity(min(limit, ys.count))
        var pending: [(Int32, Int32)] = []
        // Runs between gaps: their ends, and the gaps, are kept before anything else.
        var runStart = -1
        var nextGapStart = 0
        for i in 0...ys.count {
            let isGap = i == ys.count || ys[i].isNaN
            // A gap in x just before i ends the run at i − 1, though i is a point.
            while nextGapStart < gapStarts.count, gapStarts[nextGapStart] < i - 1 { nextGapStart += 1 }
            let afterXGap = nextGapStart < gapStarts.count && gapStarts[nextGapStart] == i - 1
            if (isGap || afterXGap) && runStart >= 0 {
                result.append(Int32(runStart))
                if i - 1 > runStart { result.append(Int32(i - 1)) }
                if i - 1 > runStart + 1 { pending.append((Int32(runStart), Int32(i - 1))) }
                runStart = -1
            }
            if !isGap && runStart < 0 { runStart = i }
            if isGap && i < ys.count { result.append(Int32(i)) }
        }
        var heap = Heap<ScoredRange>()
        while result.count < limit {
            while let (first, last) = pending.popLast() {
                heap.insert(score(first: first, last: last, xs: xs, ys: ys))
            }
            guard let top = heap.popMax() else { break }
            result.append(top.farthest)
            if top.farthest - top.first > 1 { pending.append((top.first, top.farthest)) }
            if top.last - top.farthest > 1 { pending.append((top.farthest, top.last)) }
        }
        return result
    }

    private static func score(first: Int32, last: Int32, xs: [Double], ys: [Double]) -> ScoredRange {
        let (x0, y0) = (xs[Int(first)], ys[Int(first)])
        let (x1, y1) = (xs[Int(last)], ys[Int(last)])
        let slope = x1 > x0 ? (y1 - y0) / (x1 - x0) : 0
        var best = first + 1
        var bestDistance = -1.0
        for i in Int(first) + 1..<Int(last) {
            let distance = abs(ys[i] - (y0 + slope * (xs[i] - x0)))
            if distance > bestDistance {
                bestDistance = distance
                best = Int32(i)
            }
        }
        return ScoredRange(first: first, last: last, farthest: best, distance: bestDistance)
    }
}
