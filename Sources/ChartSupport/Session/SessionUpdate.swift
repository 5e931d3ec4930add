import ChartData
import ChartGeometry

/// What one window changed in the session since its last save. The store applies it to
/// the session as it is on disk at the moment of saving, so windows that save in turn
/// keep each other's changes: each window touches only its own file's entry, and the
/// theme and window size only when it changed them.
public struct SessionUpdate: Equatable, Sendable {
    /// The window's file: path, chart and columns. Applying the update makes it the most
    /// recent file; its `visible` and `hiddenSeries` are not used (see below).
    public var file: SessionEntry?
    /// The file's new view; `nil` keeps the saved one.
    public var visible: DataRect?
    /// The file's new hidden series; `nil` keeps the saved ones.
    public var hiddenSeries: [String]?
    /// The file's measure: `.some(nil)` clears it, `nil` keeps the saved one.
    public var measure: ClosedRange<Double>??
    /// The file's new y ranges set by hand; `nil` keeps the saved ones.
    public var manualY: ManualYRanges?
    /// The file's new logarithmic y axes; `nil` keeps the saved ones.
    public var logAxes: [YAxisSide]?
    /// The new theme's name; `nil` keeps the saved one.
    public var theme: String?
    /// The new window size, screen coordinates; `nil` keeps the saved one.
    public var windowSize: PixelSize?
    /// The file's new notes; `nil` keeps the saved ones.
    public var notes: [ChartNote]?

    public init(file: SessionEntry? = nil, visible: DataRect? = nil, hiddenSeries: [String]? = nil,
                theme: String? = nil, windowSize: PixelSize? = nil, measure: ClosedRange<Double>?? = nil,
                logAxes: [YAxisSide]? = nil) {
        self.measure = measure
        self.logAxes = logAxes
        self.file = file
        self.visible = visible
        self.hiddenSeries = hiddenSeries
        self.theme = theme
        self.windowSize = windowSize
    }

    /// Whether applying this changes nothing.
    public var isEmpty: Bool { self == SessionUpdate() }

    /// Adds `later` on top of this update: what `later` sets wins. A view belongs to its
    /// file, so a later update for another file drops this one's view.
    public mutating func merge(_ later: SessionUpdate) {
        if let file = later.file {
            if let current = self.file, !current.isFor(path: file.path, chart: file.chart) {
                visible = nil
                hiddenSeries = nil
                measure = nil
                manualY = nil
                notes = nil
                logAxes = nil
            }
            self.file = file
        }
        visible = later.visible ?? visible
        hiddenSeries = later.hiddenSeries ?? hiddenSeries
        if let measure = later.measure { self.measure = measure }
        manualY = later.manualY ?? manualY
        notes = later.notes ?? notes
        logAxes = later.logAxes ?? logAxes
        theme = later.theme ?? theme
        windowSize = later.windowSize ?? windowSize
    }

    /// Applies the update to `session`: the file first (with its columns, keeping the
    /// view saved for it unless this update has a new one), then theme and window size.
    /// A view without a file is ignored.
    public func apply(to session: inout Session) {
        if let file {
            session.noteOpened(file.path, chart: file.chart, x: file.xColumn, y: file.yColumns)
            session.updateEntry(for: file.path, chart: file.chart) { entry in
                entry.addedFiles = file.addedFiles
                (entry.dateFormat, entry.utc) = (file.dateFormat, file.utc)
                if let visible { entry.visible = visible }
                if let hiddenSeries { entry.hiddenSeries = hiddenSeries }
                if let measure { entry.measure = measure }
                if let manualY { entry.manualY = manualY }
                if let notes { entry.notes = notes }
                if let logAxes { entry.logAxes = logAxes }
            }
        }
        if let theme { session.theme = theme }
        if let windowSize { session.setWindowSize(windowSize) }
    }
}
