/// A piece of a line series made ready for the GPU on the CPU: the runs' extents, each
/// block's origin and units, and every point as `Float` offsets from its block's origin,
/// packed block after block. Reading the points for this is the slow part of a piece
/// (a level's points are picked through its indices, a cache miss each); uploading what
/// is prepared is one buffer call a block, so a piece can be prepared on quiet frames
/// and uploaded in the frame that needs it.
struct PreparedPiece {
    /// One block's place in `offsets` and what it is relative to.
    struct Block {
        /// Data-space origin that the offsets are relative to.
        var originX: Double
        var originY: Double
        /// Data units per stored unit (see `LineSeriesBuffer.Block`).
        var unitX: Double
        var unitY: Double
        /// x of the block's first and last point, for culling.
        var firstX: Double
        var lastX: Double
        /// The block's first point, in points (two `Float`s each) into `offsets`.
        var firstPoint: Int
        /// Points in the block; it shares its first with the previous block's last.
        var pointCount: Int
        /// Whether a value of the block is a gap (not finite).
        var hasGaps: Bool
        /// Whether a gap lies between two of the block's finite values, so the block holds
        /// pieces of the line on both sides of a break (a block is cut at a gap where it
        /// can, `PiecePreparation`).
        var breaksInside: Bool
    }

    /// Points of the piece, gaps included.
    var pointCount: Int
    var runs: [LineSeriesBuffer.Run] = []
    var blocks: [Block] = []
    /// x and y offsets of each block's points, in block order.
    var offsets: [Float] = []

    /// Bytes the prepared piece holds on the CPU until it is uploaded.
    var byteCount: Int {
        offsets.capacity * MemoryLayout<Float>.stride + runs.capacity * MemoryLayout<LineSeriesBuffer.Run>.stride
    }
}
