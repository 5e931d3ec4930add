extension XGaps {
    /// These gaps over `xs` grown past `oldCount` points. While the grown steps are no
    /// more than `sampleSize`, the median spacing is taken again from all of them, as a
    /// source built at once takes it (two rows a second apart, then rows every 20 s, are
    /// not a gap at every step); past that, the median spacing and the threshold stay
    /// as they were (a log's first steps set its usual spacing), and steps after the old
    /// points that exceed the threshold are new gaps.
    /// - Complexity: O(xs.count − oldCount) past `sampleSize` steps; O(n log n) below.
    func appending(xs: XValues, oldCount: Int) -> XGaps {
        guard oldCount >= 1, xs.count > oldCount else { return self }
        if xs.count - 1 <= Self.sampleSize { return XGaps(xs: xs) }
        guard threshold.isFinite else { return self }
        var starts = self.starts
        var previous = xs[oldCount - 1]
        for i in oldCount..<xs.count {
            let x = xs[i]
            if x - previous > threshold { starts.append(i - 1) }
            previous = x
        }
        return XGaps(medianSpacing: medianSpacing, threshold: threshold, starts: starts)
    }
}
