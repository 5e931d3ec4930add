import ChartData

/// A run of consecutive buckets of one level of a stack, on the GPU: per bucket its x as
/// a `Float` offset from the piece's `Double` origin (Unix-millisecond x stays exact to
/// a fraction of a step), then each series' y, one float per texel of a buffer texture.
/// The bucket just before and just after the run are stored too, so a bar at the piece's
/// edge measures its width from its true neighbour and an area's strip reaches the next
/// piece's first point.
///
/// x offsets are stored in `unitX` and y values in `unitY` data units: 1 for everyday
/// data, a power of two where they would not fit a `Float` (beyond ±2¹⁰⁰), so bars and
/// areas out to ±1.79e308 are drawn as lines are (`LineSeriesBuffer`). Dividing by a
/// power of two is exact.
final class StackPiece {
    /// The level position of the first stored bucket (a neighbour, unless the piece
    /// starts the level).
    let firstStored: Int
    let storedCount: Int
    /// The level positions the piece draws: its own buckets, not the neighbours.
    let own: Range<Int>
    /// Data-space x that the stored offsets are relative to.
    let originX: Double
    /// Data units of x per stored unit.
    let unitX: Double
    /// Data units of y per stored unit, one for every series of the piece, so the
    /// shader's stacked sums stay consistent.
    let unitY: Double
    let texture: TextureID
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
        var ys = [Double](repeating: 0, count: storedCount * levels.columns.count)
        var values: [Double] = []
        for slot in 0..<storedCount {
            xs[slot] = levels.bucket(firstStored + slot, level: level, into: &values)
            for (c, value) in values.enumerated() { ys[slot * values.count + c] = value }
        }
        let firstX = xs[0], lastX = xs[storedCount - 1]
        let middle = firstX + lastX
        originX = middle.isFinite ? middle / 2 : firstX / 2 + lastX / 2
        unitX = LineSeriesBuffer.unit(forMagnitude: max(abs(firstX), abs(lastX)))
        unitY = Self.unitY(of: ys, series: levels.columns.count)
        var floats = [Float](repeating: 0, count: storedCount * stride)
        for slot in 0..<storedCount {
            // Scaled before subtracting, so no difference overflows.
            floats[slot * stride] = Float(unitX == 1 ? xs[slot] - originX : xs[slot] / unitX - originX / unitX)
            for c in 0..<levels.columns.count { floats[slot * stride + 1 + c] = Float(ys[slot * levels.columns.count + c] / unitY) }
        }
        let byteCount = floats.count * MemoryLayout<Float>.size
        let buffer = device.makeBuffer(byteCount: byteCount)
        floats.withUnsafeBytes { device.upload($0, to: buffer, atByteOffset: 0) }
        self.buffer = buffer
        texture = device.makeBufferTexture(over: buffer, format: .oneFloat)
    }

    deinit {
        device.delete(texture)
        device.delete(buffer)
    }

    /// The unit for `ys` (`series` values a bucket): from the largest of every bucket's
    /// sum of positive and of negative values (each at least any one of its values), the
    /// heights the shader stacks (weights are at most 1), so neither a value nor a sum
    /// overflows a `Float`.
    /// The sums are taken at a sixteenth (a power of two, exact), so that sixteen values
    /// near `Double`'s largest add up without overflow too.
    /// - Complexity: O(ys).
    static func unitY(of ys: [Double], series: Int) -> Double {
        let scale = 1.0 / 16
        guard series > 0 else { return 1 }
        var largest = 0.0
        var slot = 0
        while slot < ys.count {
            var positive = 0.0, negative = 0.0
            for value in ys[slot..<slot + series] where value.isFinite {
                if value > 0 { positive += value * scale } else { negative -= value * scale }
            }
            largest = max(largest, positive, negative)
            slot += series
        }
        let magnitude = largest / scale
        return magnitude.isFinite ? LineSeriesBuffer.unit(forMagnitude: magnitude)
                                  : LineSeriesBuffer.unit(forMagnitude: largest) / scale
    }
}
