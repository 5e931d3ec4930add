/// What a chart over a `QueryableSource` holds: the first picture (`base`: every row of
/// a small table, or the pyramid) with the pieces the source answered for views since
/// laid in. Inside a piece's range its points stand for the base's; outside every
/// piece, the base's. A newer piece wins where it overlaps an older one, and the oldest
/// pieces go once they hold more than `pointLimit` points, so memory stays bounded
/// however long one explores.
public struct RefinedData: Sendable {
    /// One answer laid in: its range, how finely it resolves x, and its points.
    public struct Piece: Sendable {
        /// The x range the answer covers, [start, end).
        public var start: Double
        public var end: Double
        /// Pixel columns per x unit; infinite when the answer is every row.
        public var resolution: Double
        public var series: [M4Series]

        var pointCount: Int { series.reduce(0) { $0 + $1.count } }
    }

    /// The first picture, with the rows a follow appended since.
    public private(set) var base: Dataset
    /// How finely `base` resolves x, columns per x unit: infinite for every row, the
    /// pyramid's columns over the extent otherwise.
    public let baseResolution: Double
    /// The pieces laid in, oldest first; ranges never overlap.
    public private(set) var pieces: [Piece] = []
    /// The most points the pieces keep in all.
    public var pointLimit = 4_000_000

    public init(base: Dataset, baseResolution: Double) {
        self.base = base
        self.baseResolution = baseResolution
    }

    /// Appends the rows of `rows` past the base's last x (a followed table grew): rows
    /// a follow asks for again after a refinement are not doubled.
    public mutating func append(_ rows: Dataset) {
        let last = base.xs.last ?? -.infinity
        let first = rows.firstIndex(atOrAfterX: last.nextUp)
        guard first < rows.count else { return }
        let kept = first == 0 ? rows : Dataset(source: rows.source, xs: Array(rows.xs[first...]),
                                               series: rows.series.map { Series(name: $0.name, ys: Array($0.ys[first...])) },
                                               xKind: rows.xKind)
        base = base.appending(kept)
    }

    /// Lays in `answer`: its points replace those of its range, except where an older
    /// piece resolves x more finely (zoomed out from a refined view, zooming back in
    /// asks nothing); an older piece keeps its points outside the range.
    public mutating func lay(_ answer: M4Answer) {
        let request = answer.request
        let exact = answer.series.allSatisfy { $0.count == answer.rowsInRange }
        let fresh = Piece(start: request.start, end: request.end, resolution: exact ? .infinity : request.resolution,
                          series: answer.series)
        var kept = arranged(with: fresh, keepingFiner: true)
        // Past the limit, the finer pieces in the range go first: the fresh answer takes
        // their place rather than leave the base's coarse points there.
        if kept.reduce(0, { $0 + $1.pointCount }) > pointLimit { kept = arranged(with: fresh, keepingFiner: false) }
        var total = kept.reduce(0) { $0 + $1.pointCount }
        while kept.count > 1, total > pointLimit {
            total -= kept.removeFirst().pointCount
        }
        pieces = kept
    }

    /// The pieces with `fresh` laid in, oldest first (`fresh` last).
    private func arranged(with fresh: Piece, keepingFiner: Bool) -> [Piece] {
        var kept: [Piece] = []
        var finer: [Piece] = []
        for piece in pieces {
            if piece.end <= fresh.start || piece.start >= fresh.end {
                kept.append(piece)
            } else if keepingFiner, piece.resolution > fresh.resolution {
                kept.append(piece)
                finer.append(piece)
            } else {
                // What sticks out on either side stays, at its own resolution.
                if piece.start < fresh.start { kept.append(piece.cut(to: piece.start, fresh.start)) }
                if piece.end > fresh.end { kept.append(piece.cut(to: fresh.end, piece.end)) }
            }
        }
        // The fresh answer fills the stretches the finer pieces leave.
        var from = fresh.start
        for piece in finer.sorted(by: { $0.start < $1.start }) {
            if piece.start > from { kept.append(fresh.cut(to: from, piece.start)) }
            from = max(from, piece.end)
        }
        if from < fresh.end { kept.append(fresh.cut(to: from, fresh.end)) }
        return kept
    }

    /// Whether the data held draws the x range `view` at `columns` pixel columns
    /// coarser than a column: some of it (within `extent`) is resolved by fewer columns
    /// per x unit than the view has.
    public func isCoarse(over view: ClosedRange<Double>, columns: Int, within extent: ClosedRange<Double>) -> Bool {
        let start = max(view.lowerBound, extent.lowerBound), end = min(view.upperBound, extent.upperBound)
        guard start < end, view.upperBound > view.lowerBound else { return false }
        let needed = Double(columns) / (view.upperBound - view.lowerBound)
        var covered = start
        for piece in pieces.sorted(by: { $0.start < $1.start }) where piece.end > covered && piece.start < end {
            // A stretch no piece covers is the base's.
            if piece.start > covered, baseResolution < needed { return true }
            if piece.resolution < needed { return true }
            covered = piece.end
        }
        return covered < end && baseResolution < needed
    }

    /// The chart's data: per series, the base's own points outside the pieces and the
    /// pieces' points inside, each series through its own points as `M4Answer.dataset`
    /// makes them.
    /// - Throws: `DataLoadError.tooLarge` past 2^31 − 1 points in all.
    /// - Complexity: O(base points + piece points) per series.
    public func dataset() throws -> Dataset {
        let ordered = pieces.sorted { $0.start < $1.start }
        let xs = base.xs
        let parts = base.series.map { one in
            // The base rows this series is drawn through: its own, else every one.
            let rows: [Int] = one.ownIndices.map { $0.map(Int.init) } ?? Array(0..<xs.count)
            var outX: [Double] = [], outY: [Double] = []
            outX.reserveCapacity(rows.count)
            outY.reserveCapacity(rows.count)
            var index = 0
            for piece in ordered {
                while index < rows.count, xs[rows[index]] < piece.start {
                    outX.append(xs[rows[index]])
                    outY.append(one.ys[rows[index]])
                    index += 1
                }
                if let points = piece.series.first(where: { $0.name == one.name }) {
                    outX += points.xs
                    outY += points.ys
                }
                // The base's points inside the piece are left out.
                while index < rows.count, xs[rows[index]] < piece.end { index += 1 }
            }
            for row in rows[index...] {
                outX.append(xs[row])
                outY.append(one.ys[row])
            }
            let series = Series(name: one.name, ys: outY, colorHex: one.colorHex, kind: one.kind, axis: one.axis)
            return Dataset(source: base.source, xs: outX, series: [series], xKind: base.xKind)
        }
        var merged = parts.count == 1 ? parts[0] : try DatasetMerge.merge(parts)
        merged.source = base.source
        merged.instantsInLocalTime = base.instantsInLocalTime
        merged.breaksAreMarked = true
        merged.axisTitles = base.axisTitles
        return merged
    }
}

extension RefinedData.Piece {
    /// The piece's points in [start, end).
    func cut(to start: Double, _ end: Double) -> Self {
        var cut = self
        cut.start = start
        cut.end = end
        cut.series = series.map { one in
            let first = one.xs.firstIndex { $0 >= start } ?? one.count
            let stop = one.xs.firstIndex { $0 >= end } ?? one.count
            return M4Series(name: one.name, xs: Array(one.xs[first..<max(first, stop)]),
                            ys: Array(one.ys[first..<max(first, stop)]))
        }
        return cut
    }
}
