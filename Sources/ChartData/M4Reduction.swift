/// M4 computed from rows in memory: what a file answers from its own points, and the
/// reference a database's answer is checked against. Per pixel column it keeps the
/// rows with the first and last x and the lowest and highest y (the first such row on a
/// tie, as `argMin`/`argMax` keep); a column holding a missing value (NaN) also keeps
/// a break at its first one, so a gap stays a gap (the rule is `M4Builder`'s).
public enum M4Reduction {
    /// The M4 of the rows (`xs` ascending, `ys` beside them) in `request`'s range.
    /// - Complexity: O(log n + rows in range).
    public static func reduce<X: RandomAccessCollection<Double>, Y: RandomAccessCollection<Double>>(
        name: String, xs: X, ys: Y, request: M4Request
    ) -> M4Series where X.Index == Int, Y.Index == Int {
        precondition(xs.count == ys.count, "M4Reduction: one y per x")
        var builder = M4Builder(request: request)
        for index in lowerBound(xs, request.start)..<lowerBound(xs, request.end) {
            builder.add(x: xs[index], y: ys[index])
        }
        return builder.finish(name: name)
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
