import ChartData

/// A run of consecutive buckets of one level of a stack, on the GPU: per bucket its x as
/// a `Float` offset from the piece's `Double` origin (Unix-millisecond x stays exact to
/// a fraction of a step), then each series' y, one float per texel of a buffer texture.
/// The bucket just before and just after the run are stored too, so a bar at the piece's
/// edge measures its width from its true neighbour and an area's strip reaches the next
/// piece's first point.
final class StackPiece {
    /// The level position of the first stored bucket (a neighbour, unless the piece
    /// starts the level).
    let firstStored: Int
    let storedCount: Int
    /// The level positions the piece draws: its own buckets, not the neighbours.
    let own: Range<Int>
    /// Data-space x that the stored offsets are relative to.
    let originX: Double
    let texture: TextureID
    /// GPU memory the piece takes, bytes.
    let byteCount: Int
    private let buffer: BufferID
    private let device: RenderDevice

    /// Computes buckets `own` of `level` (with their neighbours) and uploads them.
    /// - Complexity: O(steps the buckets merge × series).
    init(device: RenderDevice, levels: StackLevels, level: Int, own: Range<Int>) {
        self.device = device
        self.own = own
        firstStored = max(own.lowerBound - 1, 0)
        let endStored = min(own.upperBound + 1, levels.bucketCount(level: level))
        storedCount = endStored - firstStored
        let stride = levels.columns.count + 1
        var xs = [Double](repeating: 0, count: storedCount)
        var floats = [Float](repeating: 0, count: storedCount * stride)
        var values: [Double] = []
        for slot in 0..<storedCount {
            xs[slot] = levels.bucket(firstStored + slot, level: level, into: &values)
            for (c, value) in values.enumerated() { floats[slot * stride + 1 + c] = Float(value) }
        }
        let firstX = xs[0], lastX = xs[storedCount - 1]
        let middle = firstX + lastX
        originX = middle.isFinite ? middle / 2 : firstX / 2 + lastX / 2
        for slot in 0..<storedCount { floats[slot * stride] = Float(xs[slot] - originX) }
        byteCount = floats.count * MemoryLayout<Float>.size
        let buffer = device.makeBuffer(byteCount: byteCount)
        floats.withUnsafeBytes { device.upload($0, to: buffer, atByteOffset: 0) }
        self.buffer = buffer
        texture = device.makeBufferTexture(over: buffer, format: .oneFloat)
    }

    deinit {
        device.delete(texture)
        device.delete(buffer)
    }
}
