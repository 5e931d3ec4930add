import ChartSupport

extension ChartPresenter {
    /// The summary of what the chart shows: the visible series over the x range the view
    /// shows, or is easing to.
    /// - Complexity: O(log n + points in view × visible series).
    public var summary: ChartSummary {
        ChartSummary(source: source, series: lines.visibleSeries, overX: targetX)
    }
}
