extension Dataset {
    /// The first index whose x is not less than `x` (binary search).
    /// - Complexity: O(log n).
    public func firstIndex(atOrAfterX x: Double) -> Int {
        xs.partitionPoint { $0 < x }
    }

    /// The indices a view of x in `range` draws: every point inside it and the nearest
    /// one beyond each end, since the line runs out to them.
    /// - Complexity: O(log n).
    public func drawnIndices(forX range: ClosedRange<Double>) -> Range<Int> {
        guard !xs.isEmpty else { return 0..<0 }
        let first = max(firstIndex(atOrAfterX: range.lowerBound) - 1, 0)
        var end = firstIndex(atOrAfterX: range.upperBound)
        // Past every x equal to the upper bound, then one more.
        while end < xs.count, xs[end] == range.upperBound { end += 1 }
        return first..<min(end + 1, xs.count)
    }

    /// The index of the point whose x is nearest to `x` (the earlier one on a tie), or
    /// `nil` for an empty dataset.
    /// - Complexity: O(log n).
    public func nearestIndex(toX x: Double) -> Int? {
        guard !xs.isEmpty else { return nil }
        let after = firstIndex(atOrAfterX: x)
        if after == 0 { return 0 }
        if after == xs.count { return xs.count - 1 }
        return x - xs[after - 1] <= xs[after] - x ? after - 1 : after
    }

    /// The y of series `series` at `x`, linearly interpolated between the points on
    /// either side (as the line is drawn); `nil` outside the data or inside a gap.
    /// - Complexity: O(log n).
    public func yValue(atX x: Double, series: Int) -> Double? {
        let ys = self.series[series].ys
        guard let firstX = xs.first, let lastX = xs.last, x >= firstX, x <= lastX else { return nil }
        let after = firstIndex(atOrAfterX: x)
        if xs[after] == x { return ys[after].isNaN ? nil : ys[after] }
        let before = after - 1
        let (y0, y1) = (ys[before], ys[after])
        guard !y0.isNaN, !y1.isNaN else { return nil }
        let t = (x - xs[before]) / (xs[after] - xs[before])
        return y0 + (y1 - y0) * t
    }
}
