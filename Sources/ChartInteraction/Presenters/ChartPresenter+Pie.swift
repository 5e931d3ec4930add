import ChartData
import ChartGeometry
import ChartMarks

/// A chart of shares and its pie: a click on a day (or Enter) eases the view to the week
/// around it while the areas fade into a pie of that range's shares, with the
/// percentages in the slices; Esc or "‹ Zoom out" eases back to the range shown before.
/// While the pie shows, moving the range (the range selector) morphs it to the new
/// range's shares, and a toggle re-normalises its slices as it does the areas.
extension ChartPresenter {
    /// Steps either side of a clicked day that its pie covers: a week in daily data.
    static let pieReach = 3

    /// The pie of the week around point `index`.
    public func showPie(around index: Int) {
        let xs = source.dataset.xs
        let low = xs[max(index - Self.pieReach, 0)], high = xs[min(index + Self.pieReach, xs.count - 1)]
        if rangeBeforePie == nil { rangeBeforePie = targetX }
        let shown = pie?.isShown == true
        show(x: low...high, duration: pie?.duration ?? 0.35, easing: .easeInOut)
        // A pie already up follows the range in `show`.
        if !shown { showPie(over: targetX) }
    }

    /// The pie of the shares over x in `range` (the view is left where it is).
    public func showPie(over range: ClosedRange<Double>) {
        guard let pie, let group = composition.groups.first(where: \.isPercentage) else { return }
        if rangeBeforePie == nil { rangeBeforePie = targetX }
        let colors = group.series.map { lines.color(ofSeries: $0, theme: stage.targetTheme) }
        pie.show(range: range, series: group.series, weights: stacks.weights(of: group), colors: colors)
        highlight.clear()
        yAxis.setShown(false)
        pieZoomOut?.label = rangeLabel(range)
        pieZoomOut?.isShown = true
        legend.refresh()
    }

    /// Back from the pie to the areas, at the range shown before it.
    public func hidePie() {
        guard let pie, pie.isShown else { return }
        pie.hide()
        pie.endHover()
        pieZoomOut?.isShown = false
        legend.refresh()
        yAxis.setShown(true)
        let before = rangeBeforePie
        rangeBeforePie = nil
        if let before { show(x: before, duration: pie.duration, easing: .easeInOut) }
    }

    /// Keeps the areas faded by the pie's progress, and the pie's slices on the toggles'
    /// weights and the theme's colours.
    func followPie(_ pie: PieController) {
        stacks.opacity = 1 - pie.progress
        guard pie.isShown, let group = composition.groups.first(where: \.isPercentage) else { return }
        let weights = stacks.weights(of: group)
        if weights != pie.weights { pie.setWeights(weights) }
        // A theme switch recolours the slices with the areas.
        let colors = group.series.map { lines.color(ofSeries: $0, theme: stage.theme) }
        if colors != pie.colors { pie.setColors(colors) }
    }

    /// "Apr 3 – Apr 9, 2019" for a time axis, else the two x values.
    private func rangeLabel(_ range: ClosedRange<Double>) -> String {
        guard case .time(let unitsPerSecond) = source.dataset.xKind else {
            let decimals = SeriesPrecision.maximumDecimals
            return "\(ValueFormat.string(range.lowerBound, dataDecimals: decimals)) – \(ValueFormat.string(range.upperBound, dataDecimals: decimals))"
        }
        return CivilDate(unixSeconds: range.lowerBound / unitsPerSecond)
            .rangeLabel(to: CivilDate(unixSeconds: range.upperBound / unitsPerSecond))
    }
}
