/// M4 computed from rows in memory: what a file answers from its own points, and the
/// reference a database's answer is checked against. Per pixel column it keeps the
/// rows with the first and last x and the lowest and highest y (the first such row on a
/// tie, as `argMin`/`argMax` keep); a column holding a missing value (NaN) also keeps
/// a break at its first one, so a gap stays a gap.
public enum M4Reduction {
    /// The M4 of the rows (`xs` ascending, `ys` beside them) in `request`'s range.
    /// - Complexity: O(log n + rows in range).
    public static func reduce<X: RandomAccessCollection<Double>, Y: RandomAccessCollection<Double>>(
        name: String, xs: X, ys: Y, request: M4Request
    ) -> M4Series where X.Index == Int, Y.Index == Int {
        precondition(xs.count == ys.count, "M4Reduction: one y per x")
        let first = lowerBound(xs, request.start)
        let end = lowerBound(xs, request.end)
        var outX: [Double] = []
        var outY: [Double] = []
        var index = first
        while index < end {
            guard let column = request.column(of: xs[index]) else { index += 1; continue }
            var last = index
            var low = -1, high = -1, gap = -1
            var scan = index
            while scan < end, request.column(of: xs[scan]) == column {
                let y = ys[scan]
                if y.isNaN {
                    if gap < 0 { gap = scan }
                } else {
                    if low < 0 || y < ys[low] { low = scan }
                    if high < 0 || y > ys[high] { high = scan }
                }
                last = scan
                scan += 1
            }
            // The column's rows, each once, in x order: first, extremes, break, last.
            var kept = [index, last]
            if low >= 0 { kept += [low, high] }
            if gap >= 0 { kept.append(gap) }
            for row in Set(kept).sorted() {
                outX.append(xs[row])
                outY.append(ys[row])
            }
            index = scan
        }
        return M4Series(name: name, xs: outX, ys: outY)
    }

    /// Rows of `request`'s range in `xs` (ascending).
    public static func rowsInRange<X: RandomAccessCollection<Double>>(_ xs: X, _ request: M4Request) -> Int
    where X.Index == Int {
        lowerBound(xs, request.end) - lowerBound(xs, request.start)
    }

    private static func lowerBound<X: RandomAccessCollection<Double>>(_ xs: X, _ value: Double) -> Int
    where X.Index == Int {
        var low = xs.startIndex, high = xs.endIndex
        while low < high {
            let mid = (low + high) / 2
            if xs[mid] < value { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
