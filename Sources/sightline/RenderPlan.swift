import ArgumentParser
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
    ///     then in the values' units and taken to log10 here.
    /// - Throws: `DataLoadError.noData` when no point is finite.
    init(dataset: Dataset, lod: LODMethod, connectsGaps: Bool, plain: Bool, xRange: ClosedRange<Double>?,
         points: ClosedRange<Double>? = nil, yRange: ClosedRange<Double>?, logAxes: Set<YAxisSide> = []) throws {
        source = DataSource(dataset: dataset, lodMethod: lod, connectsGaps: connectsGaps, logAxes: logAxes)
        guard let fitted = Viewport.fitting(source) else {
            throw DataLoadError.noData(file: dataset.source, reason: "no finite point to show")
        }
        var visible = fitted.visible
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
            if yRange == nil, let fit = Viewport.fitting(source, x: x) { visible = fit.visible }
        }
        if let asked = yRange {
            let y = try Self.plotted(asked, logarithmic: source.logAxes.contains(.left), option: "--y-range", flag: "--log-y")
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

    /// `range` (the values' units, given as `option`) as its axis plots it: log10 of each
    /// end on a log axis (`flag`), which has no place for 0 or less.
    static func plotted(_ range: ClosedRange<Double>, logarithmic: Bool, option: String, flag: String) throws -> ClosedRange<Double> {
        guard logarithmic else { return range }
        guard range.lowerBound > 0 else {
            throw ValidationError("\(option) \(range.lowerBound):\(range.upperBound): a log axis (\(flag)) holds only values above 0")
        }
        return log10(range.lowerBound)...log10(range.upperBound)
    }
}
