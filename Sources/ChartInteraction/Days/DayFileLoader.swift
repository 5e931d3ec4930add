import ChartData
import ChartGeometry

/// Reads the day file of an overview's point (`DayFiles`, round 2 of Telegram's chart
/// contest): the day's data, drawn with the overview's rules, and the day's name. A
/// day file is a few kilobytes, so it is read on the main thread.
public struct DayFileLoader {
    public let days: DayFiles
    /// What to read from a day file: the chart file's options.
    public let options: LoadOptions

    public init(days: DayFiles, options: LoadOptions) {
        self.days = days
        self.options = options
    }

    /// The day holding point `index` of `overview` and its name ("Sat, Mar 14, 2020");
    /// `nil` when the point has no day (not a time axis, no such point).
    /// - Throws: the day file's `DataLoadError`, also when it holds no finite point.
    public func day(ofPoint index: Int, in overview: DataSource) throws -> (source: DataSource, label: String)? {
        let dataset = overview.dataset
        guard dataset.xs.indices.contains(index), case let .time(unitsPerSecond) = dataset.xKind else { return nil }
        let x = dataset.xs[index]
        let loaded = try days.load(x: x, unitsPerSecond: unitsPerSecond, options: options)
        // Gaps as the overview's: joined across with --connect-gaps, else broken; log
        // axes as the overview's.
        let source = DataSource(dataset: loaded, lodMethod: overview.lodMethod, connectsGaps: overview.gaps == .connected,
                                logAxes: overview.logAxes)
        guard Viewport.fitting(source) != nil else {
            throw DataLoadError.noData(file: loaded.source, reason: "no finite point to show")
        }
        return (source, DayZoom.label(forX: x, unitsPerSecond: unitsPerSecond))
    }

    /// Lets a click on a point of `chart`'s overview, or Enter on the highlighted one,
    /// open its day; a day file that is missing or broken leaves the overview as it is
    /// and is said on the chart.
    public func openDays(of chart: ExplorerChart) {
        chart.main.onZoomIntoPoint = { [unowned chart] index in
            guard chart.zoom.phase == .overview else { return false }
            do {
                guard let day = try day(ofPoint: index, in: chart.main.source) else { return false }
                try chart.openDay(day.source, label: day.label)
                return true
            } catch {
                chart.say("\(error)")
                return false
            }
        }
    }
}
