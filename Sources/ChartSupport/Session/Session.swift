import ChartGeometry

/// What the app remembers between runs: for each of the last files (and charts of a
/// file), its columns, view and hidden series; and the theme and window size, which all
/// files share.
public struct Session: Equatable, Sendable {
    /// One entry per file and chart, the most recently used first, at most `fileLimit`.
    public var entries: [SessionEntry] = []
    /// `day` or `night`.
    public var theme: String = "day"
    /// Window width in screen coordinates, within `windowSizeRange` when set.
    public var windowWidth: Int?
    /// Window height in screen coordinates, within `windowSizeRange` when set.
    public var windowHeight: Int?

    /// How many files the session remembers.
    public static let fileLimit = 50
    /// The window sizes a session keeps, screen coordinates; a size read back outside it
    /// is clamped into it.
    public static let windowSizeRange = 200...16384

    public init() {}

    /// The files, most recent first, each once.
    public var files: [String] {
        var seen = Set<String>()
        return entries.map(\.path).filter { seen.insert($0).inserted }
    }

    /// The entry of the file used last.
    public var mostRecent: SessionEntry? { entries.first }

    /// The entry for `path`'s chart `chart`, if the session has one.
    public func entry(for path: String, chart: Int? = nil) -> SessionEntry? {
        entries.first { $0.isFor(path: path, chart: chart) }
    }

    /// Records `path` (its chart `chart`, opened with columns `x` and `y`) as the file
    /// used last, keeping its view. A view saved for another x column is dropped: its
    /// range is in that column's units.
    public mutating func noteOpened(_ path: String, chart: Int? = nil, x: String? = nil, y: [String]? = nil) {
        var entry = entry(for: path, chart: chart) ?? SessionEntry(path: path, chart: chart)
        if entry.xColumn != x { entry.visible = nil }
        if entry.xColumn != x { entry.measure = nil }
        entry.xColumn = x
        entry.yColumns = y
        entries.removeAll { $0.isFor(path: path, chart: chart) }
        entries.insert(entry, at: 0)
        if entries.count > Self.fileLimit { entries.removeLast(entries.count - Self.fileLimit) }
    }

    /// Changes the entry for `path`'s chart `chart` in place; one is made first (as the
    /// most recent) when there is none.
    public mutating func updateEntry(for path: String, chart: Int? = nil, _ change: (inout SessionEntry) -> Void) {
        if entry(for: path, chart: chart) == nil { noteOpened(path, chart: chart) }
        guard let index = entries.firstIndex(where: { $0.isFor(path: path, chart: chart) }) else { return }
        change(&entries[index])
    }

    /// Sets the window size, clamped into `windowSizeRange`.
    public mutating func setWindowSize(_ size: PixelSize) {
        windowWidth = Self.clampedWindowLength(Double(size.width))
        windowHeight = Self.clampedWindowLength(Double(size.height))
    }

    /// `length` clamped into `windowSizeRange`; `nil` when it is not a positive finite number.
    static func clampedWindowLength(_ length: Double) -> Int? {
        guard length.isFinite, length > 0 else { return nil }
        let range = windowSizeRange
        return Int(min(max(length, Double(range.lowerBound)), Double(range.upperBound)))
    }
}
