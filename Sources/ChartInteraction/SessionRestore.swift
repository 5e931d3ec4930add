import ChartData
import ChartGeometry
import ChartSupport

/// Brings back what the session remembers of a window's file (its view and hidden
/// series) once both the data and the session are here, and records the view as it
/// changes. A view the user moved before the session arrived is not undone.
public struct SessionRestore: Sendable {
    /// The file and chart this window shows, as the session keys them (with the files
    /// shown beside it, which a drop adds to).
    public var file: SessionEntry
    /// What the session remembers of `file`, until it is applied.
    public private(set) var pending: SessionEntry?
    /// The notes the session remembers of `file`, until they are applied (they wait
    /// for nothing but the data: a view moved by hand does not hold them back).
    public private(set) var pendingNotes: [ChartNote]?

    public init(file: SessionEntry) {
        self.file = file
    }

    /// Takes what `session` remembers of this window's file.
    public mutating func sessionArrived(_ session: Session) {
        pending = session.entry(for: file.path, chart: file.chart)
        pendingNotes = pending?.notes
    }

    /// The remembered notes, once.
    public mutating func takeNotes() -> [ChartNote]? {
        defer { pendingNotes = nil }
        return pendingNotes
    }

    /// The remembered entry, once; `nil` when there is none or the user has moved the
    /// view already (it then waits, in case the user's move is undone before the data).
    public mutating func take(userMoved: Bool) -> SessionEntry? {
        guard !userMoved, let saved = pending else { return nil }
        pending = nil
        return saved
    }

    /// Applies `saved`'s view and hidden series to `main`; a view that misses the data
    /// altogether (the file changed since) is ignored, and the default view stays.
    /// Separate from `take`, as the view change it makes calls back into whoever
    /// records views (which may read this restore while it would still be changing).
    public static func apply(_ saved: SessionEntry, to main: ChartPresenter) {
        for (index, series) in main.lines.dataset.series.enumerated() where saved.hiddenSeries.contains(series.name) {
            main.lines.setVisible(index, false, animated: false)
        }
        main.legend.refresh()
        if let measure = saved.measure { main.restoreMeasure(measure) }
        if let visible = saved.visible, visible.maxX > main.dataRange.lowerBound, visible.minX < main.dataRange.upperBound {
            main.show(x: visible.minX...visible.maxX)
            main.restoreManualY(saved.manualY)
        } else {
            main.fitY()
        }
    }

    /// The session update for `main`'s view as it is heading: its x range (and y, when
    /// it has one) and the series the user hid.
    public func viewUpdate(of main: ChartPresenter) -> SessionUpdate {
        let target = main.stage.viewport.target
        let series = main.lines.dataset.series
        let hidden = series.indices.filter { !main.lines.isVisible($0) }.map { series[$0].name }
        let visible = target.height > 0 ? target : DataRect(minX: target.minX, maxX: target.maxX, minY: 0, maxY: 1)
        var update = SessionUpdate(file: file, visible: visible, hiddenSeries: hidden)
        update.manualY = main.manualY
        return update
    }

    /// The session update for `main`'s measure: A…B, or none.
    public func measureUpdate(of main: ChartPresenter) -> SessionUpdate {
        SessionUpdate(file: file, measure: .some(main.measure.range))
    }
}
