import ChartData

extension GPUSeriesStore {
    /// Draws `grown`, this store's source with rows appended (`DataSource.appending`),
    /// from now on: each series keeps the pieces on the GPU that are unchanged in it
    /// (`LODLineSeries.adopt`); the stacks and candles are made again from all the
    /// points when next drawn. The lines and stacks drawing from the store must be
    /// made again over `grown` (its handles) before the next frame.
    /// - Precondition: `grown` has the same series, in order.
    public func adopt(_ grown: DataSource) {
        precondition(grown.lines.count == lines.count, "GPUSeriesStore: a grown source has the same series")
        for (series, line) in zip(lines, grown.lines) {
            series.adopt(dataset: grown.dataset, detail: line.detail, gaps: line.gaps, own: line.own)
        }
        stacks = [:]
        candleSeries = nil
        source = grown
    }

    /// Uploaded pieces of every series' levels, for the follow's trace and tests.
    public var linePieceCount: Int { lines.reduce(0) { $0 + $1.pieceCount } }
}
