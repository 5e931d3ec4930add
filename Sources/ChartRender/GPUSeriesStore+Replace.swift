import ChartData

extension GPUSeriesStore {
    /// Draws `replaced` from now on: a source whose points may differ anywhere (a view
    /// refined from a database replaces the middle of the data, so the follow's `adopt`,
    /// which keeps the pieces before the old end, does not apply). Every series' GPU
    /// copy is made again, its pieces uploaded as they are drawn; stacks and candles
    /// too. The factories' shaders and glyph atlas stay. The lines and stacks drawing
    /// from the store must be made again over `replaced` before the next frame.
    public func replace(with replaced: DataSource) {
        lines = replaced.lines.enumerated().map { index, line in
            LODLineSeries(device: device, dataset: replaced.dataset, seriesIndex: index, detail: line.detail, gaps: line.gaps,
                          own: line.own)
        }
        stacks = [:]
        candleSeries = nil
        source = replaced
    }
}
