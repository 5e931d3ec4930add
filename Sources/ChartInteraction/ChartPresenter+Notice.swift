import ChartMarks

extension ChartPresenter {
    /// Draws `notice` over this chart's plot, with the info board kept clear of it: a
    /// missing day's message names what was clicked, and the board (pinned on that
    /// point) would otherwise cover it. The board is rebuilt when a message comes or goes.
    public func add(notice: NoticeController) {
        stage.add(notice)
        highlight.obstacles = { [weak notice] in [notice?.box].compactMap { $0 } }
        notice.onChange = { [weak highlight] in highlight?.setNeedsBuild() }
    }
}
