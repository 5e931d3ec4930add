import Foundation

/// The y range a user sets by hand, as ImPlot and trading charts let them: zoomed at the
/// pointer (Shift+wheel), stretched about its middle (a drag on the axis's labels) or
/// slid (a drag on the plot once y is set by hand). Value type maths only: the
/// presenter decides when, `FiniteDomain` keeps every result a valid view.
public enum YRangeGesture {
    /// Pixels of vertical drag on an axis that double (down) or halve (up) its span.
    public static let pixelsPerDoubling = 150.0

    /// `range` zoomed by `factor` (above 1 magnifies) about `value`: the value stays at
    /// the same height on the plot.
    public static func zoomed(_ range: ClosedRange<Double>, by factor: Double, keeping value: Double) -> ClosedRange<Double> {
        guard factor.isFinite, factor > 0 else { return range }
        let anchor = min(max(value, range.lowerBound), range.upperBound)
        // Halves, so spans out to ±1.1e307 stay finite.
        let below = (anchor / 2 - range.lowerBound / 2) / factor
        let above = (range.upperBound / 2 - anchor / 2) / factor
        return FiniteDomain.clamp((anchor - 2 * below)...(anchor + 2 * above))
    }

    /// `range` stretched about its middle by a drag of `dy` pixels down the axis (a
    /// drag down shows more, up less: the scale follows the hand as on a price axis).
    public static func stretched(_ range: ClosedRange<Double>, byDraggingPixels dy: Double) -> ClosedRange<Double> {
        let middle = range.lowerBound / 2 + range.upperBound / 2
        return zoomed(range, by: pow(2, -dy / pixelsPerDoubling), keeping: middle)
    }

    /// `range` slid so the content follows a drag of `dy` pixels down a plot `height`
    /// pixels tall (a drag down shows higher values).
    public static func panned(_ range: ClosedRange<Double>, byDraggingPixels dy: Double, height: Double) -> ClosedRange<Double> {
        guard height > 0, dy.isFinite else { return range }
        let shift = dy * (range.upperBound / 2 - range.lowerBound / 2) * 2 / height
        return FiniteDomain.clamp((range.lowerBound + shift)...(range.upperBound + shift))
    }
}
