import Dispatch

/// What `DataSource` builds in O(n) for a dataset read from one file, built ahead (by
/// the cache of large files, or read back from it), so that opening the file again
/// skips it: where x has gaps, each series' MinMax ladder, range index and decimals.
///
/// It is used only for the dataset it was made from: `DataSource` takes it when its y
/// columns are those same arrays (held here, so a change to one makes it another array)
/// and the gaps it finds are these; with another level of detail, `--connect-gaps`
/// over gaps, or a log axis, the levels are built as ever.
public struct PreparedDetail: Sendable {
    public let gaps: XGaps
    /// Per series, its MinMax levels (`MinMaxLOD.levels`).
    public let levels: [[LODLevel]]
    let extremes: [RangeMinMax]
    /// Per series, `SeriesPrecision.decimals` of its values.
    public let decimals: [Int]
    private let ys: [ValueColumn<Double>]

    /// Builds the detail of `dataset`, whose series must have a point at every x.
    /// - Complexity: O(n) per series, on as many cores as there are.
    public init(dataset: Dataset) {
        let gaps = XGaps(xs: dataset.xs)
        let series = dataset.series
        var levels = [[LODLevel]?](repeating: nil, count: series.count)
        var extremes = [RangeMinMax?](repeating: nil, count: series.count)
        // The range indexes first, then the ladders, as `DataSource` builds them: one
        // series' ladder then splits its points over the cores (`MinMaxLOD`).
        extremes.withUnsafeMutableBufferPointer { buffer in
            let extremeSlots = UncheckedSlots(buffer)
            DispatchQueue.concurrentPerform(iterations: series.count) { s in
                extremeSlots[s] = RangeMinMax(ys: series[s].ys)
            }
        }
        levels.withUnsafeMutableBufferPointer { buffer in
            let levelSlots = UncheckedSlots(buffer)
            DispatchQueue.concurrentPerform(iterations: series.count) { s in
                levelSlots[s] = MinMaxLOD(ys: series[s].ys, gapStarts: gaps.starts).levels
            }
        }
        self.init(gaps: gaps, levels: levels.map { $0! }, extremes: extremes.map { $0! },
                  decimals: series.map { SeriesPrecision.decimals(of: $0.ys) }, ys: series.map(\.ys))
    }

    init(gaps: XGaps, levels: [[LODLevel]], extremes: [RangeMinMax], decimals: [Int], ys: [ValueColumn<Double>]) {
        self.gaps = gaps
        self.levels = levels
        self.extremes = extremes
        self.decimals = decimals
        self.ys = ys
    }

    /// Read back from a cache file: `levels`, each series' range index as `RangeMinMax.Stored`,
    /// for `dataset`'s y columns.
    /// - Returns: `nil` when they do not fit the dataset (a damaged cache file).
    public init?(dataset: Dataset, gaps: XGaps, levels: [[LODLevel]], extremes: [RangeMinMax.Stored], decimals: [Int]) {
        let series = dataset.series
        guard levels.count == series.count, extremes.count == series.count, decimals.count == series.count else { return nil }
        var built: [RangeMinMax] = []
        for (s, stored) in extremes.enumerated() {
            guard let extreme = RangeMinMax(ys: series[s].ys, stored: stored) else { return nil }
            built.append(extreme)
        }
        let count = Int32(clamping: dataset.count)
        for ladder in levels {
            // Ascending and inside the data, or a damaged file would index past the points.
            for level in ladder where !level.indices.isEmpty {
                guard Self.ascending(level.indices, below: count) else { return nil }
            }
        }
        self.init(gaps: gaps, levels: levels, extremes: built, decimals: decimals, ys: series.map(\.ys))
    }

    /// Whether `indices` ascend from 0 up to below `count`, read a stretch at a time: a
    /// mapped level's pages are let go after their stretch, so checking the levels of a
    /// large file never holds them all resident at once.
    private static func ascending(_ indices: ValueColumn<Int32>, below count: Int32) -> Bool {
        let stretch = 1 << 20
        return indices.withUnsafeBufferPointer { i in
            guard i[0] >= 0, i[i.count - 1] < count else { return false }
            for start in stride(from: 1, to: i.count, by: stretch) {
                let end = min(start + stretch, i.count)
                guard (start..<end).allSatisfy({ i[$0 - 1] < i[$0] }) else { return false }
                indices.releasePages(start - 1..<end - 1)
            }
            return true
        }
    }

    /// This, when it is the detail of `dataset` with `gaps` (the same y arrays, the same
    /// gaps); `nil` otherwise.
    func fitting(_ dataset: Dataset, gaps: XGaps) -> PreparedDetail? {
        fits(dataset, gaps: gaps) ? self : nil
    }

    private func fits(_ dataset: Dataset, gaps: XGaps) -> Bool {
        guard gaps == self.gaps, dataset.series.count == ys.count else { return false }
        return zip(dataset.series, ys).allSatisfy { series, ys in
            series.ownIndices == nil && series.ys.withUnsafeBufferPointer { a in ys.withUnsafeBufferPointer { b in
                a.baseAddress == b.baseAddress && a.count == b.count
            } }
        }
    }

    /// Series `s`'s line, drawn through every point.
    func line(_ s: Int) -> SeriesLine {
        SeriesLine(gaps: gaps, detail: MappedDetail(levels: levels[s]))
    }
}

/// Holds a dataset's prepared detail, which takes no part in comparing datasets: it is
/// made from their contents, and a dataset read from the cache equals its parse.
struct PreparedSlot: Equatable, Sendable {
    var detail: PreparedDetail?

    static func == (a: PreparedSlot, b: PreparedSlot) -> Bool { true }
}

extension Dataset {
    /// Its levels of detail and range indexes, where they were built ahead (the cache of
    /// large files): `DataSource` takes them instead of building its own.
    public var prepared: PreparedDetail? {
        get { preparedSlot.detail }
        set { preparedSlot.detail = newValue }
    }
}

extension SeriesLine {
    /// A line through every point, broken at `gaps`, with `detail` ready.
    init(gaps: XGaps, detail: LevelOfDetail) {
        own = nil
        self.gaps = gaps
        self.detail = detail
    }
}

extension XGaps {
    /// Gaps as a cache file keeps them.
    public init(storedMedianSpacing medianSpacing: Double?, threshold: Double, starts: [Int]) {
        self.init(medianSpacing: medianSpacing, threshold: threshold, starts: starts)
    }
}

extension PreparedDetail {
    /// Per series, its range index's tree, to store.
    public var extremeTrees: [RangeMinMax.Stored] { extremes.map(\.stored) }
}
