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
            // y fitted to what the range shows, lines crossing it included; the commands
            // have refused a range without a finite point (`RangeArgument.requiringData`).
            if yRange == nil, let fit = Viewport.fitting(source, x: x) { visible = fit.visible }
        }
        if let y = yRange {
            visible.minY = y.lowerBound
            visible.maxY = y.upperBound
        }
        self.visible = FiniteDomain.clamp(visible)
    }
}
