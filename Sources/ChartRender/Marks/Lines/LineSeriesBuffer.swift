import ChartData

/// One series living on the GPU, uploaded once.
///
/// Points are cut into blocks of at most `pointsPerBlock`; each block keeps a `Double`
/// origin on the CPU and stores only `Float` offsets from it, 8 bytes a point. The
/// viewport's offset from that origin is subtracted in `Double` before it reaches the
/// shader, so deep zoom on large coordinates (Unix milliseconds) does not jitter.
/// Blocks are packed into as many buffers as it takes: there is no limit on points.
public final class LineSeriesBuffer {
    /// One draw call's worth of segments.
    struct Block {
        /// Data-space origin that the stored offsets are relative to.
        var originX: Double
        var originY: Double
        /// Data units per stored unit: 1 for everyday data; a power of two for a block
        /// whose offsets would not fit a `Float` (beyond ±2¹⁰⁰), so data out to
        /// ±1.79e308 is drawn too. Dividing by a power of two is exact.
        var unitX = 1.0
        var unitY = 1.0
        /// x of the block's first and last point, for culling.
        var firstX: Double
        var lastX: Double
        /// The buffer texture the shader reads the block's points through.
        var texture: TextureID
        /// The index, in `texture`'s texels, of the block's first point.
        var firstPoint: Int
        /// Segments drawn: the block's point count minus one.
        var segmentCount: Int
        /// Whether a value of the block is a gap, where the line breaks.
        var hasGaps: Bool
        /// Whether the line breaks between two of the block's points (`PreparedPiece.Block`).
        var breaksInside: Bool
    }

    /// The x and y extent of a run of consecutive points (each run shares its last point
    /// with the next, so every segment lies inside one run's box): what the paint pass
    /// needs to know where the line can be.
    struct Run {
        var firstX: Double
        var lastX: Double
        /// Finite y extent; empty (min > max) for a run of gaps.
        var minY: Double
        var maxY: Double
    }

    /// Segments per run.
    static let segmentsPerRun = 64

    /// Points of the series, gaps included.
    public internal(set) var pointCount: Int
    /// The runs' extents, in order, kept on the CPU (32 bytes per 64 points).
    var runs: [Run] = []
    /// GPU memory the series takes, bytes.
    public private(set) var gpuByteCount = 0
    var blocks: [Block] = []
    let device: RenderDevice
    /// The room a growing piece has left in its one buffer (`LineSeriesBuffer+Grow`).
    var room: Room?
    private var ownedBuffers: [BufferID] = []
    private var ownedTextures: [TextureID] = []

    static let bytesPerPoint = 2 * MemoryLayout<Float>.size
    /// The most points a block may hold: a draw's index buffer is sized for it.
    public static let maxPointsPerBlock = 16_384

    /// Uploads `ys` over `xs`.
    /// - Parameters:
    ///   - xs: ascending x values, data units.
    ///   - ys: y values, data units; NaN is a gap.
    ///   - pointsPerBlock: points that share one origin. Float's 24 bits are spent on
    ///     a block's extent, so smaller blocks stay exact deeper into a zoom.
    ///   - bytesPerBuffer: largest buffer to allocate.
    /// - Complexity: O(n).
    public convenience init<X: RandomAccessCollection<Double>>(device: RenderDevice, xs: X, ys: [Double],
                                                              pointsPerBlock: Int = maxPointsPerBlock,
                                                              bytesPerBuffer: Int = 32 << 20) where X.Index == Int {
        self.init(device: device, xs: xs, ys: ValueColumn(ys), pointsPerBlock: pointsPerBlock, bytesPerBuffer: bytesPerBuffer)
    }

    /// A series whose y is a dataset's column (an array, or mapped from the cache).
    public convenience init<X: RandomAccessCollection<Double>>(device: RenderDevice, xs: X, ys: ValueColumn<Double>,
                                                              pointsPerBlock: Int = maxPointsPerBlock,
                                                              bytesPerBuffer: Int = 32 << 20) where X.Index == Int {
        precondition(xs.count == ys.count, "LineSeriesBuffer: one y per x")
        self.init(device: device, points: SeriesPoints(xs: xs, ys: ys), pointsPerBlock: pointsPerBlock,
                  bytesPerBuffer: bytesPerBuffer)
    }

    /// Uploads `points` (a level of detail reads them through its indices), so no copy
    /// of the points is made on the way: prepared, then uploaded.
    /// - Complexity: O(count).
    convenience init<Points: PlotPoints>(device: RenderDevice, points: Points,
                                         pointsPerBlock: Int = maxPointsPerBlock, bytesPerBuffer: Int = 32 << 20) {
        var preparation = PiecePreparation(points: points, pointsPerBlock: pointsPerBlock)
        while !preparation.isDone { preparation.prepareNextBlock() }
        self.init(device: device, prepared: preparation.piece, bytesPerBuffer: bytesPerBuffer)
    }

    /// Uploads a prepared piece: buffers, their textures and one upload a block, no
    /// reading of the points (≤ 0.5 ms for 2^18 points under llvmpipe).
    /// - Parameter reservingBytes: the room to make for a piece that grows (`append`):
    ///   one buffer of that size, when the piece fits it; 0 for none.
    /// - Complexity: O(points), a copy.
    init(device: RenderDevice, prepared: PreparedPiece, bytesPerBuffer: Int = 32 << 20, reservingBytes: Int = 0) {
        self.device = device
        pointCount = prepared.pointCount
        guard prepared.pointCount >= 2 else { return }
        runs = prepared.runs

        var buffer: BufferID?
        var texture: TextureID?
        // A buffer is read whole through one buffer texture, so it holds no more points
        // than the driver lets a buffer texture have.
        let bytesPerBuffer = min(bytesPerBuffer, device.limits.maxBufferTextureTexels * Self.bytesPerPoint)
        var bufferUsed = 0
        var bufferCapacity = 0
        let total = prepared.offsets.count * MemoryLayout<Float>.size
        let reserve = reservingBytes >= total && reservingBytes <= bytesPerBuffer ? reservingBytes : 0
        prepared.offsets.withUnsafeBytes { offsets in
            for (index, block) in prepared.blocks.enumerated() {
                let byteCount = block.pointCount * Self.bytesPerPoint
                if buffer == nil || bufferUsed + byteCount > bufferCapacity {
                    let remaining = prepared.blocks[index...].reduce(0) { $0 + $1.pointCount * Self.bytesPerPoint }
                    bufferCapacity = max(min(max(bytesPerBuffer, byteCount), remaining), reserve)
                    let made = device.makeBuffer(byteCount: bufferCapacity)
                    ownedBuffers.append(made)
                    gpuByteCount += bufferCapacity
                    buffer = made
                    let view = device.makeBufferTexture(over: made)
                    ownedTextures.append(view)
                    texture = view
                    bufferUsed = 0
                }
                let start = block.firstPoint * Self.bytesPerPoint
                device.upload(UnsafeRawBufferPointer(rebasing: offsets[start..<(start + byteCount)]), to: buffer!,
                              atByteOffset: bufferUsed)
                blocks.append(Block(originX: block.originX, originY: block.originY, unitX: block.unitX,
                                    unitY: block.unitY, firstX: block.firstX, lastX: block.lastX, texture: texture!,
                                    firstPoint: bufferUsed / Self.bytesPerPoint, segmentCount: block.pointCount - 1,
                                    hasGaps: block.hasGaps, breaksInside: block.breaksInside))
                bufferUsed += byteCount
            }
        }
        if reserve > 0, let buffer, let texture {
            room = Room(buffer: buffer, texture: texture, capacity: bufferCapacity, used: bufferUsed)
        }
    }

    deinit {
        for t in ownedTextures { device.delete(t) }
        for b in ownedBuffers { device.delete(b) }
    }

    /// The blocks that can touch x in `minX…maxX`.
    /// - Complexity: O(log blocks).
    func visibleBlocks(minX: Double, maxX: Double) -> Range<Int> {
        Self.overlapping(blocks, minX: minX, maxX: maxX, firstX: \.firstX, lastX: \.lastX)
    }

    /// The runs that can touch x in `minX…maxX`.
    /// - Complexity: O(log runs).
    func visibleRuns(minX: Double, maxX: Double) -> ArraySlice<Run> {
        runs[Self.overlapping(runs, minX: minX, maxX: maxX, firstX: \.firstX, lastX: \.lastX)]
    }

    /// The items, in x order, whose x span `firstX…lastX` meets `minX…maxX`.
    /// - Complexity: O(log n).
    private static func overlapping<Item>(_ items: [Item], minX: Double, maxX: Double,
                                          firstX: KeyPath<Item, Double>, lastX: KeyPath<Item, Double>) -> Range<Int> {
        let low = items.partitionPoint { $0[keyPath: lastX] < minX }
        return low..<items[low...].partitionPoint { $0[keyPath: firstX] <= maxX }
    }

    /// 1 for values up to 2¹⁰⁰; beyond, the power of two that brings them to about 2²⁰.
    /// From the values' magnitude, not their spread: pixels per unit times this unit
    /// must fit a `Float` for every view of them, and the narrowest view there is
    /// (`FiniteDomain`) is relative to the magnitude. Stack pieces use it too.
    static func unit(forMagnitude magnitude: Double) -> Double {
        guard magnitude.isFinite, magnitude > 0x1p100 else { return 1 }
        return Double(sign: .plus, exponent: magnitude.exponent - 20, significand: 1)
    }
}
