import ChartCore
import ChartData

/// One series on the GPU at the level of detail the view needs: the full series when
/// few enough points are in view, else the finest reduced level under the budget.
/// Each level is uploaded the first time it is needed and kept, so panning and zooming
/// upload nothing once the levels in use are there.
public final class LODLineSeries {
    private let device: GLDevice
    private let dataset: Dataset
    private let seriesIndex: Int
    private let detail: LevelOfDetail
    /// Visible points allowed per pixel column before a coarser level is used.
    public var pointsPerPixel = LODBudget.pointsPerPixel
    private var full: LineSeriesBuffer?
    private var reduced: [Int: LineSeriesBuffer] = [:]

    public init(device: GLDevice, dataset: Dataset, seriesIndex: Int, detail: LevelOfDetail) {
        self.device = device
        self.dataset = dataset
        self.seriesIndex = seriesIndex
        self.detail = detail
    }

    /// The buffer to draw `visible` with on a plot `plotWidth` pixels wide, uploading
    /// it first if this is the first time it is needed.
    /// - Complexity: O(log n) when the level is on the GPU, O(level size) to upload it.
    public func buffer(forVisibleX visible: ClosedRange<Double>, plotWidth: Int) -> LineSeriesBuffer {
        let range = dataset.drawnIndices(forX: visible)
        guard let levelIndex = detail.levelIndex(forVisible: range, plotWidth: plotWidth, pointsPerPixel: pointsPerPixel) else {
            if let full { return full }
            let made = LineSeriesBuffer(device: device, points: SeriesPoints(xs: dataset.xs, ys: dataset.series[seriesIndex].ys))
            full = made
            return made
        }
        if let buffer = reduced[levelIndex] { return buffer }
        let level = detail.levels[levelIndex]
        let made = LineSeriesBuffer(device: device, points: LevelPoints(xs: dataset.xs, ys: dataset.series[seriesIndex].ys,
                                                                        indices: level.indices))
        reduced[levelIndex] = made
        return made
    }
}
