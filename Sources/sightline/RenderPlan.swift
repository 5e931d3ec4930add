import ChartCore
import ChartData

/// What `sightline render` draws, decided from the data and the options before any GL
/// work: the series' source and the visible rectangle (finite, non-empty, whatever the
/// data or the ranges asked for).
struct RenderPlan {
    let source: DataSource
    let visible: DataRect

    /// - Parameters:
    ///   - xRange: the x range asked for; `nil` shows all x.
    ///   - yRange: the y range asked for; `nil` fits y to the data in view.
    ///   - plain: lines only, no grid: y is not rounded to grid lines.
    ///   - connectsGaps: join points across gaps in x (`--connect-gaps`).
    /// - Throws: `DataLoadError.noData` when no point is finite.
    init(dataset: Dataset, lod: LODMethod, connectsGaps: Bool, plain: Bool, xRange: ClosedRange<Double>?,
         yRange: ClosedRange<Double>?) throws {
        source = DataSource(dataset: dataset, lodMethod: lod, connectsGaps: connectsGaps)
        guard let fitted = Viewport.fitting(source) else {
            throw DataLoadError.noData(file: dataset.source, reason: "no finite point to show")
        }
        var visible = fitted.visible
        if let x = xRange {
            visible.minX = x.lowerBound
            visible.maxX = x.upperBound
            if let fit = Viewport.fitting(source, x: x) {
                if yRange == nil { visible = fit.visible }
            } else {
                emptyRangeNote = Self.note(for: x, in: dataset)
            }
        }
        if let y = yRange {
            visible.minY = y.lowerBound
            visible.maxY = y.upperBound
        }
        self.visible = FiniteDomain.clamp(visible)
    }

    /// Why the picture of an x range with nothing in it is empty: where the data is (a
    /// year typed as a number on a time axis is read as seconds, a common slip).
    private(set) var emptyRangeNote: String?

    private static func note(for range: ClosedRange<Double>, in dataset: Dataset) -> String {
        let file = DisplayText.quoted(dataset.source)
        guard let first = dataset.xs.first, let last = dataset.xs.last else { return "\(file) has no data in --x-range" }
        var note = "\(file) has no data in --x-range; its x runs from \(label(first, dataset)) to \(label(last, dataset))"
        if case .time = dataset.xKind, range.lowerBound >= 1000, range.upperBound <= 9999 {
            note += " (numbers are x in seconds; for years write dates, e.g. \(Int(range.lowerBound))-01-01:\(Int(range.upperBound))-12-31)"
        }
        return note
    }

    private static func label(_ x: Double, _ dataset: Dataset) -> String {
        guard case let .time(unitsPerSecond) = dataset.xKind else { return ValueFormat.string(x, dataDecimals: 6) }
        return CivilDate(unixSeconds: x / unitsPerSecond).longLabel
    }
}
