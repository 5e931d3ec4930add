import ChartMarks
import ChartStage

extension ChartAssembly {
    /// The panels the window draws over each of its main charts (the overview's and a
    /// day's), above the chart's own parts: the `?` panel of keys, then the summary.
    public static func windowPanels(over chart: ChartPresenter) -> (keyHelp: KeyHelpController, summary: SummaryPanelController) {
        let keyHelp = KeyHelpController(), summary = SummaryPanelController()
        for panel: RenderController in [keyHelp, summary] { chart.stage.add(panel) }
        return (keyHelp, summary)
    }

    /// `notice` over `chart`'s plot, above all else on it, with the info board kept clear
    /// of it: a missing day's message names what was clicked, and the board (pinned on
    /// that point) would otherwise cover it. The board is rebuilt when a message comes or goes.
    public static func add(_ notice: NoticeController, over chart: ChartPresenter) {
        chart.stage.add(notice)
        let highlight = chart.highlight
        let earlier = highlight.obstacles
        highlight.obstacles = { [weak notice] in (earlier?() ?? []) + [notice?.box].compactMap { $0 } }
        notice.onChange = { [weak highlight] in highlight?.setNeedsBuild() }
    }

    /// A day's "‹ Zoom out" and the day's name (`label`), at the start of the day
    /// chart's bar, above all else on it; the legend starts after them.
    public static func dayZoomOut(over day: ChartPresenter, label: String) -> ZoomOutController {
        let control = ZoomOutController(label: label)
        day.stage.add(control)
        day.legend.leadingEnd = { [unowned control] in control.end }
        return control
    }

    /// One stack alone, the same every frame (`sightline bench --kind`).
    public static func lone(_ stack: SeriesStack) -> [RenderController] {
        [FixedStacksController([stack])]
    }
}
