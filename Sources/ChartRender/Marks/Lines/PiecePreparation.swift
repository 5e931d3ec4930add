/// A piece's preparation that can stop after any block: each `prepareNextBlock()` reads
/// one block's points (at most `LineSeriesBuffer.maxPointsPerBlock`), so a piece the view
/// may need soon is prepared a slice a frame, and one needed now is finished at once.
protocol PieceWork {
    /// Whether every block is prepared.
    var isDone: Bool { get }
    /// Bytes held so far.
    var byteCount: Int { get }
    /// Reads the next block's points: its runs, origin and offsets.
    mutating func prepareNextBlock()
    /// The prepared piece; every block must be done.
    var piece: PreparedPiece { get }
}

/// Prepares `points` block by block. Generic rather than over closures: each point is
/// read three times (runs, origin, offsets), and the specialised reads took a quarter
/// less CPU.
struct PiecePreparation<Points: PlotPoints>: PieceWork {
    private let points: Points
    private let pointsPerBlock: Int
    /// The index of `points`' first in the whole piece they end (a growing piece's tail,
    /// `LineSeriesBuffer.append`): runs start where a whole piece's would.
    private let offset: Int
    /// Whether a block ends at a gap (`minimumPointsBeforeCut`); a piece that may grow keeps
    /// blocks of fixed length, which `LODLineSeries+GrowPiece` counts on.
    private let cutsAtGaps: Bool
    /// The first point of the next block.
    private var next = 0
    /// Blocks cut at a gap before `minimumPointsBeforeCut` points.
    private var shortBlocks = 0
    private(set) var piece: PreparedPiece

    /// - Parameter pointsPerBlock: points that share one origin. Float's 24 bits are
    ///   spent on a block's extent, so smaller blocks stay exact deeper into a zoom.
    /// - Parameter cutsAtGaps: whether a block ends at the first gap after
    ///   `minimumPointsBeforeCut` of its points, so it holds the line on one side of a break
    ///   only (and can be gathered into column spans, `ColumnSpans.suit`).
    init(points: Points, pointsPerBlock: Int = LineSeriesBuffer.maxPointsPerBlock, startingAt offset: Int = 0,
         cutsAtGaps: Bool = true) {
        precondition((2...LineSeriesBuffer.maxPointsPerBlock).contains(pointsPerBlock),
                     "PiecePreparation: a block holds 2…\(LineSeriesBuffer.maxPointsPerBlock) points")
        self.points = points
        self.pointsPerBlock = pointsPerBlock
        self.offset = offset
        self.cutsAtGaps = cutsAtGaps
        piece = PreparedPiece(pointCount: points.count)
        let count = points.count
        guard count >= 2 else { return }
        // Consecutive blocks share one point: count − 1 segments, pointsPerBlock − 1 a block.
        let blockCount = (count - 2) / (pointsPerBlock - 1) + 1
        piece.offsets.reserveCapacity(2 * (count + blockCount - 1))
        piece.runs.reserveCapacity((count - 2) / LineSeriesBuffer.segmentsPerRun + 1)
        piece.blocks.reserveCapacity(blockCount)
    }

    var isDone: Bool { next >= points.count - 1 }

    var byteCount: Int { piece.byteCount }

    /// Points a block holds at least before it is cut at a gap, once the piece has made
    /// `shortBlocksPerPiece` shorter ones: cuts make more blocks (a draw each). A block
    /// whose first break comes sooner then is not cut at a later one either: it keeps its
    /// pieces on both sides of a break (`breaksInside`), and a view of it is drawn as
    /// capsules, as all lines with gaps were; data with a gap every few points costs at
    /// most a few more draws than before.
    static var minimumPointsBeforeCut: Int { 256 }

    /// Blocks under `minimumPointsBeforeCut` points a piece may cut at gaps: a level of
    /// detail brings a series' scattered empty cells close together (W2's 50 runs of empty
    /// cells lie a few hundred points apart in the level drawn zoomed out), and each of
    /// those blocks keeps the line off the column spans.
    static var shortBlocksPerPiece: Int { 128 }

    /// Block k holds points first…last with last = first + pointsPerBlock − 1, or the
    /// first gap that follows a finite value (cutting at gaps, `minimumPointsBeforeCut`);
    /// the next block starts at last, so consecutive blocks share one point and the line
    /// is continuous. The runs that start in first..<last are made with it.
    /// - Complexity: O(pointsPerBlock).
    mutating func prepareNextBlock() {
        guard !isDone else { return }
        let count = points.count
        let first = next
        var last = min(first + pointsPerBlock - 1, count - 1)
        var origin = Self.origin(of: points, range: first...last)
        var breaksInside = false
        // Most blocks hold no gap: only those that do are read again, for where to cut.
        if origin.hasGaps {
            let cut = Self.cut(points, first: first, last: last, cutting: cutsAtGaps,
                               short: shortBlocks < Self.shortBlocksPerPiece)
            breaksInside = cut.breaksInside
            if cut.last < last {
                last = cut.last
                if cut.isShort { shortBlocks += 1 }
                origin = Self.origin(of: points, range: first...last)
            }
        }
        let perRun = LineSeriesBuffer.segmentsPerRun
        var start = (first + offset + perRun - 1) / perRun * perRun - offset
        while start < last {
            piece.runs.append(Self.run(of: points, from: start, to: min(start + perRun, count - 1)))
            start += perRun
        }

        let firstPoint = piece.offsets.count / 2
        if origin.unitX == 1, origin.unitY == 1 {
            for i in first...last {
                piece.offsets.append(Float(points.x(i) - origin.x))
                piece.offsets.append(Float(points.y(i) - origin.y))
            }
        } else {
            // Scaled before subtracting, so no difference overflows.
            for i in first...last {
                piece.offsets.append(Float(points.x(i) / origin.unitX - origin.x / origin.unitX))
                piece.offsets.append(Float(points.y(i) / origin.unitY - origin.y / origin.unitY))
            }
        }
        piece.blocks.append(PreparedPiece.Block(originX: origin.x, originY: origin.y, unitX: origin.unitX,
                                                unitY: origin.unitY, firstX: points.x(first), lastX: points.x(last),
                                                firstPoint: firstPoint, pointCount: last - first + 1,
                                                hasGaps: origin.hasGaps, breaksInside: breaksInside))
        next = last
    }

    /// Where a block of points first…last ends, cut (when `cutting`) at its first gap that
    /// follows a finite value, if `minimumPointsBeforeCut` points come before it or a
    /// short block may be cut (`short`); and whether the line then breaks between two of
    /// its points.
    /// - Complexity: O(last − first).
    private static func cut(_ points: Points, first: Int, last: Int, cutting: Bool,
                            short: Bool) -> (last: Int, breaksInside: Bool, isShort: Bool) {
        var seenValue = false, seenGapAfterValue = false, breaksInside = false
        for i in first...last {
            if points.y(i).isFinite {
                breaksInside = breaksInside || seenGapAfterValue
                seenValue = true
            } else if seenValue {
                let long = i - first >= minimumPointsBeforeCut
                if cutting, !seenGapAfterValue, long || short { return (i, false, !long) }
                seenGapAfterValue = true
            }
        }
        return (last, breaksInside, false)
    }

    /// The extent of points first…last.
    private static func run(of points: Points, from first: Int, to last: Int) -> LineSeriesBuffer.Run {
        var minY = Double.infinity
        var maxY = -Double.infinity
        for i in first...last {
            let value = points.y(i)
            guard value.isFinite else { continue }
            minY = min(minY, value)
            maxY = max(maxY, value)
        }
        return LineSeriesBuffer.Run(firstX: points.x(first), lastX: points.x(last), minY: minY, maxY: maxY)
    }

    /// The middle of a block's finite extent (offsets from it use Float's range best),
    /// the units its offsets are stored in, and whether any of its values is not finite.
    private static func origin(of points: Points, range: ClosedRange<Int>)
        -> (x: Double, y: Double, unitX: Double, unitY: Double, hasGaps: Bool) {
        var minY = Double.infinity
        var maxY = -Double.infinity
        var hasGaps = false
        for i in range {
            let value = points.y(i)
            guard value.isFinite else {
                hasGaps = true
                continue
            }
            minY = min(minY, value)
            maxY = max(maxY, value)
        }
        let firstX = points.x(range.lowerBound), lastX = points.x(range.upperBound)
        let x = middle(firstX, lastX)
        let y = minY <= maxY ? middle(minY, maxY) : 0
        let unitY = minY <= maxY ? LineSeriesBuffer.unit(forMagnitude: max(abs(minY), abs(maxY))) : 1
        return (x, y, LineSeriesBuffer.unit(forMagnitude: max(abs(firstX), abs(lastX))), unitY, hasGaps)
    }

    /// `(a + b) / 2`, without overflow where the sum would not be finite.
    private static func middle(_ a: Double, _ b: Double) -> Double {
        let sum = a + b
        return sum.isFinite ? sum / 2 : a / 2 + b / 2
    }
}
