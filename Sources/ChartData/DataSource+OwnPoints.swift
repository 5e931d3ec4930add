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

/// What a chart reads of one series at a point: the board, the notes' markers and
/// Ctrl+C all read through `DataSource.reading(series:at:)`, so they agree on which
/// point and which value.
public struct SeriesReading: Equatable, Sendable {
    /// The series' own point read (`DataSource.ownIndex(ofSeries:near:)`).
    public var index: Int
    /// Its y as plotted: log10 of the value on a log axis; NaN in a gap.
    public var plotted: Double
    /// Its y as read from the file.
    public var value: Double
}

extension DataSource {
    /// Series `series` read at point `index`: at its own nearest point in a chart of
    /// several files; `nil` where it has none (outside its file's x, or inside its own
    /// gap in x).
    /// - Complexity: O(log n).
    public func reading(series: Int, at index: Int) -> SeriesReading? {
        guard let own = ownIndex(ofSeries: series, near: index) else { return nil }
        return SeriesReading(index: own, plotted: dataset.series[series].ys[own], value: values.series[series].ys[own])
    }
}
