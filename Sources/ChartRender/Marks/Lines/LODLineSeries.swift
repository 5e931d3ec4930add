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
///
/// The strided reads of a level's points are most of a piece's cost (10–23 ms for 2^18
/// W1 points), so on frames that upload nothing `prepareAhead()` reads a block at a time
/// of a piece the view may need next (the next finer and coarser level's pieces over the view,
/// then the neighbours of the pieces in view), and the frame that needs it only uploads.
/// What is drawn does not change: a piece needed before it is prepared is prepared in
/// that frame, as it would have been.
///
/// The pieces are the series store's (`GPUSeriesStore`): the main chart and the range
/// selector draw from the same ones, so a level both draw is uploaded once. Only the main
/// chart's view is prepared around; the selector's overview rarely moves.
public final class LODLineSeries {
    let device: RenderDevice
    var dataset: Dataset
    let seriesIndex: Int
    var detail: LevelOfDetail
    var gaps: XGaps
    /// In a chart of several files, the series' own points, which its full resolution
    /// is drawn through (`SeriesLine.own`); `nil`: every point.
    var own: LODLevel?
    /// Points per uploaded piece; consecutive pieces share one point.
    public static let pointsPerPiece = 1 << 18
    /// Uploaded pieces by level (`fullSeries` for every point), then by piece number.
    var pieces: [Int: [Int: LineSeriesBuffer]] = [:]
    /// The levels' last pieces cut back to their unchanged blocks by an append, grown
    /// when next drawn (`LODLineSeries+GrowPiece`).
    var growing: [PieceKey: GrowingPiece] = [:]
    /// Whether the series has grown (`adopt`): a level's last, partial piece is then made
    /// with room to grow.
    var growsAtEnd = false
    static let fullSeries = -1

    /// One piece of one level (`fullSeries` for every point).
    struct PieceKey: Hashable {
        var level: Int
        var piece: Int
    }

    /// Pieces prepared (or being prepared) ahead and not uploaded yet.
    var ahead: [PieceKey: any PieceWork] = [:]
    /// Most bytes `ahead` holds: three pieces, so the pieces a zoom in or
    /// out needs next fit, and one of a pan.
    public static let aheadByteLimit = 7 << 20
    /// The view last drawn, which `prepareAhead()` prepares around.
    private var lastView: (visible: ClosedRange<Double>, plotWidth: Int)?
    /// Whether `buffers` uploaded a piece since the last `endFrame()`: the frame is not
    /// a quiet one, and nothing should be prepared ahead in it.
    public private(set) var uploadedThisFrame = false
    /// Blocks prepared in all, ahead and in frames: how many times a block's points
    /// were read.
    public private(set) var preparedBlockCount = 0
    /// Blocks prepared by `buffers`, in the frames that needed them.
    public private(set) var preparedInFrameBlockCount = 0

    /// Pieces on the GPU, of every level.
    public var pieceCount: Int { pieces.values.reduce(0) { $0 + $1.count } }
    /// GPU memory the uploaded pieces take, bytes.
    public var gpuByteCount: Int { pieces.values.reduce(0) { $0 + $1.values.reduce(0) { $0 + $1.gpuByteCount } } }

    /// Bytes held by pieces prepared ahead and not uploaded yet.
    public var aheadByteCount: Int { ahead.values.reduce(0) { $0 + $1.byteCount } }

    /// - Parameters:
    ///   - gaps: where x jumps so far that the line breaks (`DataSource.gaps`, or the
    ///     series' own, `SeriesLine.gaps`).
    ///   - own: the series' own points (`SeriesLine.own`); `nil` draws every point.
    public init(device: RenderDevice, dataset: Dataset, seriesIndex: Int, detail: LevelOfDetail,
                gaps: XGaps = .connected, own: LODLevel? = nil) {
        self.device = device
        self.dataset = dataset
        self.seriesIndex = seriesIndex
        self.detail = detail
        self.gaps = gaps
        self.own = own
    }

    /// The pieces to draw `visible` with on a plot `plotWidth` pixels wide (one stroke:
    /// draw them together), uploading those that are not on the GPU yet (finishing the
    /// preparation of any begun ahead).
    /// - Parameter leading: the view is the one `prepareAhead()` prepares around, and its
    ///   uploads make the frame a busy one; `false` for a view that rarely moves (the
    ///   range selector's overview), which leaves both as the leading view set them.
    /// - Complexity: O(log n) when the pieces are on the GPU, O(piece size) per upload.
    public func buffers(forVisibleX visible: ClosedRange<Double>, plotWidth: Int, leading: Bool = true) -> [LineSeriesBuffer] {
        if leading { lastView = (visible, plotWidth) }
        let range = dataset.drawnIndices(forX: visible)
        guard !range.isEmpty else { return [] }
        let levelIndex = detail.levelIndex(forVisible: range, plotWidth: plotWidth, own: own)
        let key = levelIndex ?? Self.fullSeries
        guard let inView = pieceNumbers(ofLevel: key, over: range) else { return [] }
        return inView.map { piece in
            if let uploaded = pieces[key]?[piece] { return uploaded }
            let pieceKey = PieceKey(level: key, piece: piece)
            if let grown = grow(pieceKey) {
                if leading { uploadedThisFrame = true }
                pieces[key, default: [:]][piece] = grown
                return grown
            }
            var work = ahead.removeValue(forKey: pieceKey) ?? work(for: pieceKey)
            while !work.isDone {
                work.prepareNextBlock()
                preparedBlockCount += 1
                preparedInFrameBlockCount += 1
            }
            if leading { uploadedThisFrame = true }
            let made = LineSeriesBuffer(device: device, prepared: work.piece,
                                        reservingBytes: growsAtEnd && isPartial(pieceKey) ? Self.grownPieceBytes : 0)
            pieces[key, default: [:]][piece] = made
            return made
        }
    }

    /// Marks the end of a frame: `uploadedThisFrame` starts over.
    public func endFrame() {
        uploadedThisFrame = false
    }

    /// Reads one block of a piece the last view drawn may need next. The frame loop
    /// calls it after drawing, on frames that uploaded nothing, a set number of times
    /// a frame in all series, so a quiet frame's extra work is a block or two
    /// (≤ 16 384 points each). Drops what was prepared for views left behind.
    /// - Returns: whether a block was prepared.
    /// - Complexity: O(`LineSeriesBuffer.maxPointsPerBlock`).
    @discardableResult
    public func prepareAhead() -> Bool {
        guard let view = lastView else { return false }
        let wanted = nextPieces(around: view)
        ahead = ahead.filter { wanted.contains($0.key) }
        var held = aheadByteCount
        for key in wanted where pieces[key.level]?[key.piece] == nil {
            if ahead[key] == nil {
                guard held + Self.preparedBytes <= Self.aheadByteLimit else { return false }
                // A piece across a gap is copied with its breaks in one go, too much for
                // a quiet frame: it is prepared when needed, as before.
                guard let work = work(for: key, allowingBreaks: false) else { continue }
                ahead[key] = work
                held += Self.preparedBytes
            }
            guard !ahead[key]!.isDone else { continue }
            ahead[key]!.prepareNextBlock()
            preparedBlockCount += 1
            return true
        }
        return false
    }

    /// About the bytes one whole prepared piece holds: its offsets and runs.
    private static let preparedBytes = 2 * MemoryLayout<Float>.stride * (pointsPerPiece + pointsPerPiece / 16_383 + 1)
        + MemoryLayout<LineSeriesBuffer.Run>.stride * (pointsPerPiece / LineSeriesBuffer.segmentsPerRun + 1)

    /// The pieces a view goes to next, likeliest first: the next finer level's and the
    /// next coarser level's under the view's middle (a zoom in or out), then the pieces
    /// on either side of those in view (a pan).
    private func nextPieces(around view: (visible: ClosedRange<Double>, plotWidth: Int)) -> [PieceKey] {
        let range = dataset.drawnIndices(forX: view.visible)
        guard !range.isEmpty else { return [] }
        let levelIndex = detail.levelIndex(forVisible: range, plotWidth: view.plotWidth, own: own)
        var levels: [Int] = []
        if let levelIndex {
            levels.append(levelIndex == 0 ? Self.fullSeries : levelIndex - 1)
            if levelIndex + 1 < detail.levels.count { levels.append(levelIndex + 1) }
        } else if !detail.levels.isEmpty {
            levels.append(0)
        }
        // A zoom keeps the point under the pointer; the view's middle is the likeliest.
        let middle = (range.lowerBound + range.upperBound - 1) / 2
        var keys: [PieceKey] = levels.compactMap { level in
            guard let last = lastPiece(ofLevel: level) else { return nil }
            let position = reduced(level)?.position(of: middle) ?? middle
            return PieceKey(level: level, piece: min(position / Self.pointsPerPiece, last))
        }
        let key = levelIndex ?? Self.fullSeries
        if let inView = pieceNumbers(ofLevel: key, over: range), let last = lastPiece(ofLevel: key) {
            if inView.upperBound < last { keys.append(PieceKey(level: key, piece: inView.upperBound + 1)) }
            if inView.lowerBound > 0 { keys.append(PieceKey(level: key, piece: inView.lowerBound - 1)) }
        }
        return keys
    }

    /// The numbers of the pieces of `level` that hold series indices `range`, with the
    /// neighbour just outside on each side (the segments that cross the view's edges).
    private func pieceNumbers(ofLevel level: Int, over range: Range<Int>) -> ClosedRange<Int>? {
        let first: Int
        let last: Int
        if let reduced = reduced(level) {
            first = max(reduced.position(of: range.lowerBound) - 1, 0)
            last = min(reduced.position(of: range.upperBound), reduced.indices.count - 1)
        } else {
            first = range.lowerBound
            last = min(range.upperBound, dataset.count - 1)
        }
        guard let lastPiece = lastPiece(ofLevel: level) else { return nil }
        return min(first / Self.pointsPerPiece, lastPiece)...min(last / Self.pointsPerPiece, lastPiece)
    }

    /// The number of `level`'s last piece; `nil` when it has under two points.
    private func lastPiece(ofLevel level: Int) -> Int? {
        let count = reduced(level)?.indices.count ?? dataset.count
        guard count >= 2 else { return nil }
        return (count - 2) / Self.pointsPerPiece
    }

    /// The preparation of one piece, nothing read yet, with a break after each point
    /// followed by a gap in x: a point halfway between the two sides in x, with NaN y,
    /// which the shader draws no segment to. A piece without breaks (most are) is read
    /// straight from the points; one with breaks is copied first, and `nil` unless
    /// `allowingBreaks`.
    /// - Complexity: O(log n) without breaks, O(piece size) with.
    private func work(for key: PieceKey, allowingBreaks: Bool) -> (any PieceWork)? {
        let reduced = reduced(key.level)
        let count = reduced?.indices.count ?? dataset.count
        let start = key.piece * Self.pointsPerPiece
        let positions = start..<min(start + Self.pointsPerPiece + 1, count)
        let ys = dataset.series[seriesIndex].ys
        // A piece that may grow keeps blocks of fixed length (`LODLineSeries+GrowPiece`).
        let cuts = !(growsAtEnd && isPartial(key))
        guard let reduced else {
            let breaks = gaps.breaks(along: positions)
            let points = SeriesPoints(xs: dataset.xs, ys: ys, range: positions)
            guard breaks.isEmpty else { return allowingBreaks ? broken(points, breaks: breaks, cutsAtGaps: cuts) : nil }
            return PiecePreparation(points: points, cutsAtGaps: cuts)
        }
        let indices = reduced.indices[positions]
        let points = LevelPoints(xs: dataset.xs, ys: ys, indices: indices, values: reduced.values?[positions])
        let breaks = gaps.breaks(along: indices)
        guard breaks.isEmpty else { return allowingBreaks ? broken(points, breaks: breaks, cutsAtGaps: cuts) : nil }
        return PiecePreparation(points: points, cutsAtGaps: cuts)
    }

    /// The indices `level` draws: a reduced level's, or for the full series its own
    /// points (`own`); `nil` for every point.
    func reduced(_ level: Int) -> LODLevel? {
        level == Self.fullSeries ? own : detail.levels[level]
    }

    /// The preparation of one piece needed now, breaks and all.
    private func work(for key: PieceKey) -> any PieceWork {
        work(for: key, allowingBreaks: true)!
    }

    /// `points` copied with a break after each offset in `breaks`.
    /// - Complexity: O(points).
    private func broken<Points: PlotPoints>(_ points: Points, breaks: [Int], cutsAtGaps: Bool) -> any PieceWork {
        PiecePreparation(points: Self.drawn(points, breaks: breaks, from: 0), cutsAtGaps: cutsAtGaps)
    }
}
