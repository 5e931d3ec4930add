import ChartData
import ChartGeometry
import ChartInteraction
import ChartRender

/// A view of a queried source refined (`ViewRefiner`): the overview's chart is made
/// again over the refined source, as a followed file's grown source is
/// (`ExplorerScene.follow`), through the same factories (their shaders and glyph atlas
/// stay) but with the store's GPU copies made again (`GPUSeriesStore.replace`: a
/// refinement replaces points in the middle of the data). The new chart takes over the
/// view, the gesture, the panels, the hidden series, the measure and the notes
/// (`ChartPresenter.follow(from:)`); y eases from where it was drawn to the new fit, and
/// the refined line ramps in.
extension ExplorerScene {
    /// Where a refined line's alpha ramp starts: the old line goes at once, the new one
    /// comes up from a faint copy over 150 ms, so the change of detail reads as a fade.
    public static let refinedLineAlpha = 0.35

    /// Shows `refined` in place of the overview's source; `false`, changing nothing,
    /// while a day is open or opening.
    @discardableResult
    public func refine(_ refined: DataSource) -> Bool {
        guard zoom.phase == .overview, zoom.day == nil else { return false }
        overview.mainFactory.store?.replace(with: refined)
        take(refined).main.lines.fadeIn(from: Self.refinedLineAlpha, seconds: 0.15)
        return true
    }
}
