extension XGaps {
    /// These gaps over `xs` grown past `oldCount` points: the median spacing and the
    /// threshold stay as they were taken when the source was built (a log's first
    /// minutes set its usual spacing); steps after the old points that exceed the
    /// threshold are new gaps.
    /// - Complexity: O(xs.count − oldCount).
    func appending(xs: XValues, oldCount: Int) -> XGaps {
        guard threshold.isFinite, oldCount >= 1, xs.count > oldCount else { return self }
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
