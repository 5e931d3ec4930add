import ChartData

/// A run of consecutive candles of one level (`OHLCLevels`) on the GPU, six floats a
/// candle in a buffer texture: the left and right edges of its slot as `Float` offsets
/// from the piece's `Double` x origin (in `unitX` data units, so Unix-millisecond x
/// stays exact to a fraction of a period), then its open, high, low and close as
/// offsets from the piece's y origin (in `unitY`), so a deep zoom on a large price keeps
/// its precision. A candle of gaps only is stored as NaN, which the shader skips.
///
/// A candle's slot runs from its first row's x to its last row's, widened each side by
/// half the distance to the nearer neighbouring row (a gap of a weekend or a missing
/// year does not widen it), so slots of neighbours meet without overlapping.
final class CandlePiece {
    /// Floats stored per candle.
    static let floatsPerCandle = 6
    /// The level positions the piece holds.
    let own: Range<Int>
    /// Data-space x and y the stored offsets are relative to.
    let originX: Double
    let originY: Double
    /// Data units per stored unit, x and y.
    let unitX: Double
    let unitY: Double
    let texture: TextureID
    private let buffer: BufferID
    private let device: RenderDevice

    /// Computes candles `own` of `level` and uploads them.
    /// - Complexity: O(rows the candles merge).
    init(device: RenderDevice, levels: OHLCLevels, level: Int, own: Range<Int>) {
        self.device = device
        self.own = own
        let xs = levels.xs
        var slots = [(left: Double, right: Double)](repeating: (0, 0), count: own.count)
        var candles = [OHLCLevels.Candle?](repeating: nil, count: own.count)
        for (slot, number) in own.enumerated() {
            let rows = levels.rows(ofCandle: number, level: level)
            candles[slot] = levels.candle(number, level: level)
            slots[slot] = Self.slot(rows: rows, xs: xs)
        }
        let firstX = slots[0].left, lastX = slots[own.count - 1].right
        let middle = firstX + lastX
        originX = middle.isFinite ? middle / 2 : firstX / 2 + lastX / 2
        unitX = LineSeriesBuffer.unit(forMagnitude: max(abs(firstX), abs(lastX)))
        let closes = candles.compactMap { $0?.close }
        originY = closes.isEmpty ? 0 : closes[closes.count / 2]
        var largest = 0.0
        for candle in candles.compactMap({ $0 }) {
            for value in [candle.high, candle.low] where value.isFinite { largest = max(largest, abs(value / 2 - originY / 2)) }
        }
        unitY = LineSeriesBuffer.unit(forMagnitude: 2 * largest)
        let stride = Self.floatsPerCandle
        var floats = [Float](repeating: .nan, count: own.count * stride)
        for slot in 0..<own.count {
            // Scaled before subtracting, so no difference overflows.
            floats[slot * stride] = Float(slots[slot].left / unitX - originX / unitX)
            floats[slot * stride + 1] = Float(slots[slot].right / unitX - originX / unitX)
            guard let candle = candles[slot] else { continue }
            for (field, value) in [candle.open, candle.high, candle.low, candle.close].enumerated() {
                floats[slot * stride + 2 + field] = Float(value / unitY - originY / unitY)
            }
        }
        let buffer = device.makeBuffer(byteCount: floats.count * MemoryLayout<Float>.size)
        floats.withUnsafeBytes { device.upload($0, to: buffer, atByteOffset: 0) }
        self.buffer = buffer
        texture = device.makeBufferTexture(over: buffer, format: .oneFloat)
    }

    deinit {
        device.delete(texture)
        device.delete(buffer)
    }

    /// The slot of a candle merging `rows`: its first to its last row's x, widened each
    /// side by half the distance to the nearer neighbouring row; not widened when it
    /// has no neighbour (the shader gives a lone candle a width of its own).
    /// - Complexity: O(1).
    static func slot(rows: Range<Int>, xs: XValues) -> (left: Double, right: Double) {
        let first = xs[rows.lowerBound], last = xs[rows.upperBound - 1]
        var half = Double.infinity
        if rows.lowerBound > 0 { half = min(half, first / 2 - xs[rows.lowerBound - 1] / 2) }
        if rows.upperBound < xs.count { half = min(half, xs[rows.upperBound] / 2 - last / 2) }
        guard half.isFinite else { return (first, last) }
        return (first - half, last + half)
    }
}
