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
    public let pointCount: Int
    /// The runs' extents, in order, kept on the CPU (32 bytes per 64 points).
    private(set) var runs: [Run] = []
    /// GPU memory the series takes, bytes.
    public private(set) var gpuByteCount = 0
    private(set) var blocks: [Block] = []
    private let device: RenderDevice
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
        precondition(xs.count == ys.count, "LineSeriesBuffer: one y per x")
        self.init(device: device, points: SeriesPoints(xs: xs, ys: ys), pointsPerBlock: pointsPerBlock,
                  bytesPerBuffer: bytesPerBuffer)
    }

    /// Uploads `points` (a level of detail reads them through its indices), so no copy
    /// of the points is made on the way. Generic rather than closures: each point is
    /// read three times (runs, origins, store), and the specialised reads took a quarter
    /// less CPU (a 2.3M-point level is uploaded inside a frame).
    /// - Complexity: O(count).
    init<Points: PlotPoints>(device: RenderDevice, points: Points,
                             pointsPerBlock: Int = maxPointsPerBlock, bytesPerBuffer: Int = 32 << 20) {
        let count = points.count
        precondition((2...Self.maxPointsPerBlock).contains(pointsPerBlock),
                     "LineSeriesBuffer: a block holds 2…\(Self.maxPointsPerBlock) points")
        self.device = device
        pointCount = count
        guard count >= 2 else { return }
        runs = Self.runs(of: points)

        // Block k holds points first…last with last = first + pointsPerBlock − 1; the next
        // block starts at last, so consecutive blocks share one point and the line is
        // continuous.
        var ranges: [ClosedRange<Int>] = []
        var first = 0
        while first < count - 1 {
            let last = min(first + pointsPerBlock - 1, count - 1)
            ranges.append(first...last)
            first = last
        }

        var scratch = [Float](repeating: 0, count: 2 * pointsPerBlock)
        var buffer: BufferID?
        var texture: TextureID?
        // A buffer is read whole through one buffer texture, so it holds no more points
        // than the driver lets a buffer texture have.
        let bytesPerBuffer = min(bytesPerBuffer, device.limits.maxBufferTextureTexels * Self.bytesPerPoint)
        var bufferUsed = 0
        var bufferCapacity = 0
        for (index, range) in ranges.enumerated() {
            let byteCount = range.count * Self.bytesPerPoint
            if buffer == nil || bufferUsed + byteCount > bufferCapacity {
                let remaining = ranges[index...].reduce(0) { $0 + $1.count * Self.bytesPerPoint }
                bufferCapacity = min(max(bytesPerBuffer, byteCount), remaining)
                let made = device.makeBuffer(byteCount: bufferCapacity)
                ownedBuffers.append(made)
                gpuByteCount += bufferCapacity
                buffer = made
                let view = device.makeBufferTexture(over: made)
                ownedTextures.append(view)
                texture = view
                bufferUsed = 0
            }
            let origin = Self.origin(of: points, range: range)
            if origin.unitX == 1, origin.unitY == 1 {
                for (slot, i) in range.enumerated() {
                    scratch[2 * slot] = Float(points.x(i) - origin.x)
                    scratch[2 * slot + 1] = Float(points.y(i) - origin.y)
                }
            } else {
                // Scaled before subtracting, so no difference overflows.
                for (slot, i) in range.enumerated() {
                    scratch[2 * slot] = Float(points.x(i) / origin.unitX - origin.x / origin.unitX)
                    scratch[2 * slot + 1] = Float(points.y(i) / origin.unitY - origin.y / origin.unitY)
                }
            }
            scratch.withUnsafeBytes { bytes in
                device.upload(UnsafeRawBufferPointer(rebasing: bytes[0..<byteCount]), to: buffer!, atByteOffset: bufferUsed)
            }
            blocks.append(Block(originX: origin.x, originY: origin.y, unitX: origin.unitX, unitY: origin.unitY,
                                firstX: points.x(range.lowerBound), lastX: points.x(range.upperBound),
                                texture: texture!, firstPoint: bufferUsed / Self.bytesPerPoint,
                                segmentCount: range.count - 1))
            bufferUsed += byteCount
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

    private static func runs<Points: PlotPoints>(of points: Points) -> [Run] {
        let count = points.count
        var runs: [Run] = []
        runs.reserveCapacity((count - 2) / segmentsPerRun + 1)
        var first = 0
        while first < count - 1 {
            let last = min(first + segmentsPerRun, count - 1)
            var minY = Double.infinity
            var maxY = -Double.infinity
            for i in first...last {
                let value = points.y(i)
                guard value.isFinite else { continue }
                minY = min(minY, value)
                maxY = max(maxY, value)
            }
            runs.append(Run(firstX: points.x(first), lastX: points.x(last), minY: minY, maxY: maxY))
            first = last
        }
        return runs
    }

    /// The middle of a block's finite extent (offsets from it use Float's range best),
    /// and the units its offsets are stored in.
    private static func origin<Points: PlotPoints>(of points: Points, range: ClosedRange<Int>)
        -> (x: Double, y: Double, unitX: Double, unitY: Double) {
        var minY = Double.infinity
        var maxY = -Double.infinity
        for i in range {
            let value = points.y(i)
            guard value.isFinite else { continue }
            minY = min(minY, value)
            maxY = max(maxY, value)
        }
        let firstX = points.x(range.lowerBound), lastX = points.x(range.upperBound)
        let x = middle(firstX, lastX)
        let y = minY <= maxY ? middle(minY, maxY) : 0
        let unitY = minY <= maxY ? unit(forMagnitude: max(abs(minY), abs(maxY))) : 1
        return (x, y, unit(forMagnitude: max(abs(firstX), abs(lastX))), unitY)
    }

    /// `(a + b) / 2`, without overflow where the sum would not be finite.
    private static func middle(_ a: Double, _ b: Double) -> Double {
        let sum = a + b
        return sum.isFinite ? sum / 2 : a / 2 + b / 2
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
