import ChartData

/// The first picture of a `QueryableSource`, shared by every engine: a table small
/// enough is read whole; a larger one as a pyramid, the M4 of its whole x extent at
/// `pyramidColumns` columns, asked for in adjoining pieces (at least `pyramidChunks`, of
/// about `pyramidChunkRows` rows each at most, so progress shows, and each piece is one
/// statement the server answers well inside its timeout and can cancel) and kept in the levels
/// cache (`DatasetCache`) under the table's `SourceExtent.version` (its count and newest
/// x), so reopening an unchanged table asks only for its extent. The chart asks the
/// source for the view's own M4 once it narrows below what the pyramid resolves.
public struct QueriedRead: Sendable {
    /// Tables of at most this many rows are read whole.
    public var allRowsLimit = 2_000_000
    /// The pyramid's pixel columns over the whole extent: 2^18 keeps a column of a view
    /// of a 200th of the extent per pixel of a 1,280-pixel chart.
    public var pyramidColumns = 1 << 18
    /// The pieces the pyramid is asked for in.
    public var pyramidChunks = 16
    /// The most rows one piece of the pyramid reads, about: a larger table is asked in
    /// more pieces, so none nears a server's statement timeout (PostgreSQL read a
    /// 6.25M-row piece of a 100M-row table in 3.7 s on a loaded machine, against 10 s).
    public var pyramidChunkRows = 2_000_000
    /// Where pyramids are kept; `nil` keeps none.
    public var cache: DatasetCache?

    public init(cache: DatasetCache? = .standard) {
        self.cache = cache
    }

    /// What the chart shows first of `source`, read with `options` (the cache only when
    /// `options.usesCache`); progress counts rows (or pyramid pieces).
    /// - Throws: `DataLoadError` naming the source: `.noData` for an empty table, the
    ///   engine's `.unreachable` or `.rejected`.
    public func read(_ source: some QueryableSource, options: LoadOptions, progress: LoadProgress?) throws -> Dataset {
        let extent = try BlockingQuery.run { try await source.extent() }
        guard extent.count > 0, let first = extent.first, let last = extent.last else {
            throw DataLoadError.noData(file: source.name, reason: options.sql == nil ? "the table has no rows"
                                       : "the query gives no rows")
        }
        guard extent.count > allRowsLimit, first < last else {
            let count = extent.count
            progress?(0, count)
            let rows = try BlockingQuery.run { try await source.rows(after: nil, limit: count) }
            progress?(count, count)
            return rows
        }
        let cache = options.usesCache ? self.cache : nil
        let key = "\(source.name)\n\(extent.series.joined(separator: ","))\n\(extent.version)\ncolumns=\(pyramidColumns)"
        if var kept = cache?.pyramid(named: source.name, key: key) {
            // The cache keeps the columns, not this: a pyramid's breaks are its NULLs.
            kept.breaksAreMarked = true
            return kept
        }
        let pyramid = try build(source, extent: extent, from: first, through: last, progress: progress)
        // A pyramid that cannot be kept costs the next open its build, never this one.
        try? cache?.keep(pyramid: pyramid, named: source.name, key: key)
        return pyramid
    }

    /// The pyramid of `source` over [first, last].
    func build(_ source: some QueryableSource, extent: SourceExtent, from first: Double, through last: Double,
               progress: LoadProgress?) throws -> Dataset {
        // The last row belongs in the last column: the range ends just past it.
        let end = last.nextUp
        let needed = max(pyramidChunks, (extent.count + pyramidChunkRows - 1) / pyramidChunkRows)
        let chunks = max(1, min(needed, pyramidColumns))
        var answers: [M4Answer] = []
        progress?(0, chunks)
        for chunk in 0..<chunks {
            let start = chunk == 0 ? first : first + (end - first) * Double(chunk) / Double(chunks)
            let stop = chunk == chunks - 1 ? end : first + (end - first) * Double(chunk + 1) / Double(chunks)
            guard start < stop else { continue }
            let request = M4Request(series: extent.series, start: start, end: stop, columns: pyramidColumns / chunks)
            answers.append(try BlockingQuery.run { try await source.m4(request) })
            progress?(chunk + 1, chunks)
        }
        return try M4Answer.joining(answers).markingGaps(rowSpacing: extent.rowSpacing)
            .dataset(source: source.name, xKind: extent.xKind)
    }
}
