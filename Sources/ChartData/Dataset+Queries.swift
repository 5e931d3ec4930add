extension Dataset {
    /// The first index whose x is not less than `x` (binary search).
    /// - Complexity: O(log n).
    public func firstIndex(atOrAfterX x: Double) -> Int {
        var low = 0
        var high = xs.count
        while low < high {
            let mid = (low + high) / 2
            if xs[mid] < x { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The smallest and largest finite y of every series over x in `range`, counting
    /// the points just outside it (the line runs to them); `nil` when there is none.
    /// - Complexity: O(log n + k × series count) for k points in the range.
    public func yBounds(inX range: ClosedRange<Double>) -> (min: Double, max: Double)? {
        guard !xs.isEmpty else { return nil }
        let first = max(firstIndex(atOrAfterX: range.lowerBound) - 1, 0)
        let last = min(firstIndex(atOrAfterX: range.upperBound), xs.count - 1)
        guard first <= last else { return nil }
        var low = Double.infinity
        var high = -Double.infinity
        for s in series {
            for y in s.ys[first...last] where y.isFinite {
                low = min(low, y)
                high = max(high, y)
            }
        }
        return low <= high ? (low, high) : nil
    }
}
