import ChartData
import ChartGeometry
import Foundation

/// What `sightline render` draws, decided from the data and the options before any GL
/// work: the series' source and the visible rectangle (finite, non-empty, whatever the
/// data or the ranges asked for).
struct RenderPlan {
    let source: DataSource
    let visible: DataRect

    /// - Parameters:
    ///   - xRange: the x range asked for; `nil` shows all x.
    ///   - points: the x of the points `xRange` holds (a period's without its end, the
    ///     next period's first instant), as `RangeArgument.requiringData` gives them.
    ///   - yRange: the y range asked for; `nil` fits y to the data in view.
    ///   - plain: lines only, no grid: y is not rounded to grid lines.
    ///   - connectsGaps: join points across gaps in x (`--connect-gaps`).
    ///   - logAxes: the y axes drawn logarithmic (`--log-y`, `--log-y2`); `yRange` is
    ///     in the values' units and taken to log10 here (`LogPlot.plotted`); one a log
    ///     axis cannot hold, which the commands refuse first (`ScaleOptions.yRanges`),
    ///     fits y.
    /// - Throws: `DataLoadError.noData` when no point is finite.
    init(dataset: Dataset, lod: LODMethod, connectsGaps: Bool, plain: Bool, xRange: ClosedRange<Double>?,
         points: ClosedRange<Double>? = nil, yRange: ClosedRange<Double>?, logAxes: Set<YAxisSide> = []) throws {
        source = DataSource(dataset: dataset, lodMethod: lod, connectsGaps: connectsGaps, logAxes: logAxes)
        guard let fitted = Viewport.fitting(source) else {
            throw DataLoadError.noData(file: dataset.source, reason: "no finite point to show")
        }
        var visible = fitted.visible
        let leftIsLog = source.logAxes.contains(.left)
        let plottedY = yRange.flatMap { LogPlot.plotted($0, logarithmic: leftIsLog) }
        if var x = xRange {
            // A range holding one point (one trading day of daily data) is drawn with the
            // point in the middle, as a file of one row is: at 00:00 of its day it sat on
            // the plot's left edge, clipped to a speck.
            if let lone = Self.lonePoint(of: dataset, in: points ?? x) {
                let shift = lone - (x.lowerBound + x.upperBound) / 2
                x = (x.lowerBound + shift)...(x.upperBound + shift)
            }
            visible.minX = x.lowerBound
            visible.maxX = x.upperBound
            // y fitted to what the range shows, lines crossing it included; the commands
            // have refused a range without a finite point (`RangeArgument.requiringData`).
            if plottedY == nil, let fit = Viewport.fitting(source, x: x) { visible = fit.visible }
        }
        if let y = plottedY {
            visible.minY = y.lowerBound
            visible.maxY = y.upperBound
        }
        self.visible = FiniteDomain.clamp(visible)
    }

    /// The x of the only point in `range` with a finite value in some series, if there is
    /// exactly one such x.
    /// - Complexity: O(log n + points in range × series).
    static func lonePoint(of dataset: Dataset, in range: ClosedRange<Double>) -> Double? {
        let xs = dataset.xs
        var found: Double?
        for i in xs.indices(overX: range) where dataset.series.contains(where: { $0.ys[i].isFinite }) {
            guard found == nil || found == xs[i] else { return nil }
            found = xs[i]
        }
        return found
    }
}
