extension DataSource {
    /// The point of series `series` a reading at point `index` shows: `index` itself for
    /// a series with a point at every x; in a chart of several files, the series' own
    /// point nearest in x (the earlier on a tie), or `nil` outside its file's x or
    /// inside its own gap in x, where it has no line.
    /// - Complexity: O(log n).
    public func ownIndex(ofSeries series: Int, near index: Int) -> Int? {
        guard let own = dataset.series[series].ownIndices else { return index }
        let position = own.partitionPoint { Int($0) < index }
        if position < own.count, Int(own[position]) == index { return index }
        guard position > 0, position < own.count else { return nil }
        let (before, after) = (Int(own[position - 1]), Int(own[position]))
        guard !lines[series].gaps.separates(before, after) else { return nil }
        let xs = dataset.xs, x = xs[index]
        return x - xs[before] <= xs[after] - x ? before : after
    }
}
