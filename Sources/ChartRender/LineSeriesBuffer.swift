import CGL

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
        /// x of the block's first and last point, for culling.
        var firstX: Double
        var lastX: Double
        var buffer: BufferID
        /// Where the block's first point (its left neighbour) starts in `buffer`.
        var byteOffset: Int
        /// Segments drawn: the block's point count minus one.
        var segmentCount: Int
    }

    /// Points of the series, gaps included.
    public let pointCount: Int
    /// GPU memory the series takes, bytes.
    public private(set) var gpuByteCount = 0
    private(set) var blocks: [Block] = []
    private let device: GLDevice
    private var ownedBuffers: [BufferID] = []

    static let bytesPerPoint = 2 * MemoryLayout<Float>.size

    /// Uploads `ys` over `xs`.
    /// - Parameters:
    ///   - xs: ascending x values, data units.
    ///   - ys: y values, data units; NaN is a gap.
    ///   - pointsPerBlock: points that share one origin. Float's 24 bits are spent on
    ///     a block's extent, so smaller blocks stay exact deeper into a zoom.
    ///   - bytesPerBuffer: largest buffer to allocate.
    /// - Complexity: O(n).
    public init(device: GLDevice, xs: [Double], ys: [Double],
                pointsPerBlock: Int = 16_384, bytesPerBuffer: Int = 32 << 20) {
        precondition(xs.count == ys.count, "LineSeriesBuffer: one y per x")
        precondition(pointsPerBlock >= 2, "LineSeriesBuffer: a block needs at least two points")
        self.device = device
        pointCount = xs.count
        guard xs.count >= 2 else { return }

        // Block k holds points first…last with last = first + pointsPerBlock − 1; the next
        // block starts at last, so consecutive blocks share one point and the line is
        // continuous. Stored: a neighbour before, the points, a neighbour after.
        var ranges: [ClosedRange<Int>] = []
        var first = 0
        while first < xs.count - 1 {
            let last = min(first + pointsPerBlock - 1, xs.count - 1)
            ranges.append(first...last)
            first = last
        }

        var scratch = [Float](repeating: 0, count: 2 * (pointsPerBlock + 2))
        var buffer: BufferID?
        var bufferUsed = 0
        var bufferCapacity = 0
        for (index, range) in ranges.enumerated() {
            let storedPoints = range.count + 2
            let byteCount = storedPoints * Self.bytesPerPoint
            if buffer == nil || bufferUsed + byteCount > bufferCapacity {
                let remaining = ranges[index...].reduce(0) { $0 + ($1.count + 2) * Self.bytesPerPoint }
                bufferCapacity = min(max(bytesPerBuffer, byteCount), remaining)
                let made = device.makeBuffer(byteCount: bufferCapacity)
                ownedBuffers.append(made)
                gpuByteCount += bufferCapacity
                buffer = made
                bufferUsed = 0
            }
            let origin = Self.origin(xs: xs, ys: ys, range: range)
            func store(_ slot: Int, x: Double, y: Double) {
                scratch[2 * slot] = Float(x - origin.x)
                scratch[2 * slot + 1] = Float(y - origin.y)
            }
            for (slot, i) in range.enumerated() { store(slot + 1, x: xs[i], y: ys[i]) }
            let before = range.lowerBound - 1
            let after = range.upperBound + 1
            // At the series' ends the neighbour is the reflection of the next point, so
            // the end is cut square to its segment.
            if before >= 0 {
                store(0, x: xs[before], y: ys[before])
            } else {
                store(0, x: 2 * xs[0] - xs[1], y: 2 * ys[0] - ys[1])
            }
            if after < xs.count {
                store(storedPoints - 1, x: xs[after], y: ys[after])
            } else {
                let n = xs.count - 1
                store(storedPoints - 1, x: 2 * xs[n] - xs[n - 1], y: 2 * ys[n] - ys[n - 1])
            }
            scratch.withUnsafeBytes { bytes in
                device.upload(UnsafeRawBufferPointer(rebasing: bytes[0..<byteCount]), to: buffer!, atByteOffset: bufferUsed)
            }
            blocks.append(Block(originX: origin.x, originY: origin.y,
                                firstX: xs[range.lowerBound], lastX: xs[range.upperBound],
                                buffer: buffer!, byteOffset: bufferUsed, segmentCount: range.count - 1))
            bufferUsed += byteCount
        }
    }

    deinit {
        for b in ownedBuffers { device.delete(b) }
    }

    /// The blocks that can touch x in `minX…maxX`.
    /// - Complexity: O(log blocks).
    func visibleBlocks(minX: Double, maxX: Double) -> Range<Int> {
        var low = 0
        var high = blocks.count
        while low < high {
            let mid = (low + high) / 2
            if blocks[mid].lastX < minX { low = mid + 1 } else { high = mid }
        }
        var end = low
        var upper = blocks.count
        while end < upper {
            let mid = (end + upper) / 2
            if blocks[mid].firstX <= maxX { end = mid + 1 } else { upper = mid }
        }
        return low..<end
    }

    /// The middle of a block's finite extent: offsets from it use Float's range best.
    private static func origin(xs: [Double], ys: [Double], range: ClosedRange<Int>) -> (x: Double, y: Double) {
        var minY = Double.infinity
        var maxY = -Double.infinity
        for i in range where ys[i].isFinite {
            minY = min(minY, ys[i])
            maxY = max(maxY, ys[i])
        }
        let y = minY <= maxY ? (minY + maxY) / 2 : 0
        return ((xs[range.lowerBound] + xs[range.upperBound]) / 2, y)
    }
}
