import ChartGeometry

/// The measure between two points: a shift-click on the plot sets A, the next B, the
/// one after starts a new measure; `m` does the same at the pinned point.
extension ChartPresenter {
    /// Whether a shift-press at canvas pixel `point` marks a measure point: on the plot,
    /// not on a legend toggle (shift-click shows that series alone) or a preset, and
    /// not over a pie.
    public func measures(at point: PixelPoint) -> Bool {
        geometry.plotBox.contains(point) && legend.series(at: point) == nil && presets.preset(at: point) == nil
            && pie?.isShown != true
    }

    /// Marks the next measure point (A, then B, then a new A) at the point nearest
    /// canvas x `px`.
    /// - Complexity: O(log n).
    public func markMeasure(atCanvasX px: Double) {
        measure.mark(nearestTo: scales.dataX(atCanvasX: px))
    }

    /// Marks the next measure point at the pinned point; returns `false` (and marks
    /// nothing) when no point is pinned.
    @discardableResult
    public func markMeasureAtPin() -> Bool {
        guard highlight.isPinned, let index = highlight.index else { return false }
        measure.mark(index: index)
        return true
    }

    /// Sets the measure remembered for this file (the session, which read it as finite
    /// ends in order), where both ends lie in the data; anything else is ignored.
    public func restoreMeasure(_ range: ClosedRange<Double>) {
        guard range.lowerBound >= dataRange.lowerBound, range.upperBound <= dataRange.upperBound else { return }
        measure.set(a: range.lowerBound, b: range.upperBound)
    }
}
