import ChartCore
import ChartData

/// One series on the GPU at the level of detail the view needs: the full series when
/// few enough points are in view, else the finest reduced level under the budget.
///
/// Levels are uploaded in pieces of `pointsPerPiece` points, each the first time part of
/// it is in view, and kept: panning and zooming upload nothing once the pieces in use
/// are there, and zooming into a fine level uploads the piece or two in view (≤ 2 MB
/// each) rather than the whole level (18 MB for W1's finest at 10M points, a visible
/// hitch in that frame).
///
/// A piece that spans a gap in x gets a break there (a point with NaN y between the two
/// sides), so the line stops at the gap in every view and at every level, exactly where
/// the full series' line does: the levels keep the points on both sides of each gap.
public final class LODLineSeries {
    private let device: RenderDevice
    private let dataset: Dataset
    private let seriesIndex: Int
    private let detail: LevelOfDetail
    private let gaps: XGaps
    /// Points per uploaded piece; consecutive pieces share one point.
    public static let pointsPerPiece = 1 << 18
    /// Uploaded pieces by level (`fullSeries` for every point), then by piece number.
    private var pieces: [Int: [Int: LineSeriesBuffer]] = [:]
    private static let fullSeries = -1

    /// - Parameter gaps: where x jumps so far that the line breaks (`DataSource.gaps`).
    public init(device: RenderDevice, dataset: Dataset, seriesIndex: Int, detail: LevelOfDetail,
                gaps: XGaps = .connected) {
        self.device = device
        self.dataset = dataset
        self.seriesIndex = seriesIndex
        self.detail = detail
        self.gaps = gaps
    }

    /// The pieces to draw `visible` with on a plot `plotWidth` pixels wide (one stroke:
    /// draw them together), uploading those that are not on the GPU yet.
    /// - Complexity: O(log n) when the pieces are on the GPU, O(piece size) per upload.
    public func buffers(forVisibleX visible: ClosedRange<Double>, plotWidth: Int) -> [LineSeriesBuffer] {
        let range = dataset.drawnIndices(forX: visible)
        guard !range.isEmpty else { return [] }
        let levelIndex = detail.levelIndex(forVisible: range, plotWidth: plotWidth)
        let key = levelIndex ?? Self.fullSeries
        // The positions in view, in the level (or the series), with the neighbour just
        // outside on each side: the segments that cross the view's edges.
        let count: Int
        let first: Int
        let last: Int
        if let levelIndex {
            let level = detail.levels[levelIndex]
            count = level.indices.count
            first = max(level.position(of: range.lowerBound) - 1, 0)
            last = min(level.position(of: range.upperBound), count - 1)
        } else {
            count = dataset.count
            first = range.lowerBound
            last = min(range.upperBound, count - 1)
        }
        guard count >= 2 else { return [] }
        let lastPiece = (count - 2) / Self.pointsPerPiece
        return (min(first / Self.pointsPerPiece, lastPiece)...min(last / Self.pointsPerPiece, lastPiece)).map { piece in
            if let uploaded = pieces[key]?[piece] { return uploaded }
            let start = piece * Self.pointsPerPiece
            let positions = start..<min(start + Self.pointsPerPiece + 1, count)
            let ys = dataset.series[seriesIndex].ys
            let made: LineSeriesBuffer
            if let levelIndex {
                let indices = detail.levels[levelIndex].indices[positions]
                made = upload(LevelPoints(xs: dataset.xs, ys: ys, indices: indices), breaks: gaps.breaks(along: indices))
            } else {
                made = upload(SeriesPoints(xs: dataset.xs, ys: ys, range: positions), breaks: gaps.breaks(along: positions))
            }
            pieces[key, default: [:]][piece] = made
            return made
        }
    }

    /// `points` on the GPU, with a break after each offset in `breaks`: a point halfway
    /// between the two sides in x, with NaN y, which the shader draws no segment to. A
    /// piece without breaks (most are) is uploaded straight from the points.
    /// - Complexity: O(points).
    private func upload<Points: PlotPoints>(_ points: Points, breaks: [Int]) -> LineSeriesBuffer {
        guard !breaks.isEmpty else { return LineSeriesBuffer(device: device, points: points) }
        var xs: [Double] = []
        var ys: [Double] = []
        xs.reserveCapacity(points.count + breaks.count)
        ys.reserveCapacity(points.count + breaks.count)
        var next = 0
        for i in 0..<points.count {
            xs.append(points.x(i))
            ys.append(points.y(i))
            if next < breaks.count, breaks[next] == i {
                xs.append(points.x(i) / 2 + points.x(i + 1) / 2)
                ys.append(.nan)
                next += 1
            }
        }
        return LineSeriesBuffer(device: device, points: SeriesPoints(xs: xs, ys: ys))
    }
}
