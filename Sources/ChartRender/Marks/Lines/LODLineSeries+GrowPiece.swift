import ChartData

/// A level's last piece while the file grows: an append keeps its blocks whose points
/// are the same in the grown series (`cutBack`, at `adopt`), and the frame that draws it
/// next prepares and uploads only the points from there on (`grow`): a few blocks at
/// most plus what was appended, where preparing the piece again read up to
/// `pointsPerPiece` points, its gaps' breaks copied with them, every append.
///
/// What is drawn is the same as a piece made at once from the grown series: blocks
/// and runs start where a whole piece's would (`PiecePreparation(startingAt:)`), and a
/// block is kept only when every point it and its runs read is unchanged.
extension LODLineSeries {
    /// A piece cut back to the blocks that stay, waiting to be drawn.
    struct GrowingPiece {
        var buffer: LineSeriesBuffer
        /// The drawn point (breaks counted) the kept blocks end on: the tail starts there.
        var first: Int
    }

    /// The room a level's last piece is made with while the file grows: a whole piece
    /// and up to 1,024 breaks.
    static let grownPieceBytes = LineSeriesBuffer.bytes(forPoints: pointsPerPiece + 1 + 1_024)

    /// Whether `key`'s piece is its level's last and holds fewer points than a whole one.
    func isPartial(_ key: PieceKey) -> Bool {
        let count = reduced(key.level)?.indices.count ?? dataset.count
        return (key.piece + 1) * Self.pointsPerPiece + 1 > count
    }

    /// The pieces that may grow, cut back to the blocks unchanged between the series as
    /// it was (`old`) and as it is now grown: each uploaded piece that can grow and is
    /// not kept whole (`keptWhole`), and those cut back before and not drawn since.
    /// - Complexity: O(piece size) per piece, a compare of its indices.
    func cutBack(uploaded: [PieceKey: LineSeriesBuffer], old: (detail: LevelOfDetail, gaps: XGaps, count: Int),
                 grownDetail: LevelOfDetail, grownGaps: XGaps, grownCount: Int) -> [PieceKey: GrowingPiece] {
        var result: [PieceKey: GrowingPiece] = [:]
        let candidates = uploaded.filter { $0.value.canGrow }.map { ($0.key, $0.value, $0.value.blockCount - 1) }
            + growing.map { ($0.key, $0.value.buffer, $0.value.buffer.blockCount) }
        for (key, buffer, blocks) in candidates where blocks >= 1 {
            guard let common = Self.commonDrawnPrefix(key, old: old, new: (grownDetail, grownGaps, grownCount)),
                  let kept = Self.keptBlocks(upTo: blocks, common: common) else { continue }
            let first = kept * (LineSeriesBuffer.maxPointsPerBlock - 1)
            buffer.truncate(toBlocks: kept, runs: (first + LineSeriesBuffer.segmentsPerRun - 1) / LineSeriesBuffer.segmentsPerRun)
            result[key] = GrowingPiece(buffer: buffer, first: first)
        }
        return result
    }

    /// The most blocks, up to `limit`, whose points and runs lie in the first `common`
    /// drawn points; `nil` for none. Block k ends on point (k + 1)(B − 1); the run that
    /// starts before a block's end reads up to the next multiple of the run length.
    static func keptBlocks(upTo limit: Int, common: Int) -> Int? {
        let stride = LineSeriesBuffer.maxPointsPerBlock - 1
        let perRun = LineSeriesBuffer.segmentsPerRun
        var blocks = limit
        while blocks >= 1 {
            let end = blocks * stride
            if (end + perRun - 1) / perRun * perRun < common { return blocks }
            blocks -= 1
        }
        return nil
    }

    /// How many of `key`'s drawn points (its level's points over the piece, a break
    /// after each that a gap follows) are the same in `old` and `new`; `nil` when the
    /// level is not in both.
    static func commonDrawnPrefix(_ key: PieceKey, old: (detail: LevelOfDetail, gaps: XGaps, count: Int),
                                  new: (detail: LevelOfDetail, gaps: XGaps, count: Int)) -> Int? {
        let start = key.piece * pointsPerPiece
        var common: Int
        let oldBreaks: [Int]
        let newBreaks: [Int]
        if key.level == fullSeries {
            let oldEnd = min(start + pointsPerPiece + 1, old.count), newEnd = min(start + pointsPerPiece + 1, new.count)
            guard oldEnd > start, newEnd >= oldEnd else { return nil }
            // Appending leaves every point before the old end as it was.
            common = oldEnd - start
            oldBreaks = old.gaps.breaks(along: start..<oldEnd)
            newBreaks = new.gaps.breaks(along: start..<newEnd)
        } else {
            guard key.level < old.detail.levels.count, key.level < new.detail.levels.count else { return nil }
            let (a, b) = (old.detail.levels[key.level].indices, new.detail.levels[key.level].indices)
            let oldEnd = min(start + pointsPerPiece + 1, a.count), newEnd = min(start + pointsPerPiece + 1, b.count)
            guard oldEnd > start, newEnd > start else { return nil }
            common = 0
            let shorter = min(oldEnd, newEnd) - start
            while common < shorter, a[start + common] == b[start + common] { common += 1 }
            oldBreaks = old.gaps.breaks(along: a[start..<oldEnd])
            newBreaks = new.gaps.breaks(along: b[start..<newEnd])
        }
        // Up to the first break that differs: the points after it are drawn elsewhere.
        var j = 0
        while j < oldBreaks.count, j < newBreaks.count, oldBreaks[j] == newBreaks[j] { j += 1 }
        let differing = [j < oldBreaks.count ? oldBreaks[j] : nil, j < newBreaks.count ? newBreaks[j] : nil].compactMap { $0 }
        if let first = differing.min() { common = min(common, first + 1) }
        guard common >= 1 else { return 0 }
        return common + oldBreaks.prefix { $0 < common - 1 }.count
    }

    /// `key`'s cut-back piece grown to the series as it is now, if it was cut back and
    /// its tail fits the room left; `nil` otherwise (the piece is made at once).
    /// - Complexity: O(points from the tail's start).
    func grow(_ key: PieceKey) -> LineSeriesBuffer? {
        guard let piece = growing.removeValue(forKey: key) else { return nil }
        let tail = drawnPoints(of: key, from: piece.first)
        guard tail.count >= 2 else { return nil }
        var preparation = PiecePreparation(points: tail, startingAt: piece.first, cutsAtGaps: false)
        while !preparation.isDone { preparation.prepareNextBlock() }
        return piece.buffer.append(preparation.piece) ? piece.buffer : nil
    }

    /// `key`'s drawn points from the drawn point `first` on, copied.
    private func drawnPoints(of key: PieceKey, from first: Int) -> SeriesPoints<[Double]> {
        let reduced = reduced(key.level)
        let count = reduced?.indices.count ?? dataset.count
        let start = key.piece * Self.pointsPerPiece
        let end = min(start + Self.pointsPerPiece + 1, count)
        let ys = dataset.series[seriesIndex].ys
        guard let reduced else {
            return Self.drawn(SeriesPoints(xs: dataset.xs, ys: ys, range: start..<end), breaks: gaps.breaks(along: start..<end),
                              from: first)
        }
        let indices = reduced.indices[start..<end]
        return Self.drawn(LevelPoints(xs: dataset.xs, ys: ys, indices: indices, values: reduced.values?[start..<end]), breaks: gaps.breaks(along: indices),
                          from: first)
    }

    /// `points` with a break (x halfway, y NaN, as `broken` makes them) after each
    /// offset in `breaks`, from the drawn point `first` on. Break j is drawn point
    /// breaks[j] + j + 1.
    static func drawn<Points: PlotPoints>(_ points: Points, breaks: [Int], from first: Int) -> SeriesPoints<[Double]> {
        var xs: [Double] = []
        var ys: [Double] = []
        var j = 0
        while j < breaks.count, breaks[j] + j + 1 < first { j += 1 }
        var i = first - j
        if j < breaks.count, breaks[j] + j + 1 == first {
            i = breaks[j]
            xs.append(points.x(i) / 2 + points.x(i + 1) / 2)
            ys.append(.nan)
            i += 1
            j += 1
        }
        xs.reserveCapacity(points.count - i + breaks.count - j + 1)
        ys.reserveCapacity(xs.capacity)
        while i < points.count {
            xs.append(points.x(i))
            ys.append(points.y(i))
            if j < breaks.count, breaks[j] == i {
                xs.append(points.x(i) / 2 + points.x(i + 1) / 2)
                ys.append(.nan)
                j += 1
            }
            i += 1
        }
        return SeriesPoints(xs: xs, ys: ValueColumn(ys))
    }
}
