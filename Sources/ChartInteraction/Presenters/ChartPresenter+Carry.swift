import ChartData
import ChartMarks

/// The window swaps in a new chart over the same file (`l`/Shift+L rebuild the source
/// for the log axes; a dropped file joins the chart): what the user set on the old one
/// comes along, so nothing the session keeps is lost on the way.
extension ChartPresenter {
    /// Takes over from `old`: the notes and the one being typed, the measure, the hidden
    /// series (by position and name: a drop adds series after the old ones), the x range
    /// and the y set by hand (in values, as each axis of this chart plots them).
    public func carry(from old: ChartPresenter) {
        let oldSeries = old.lines.dataset.series
        for (index, series) in lines.dataset.series.enumerated()
        where index < oldSeries.count && oldSeries[index].name == series.name && !old.lines.isVisible(index) {
            lines.setVisible(index, false, animated: false)
        }
        legend.refresh()
        show(x: old.targetX)
        restoreManualY(old.manualY)
        if let a = old.measure.a { measure.set(a: a, b: old.measure.b) }
        notes.notes = old.notes.notes
        notes.draft = old.notes.draft
    }
}
