import ChartData
import ChartGeometry
import ChartInteraction
import ChartRender

/// A followed file grew (`sightline open --follow`): the overview's chart is made again
/// over the grown source, drawing through the same factories and series store, so what
/// is on the GPU stays (`GPUSeriesStore.adopt`: only each level's last, partial piece
/// is uploaded again), and the new chart takes over the view, the gesture and the
/// panels from the old one (`ChartPresenter.follow(from:)`).
extension ExplorerScene {
    /// Shows `grown` (the overview's source with rows appended) in place of the
    /// overview's source; `false`, changing nothing, while a day is open or opening
    /// (the rows wait for the way back).
    @discardableResult
    public func follow(_ grown: DataSource) -> Bool {
        guard zoom.phase == .overview, zoom.day == nil else { return false }
        overview.mainFactory.store?.adopt(grown)
        take(grown)
        return true
    }

    /// Makes the overview's chart again over `source`, now in the overview's store,
    /// through the same factories, and lets it take over from the old chart: the view,
    /// the gesture, the panels (`ChartPresenter.follow(from:)`). What a follow and a
    /// refinement share.
    /// - Returns: the new level, for what only one of them adds.
    @discardableResult
    func take(_ source: DataSource) -> ExplorerLevel {
        let old = overview
        old.mainFactory.storeGrew()
        old.selectorFactory.storeGrew()
        let geometry = old.main.geometry
        let level = ExplorerLevel(source: source, mainFactory: old.mainFactory, selectorFactory: old.selectorFactory,
                                  canvas: geometry.canvas, scale: geometry.scale, theme: old.main.stage.targetTheme,
                                  lineWidth: lineWidth, gradient: gradient, initialFraction: 1, smooth: smooth,
                                  frames: frames)
        level.main.follow(from: old.main)
        level.selector.follow(from: old.selector)
        level.keyHelp.isShown = old.keyHelp.isShown
        if !old.summaryPanel.lines.isEmpty { level.summaryPanel.show(old.summaryPanel.lines) }
        overview = level
        zoom.replaceOverview(with: level.main)
        ChartAssembly.add(notice, over: level.main)
        old.main.stage.tearDown()
        old.selector.stage.tearDown()
        return level
    }
}
