import ChartData

/// A price's candles on the GPU at the level of detail the view needs (`OHLCLevels`),
/// uploaded in pieces of `candlesPerPiece` candles, each the first time part of it is
/// in view, and kept: panning and zooming upload nothing once the pieces in view are
/// there.
final class LODCandleSeries {
    let levels: OHLCLevels
    private let device: RenderDevice
    /// Candles a piece holds (one origin each, so offsets keep `Float` precision).
    let candlesPerPiece: Int
    /// Uploaded pieces by level, then by piece number.
    private var pieces: [Int: [Int: CandlePiece]] = [:]

    init(device: RenderDevice, levels: OHLCLevels) {
        self.device = device
        self.levels = levels
        candlesPerPiece = max(min(LineSeriesBuffer.maxPointsPerBlock,
                                  device.limits.maxBufferTextureTexels / CandlePiece.floatsPerCandle), 1)
    }

    /// The pieces holding candles `candles` of `level`, uploading those not on the GPU yet.
    /// - Complexity: O(1) per piece on the GPU, O(rows it merges) per upload.
    func pieces(level: Int, candles: ClosedRange<Int>) -> [CandlePiece] {
        let count = levels.candleCount(level: level)
        return (candles.lowerBound / candlesPerPiece...candles.upperBound / candlesPerPiece).map { number in
            if let uploaded = pieces[level]?[number] { return uploaded }
            let first = number * candlesPerPiece
            let made = CandlePiece(device: device, levels: levels, level: level, own: first..<min(first + candlesPerPiece, count))
            pieces[level, default: [:]][number] = made
            return made
        }
    }

    /// Candles uploaded so far, all levels (for tests: a still view uploads once).
    var uploadedCandles: Int { pieces.values.reduce(0) { $0 + $1.values.reduce(0) { $0 + $1.own.count } } }
}
