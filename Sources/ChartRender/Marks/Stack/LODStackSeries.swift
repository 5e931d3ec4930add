import ChartData

/// The series of one stack on the GPU at the level of detail the view needs
/// (`StackLevels`), uploaded in pieces of `bucketsPerPiece` buckets, each the first time
/// part of it is in view, and kept: panning and zooming upload nothing once the pieces in
/// view are there, and a toggle's easing (weights) uploads nothing at all.
final class LODStackSeries {
    let levels: StackLevels
    private let device: RenderDevice
    /// Buckets a piece draws (one origin each, so x offsets keep `Float` precision).
    let bucketsPerPiece: Int
    /// Uploaded pieces by level, then by piece number.
    private var pieces: [Int: [Int: StackPiece]] = [:]
    /// The most buckets a piece draws: as many points as a line block holds, whose
    /// `Float` offsets stay exact to a fraction of a step.
    static let maxBucketsPerPiece = LineSeriesBuffer.maxPointsPerBlock

    init(device: RenderDevice, levels: StackLevels) {
        self.device = device
        self.levels = levels
        // A piece, with its two neighbours, must fit one buffer texture.
        let texelsPerBucket = levels.columns.count + 1
        bucketsPerPiece = max(min(Self.maxBucketsPerPiece, device.limits.maxBufferTextureTexels / texelsPerBucket - 2), 1)
    }

    /// The dataset indices a view of x in `range` draws: every step inside it and the
    /// nearest one beyond each end (a bar that straddles the edge, an area's edge).
    /// - Complexity: O(log n).
    func visibleSteps(forX range: ClosedRange<Double>) -> Range<Int> {
        let xs = levels.xs
        guard !xs.isEmpty else { return 0..<0 }
        let first = max(xs.partitionPoint { $0 < range.lowerBound } - 1, 0)
        let end = min(xs.partitionPoint { $0 <= range.upperBound } + 1, xs.count)
        return first..<max(first, end)
    }

    /// The pieces holding buckets `buckets` of `level`, uploading those not on the GPU yet.
    /// - Complexity: O(1) per piece on the GPU, O(steps it merges) per upload.
    func pieces(level: Int, buckets: ClosedRange<Int>) -> [StackPiece] {
        let count = levels.bucketCount(level: level)
        return (buckets.lowerBound / bucketsPerPiece...buckets.upperBound / bucketsPerPiece).map { number in
            if let uploaded = pieces[level]?[number] { return uploaded }
            let first = number * bucketsPerPiece
            let made = StackPiece(device: device, levels: levels, level: level, own: first..<min(first + bucketsPerPiece, count))
            pieces[level, default: [:]][number] = made
            return made
        }
    }
}
