/// A dataset in memory (a file read, or the rows a test makes) answering the chart's
/// questions as a database does: the M4 of a view from its own points
/// (`M4Reduction`, O(rows in range)), its extent, exact statistics and the rows past an
/// x. So the refinement of a view, `render`'s exact picture and `describe`'s exact
/// statistics are the same code for a file as for a server.
public struct LoadedSource: QueryableSource {
    /// The data answered from.
    public let dataset: Dataset
    /// Whether its instants stand for ones with a zone (`SourceExtent.xCarriesZone`).
    public let xCarriesZone: Bool

    public init(dataset: Dataset, xCarriesZone: Bool = false) {
        self.dataset = dataset
        self.xCarriesZone = xCarriesZone
    }

    /// No location names a dataset in memory: it is made, never looked up.
    public static func source(for location: String) -> LoadedSource? { nil }

    public var name: String { dataset.source }

    /// Every row.
    public func read(options: LoadOptions, progress: LoadProgress?) throws -> Dataset {
        progress?(dataset.count, dataset.count)
        return dataset
    }

    /// One table, named after the source: x, then each series.
    public func listing() async throws -> SourceListing {
        let xRole: SourceColumn.Role = if case .time = dataset.xKind { .time } else { .number }
        let columns = [SourceColumn(name: "x", type: "double", role: xRole, indexed: true)]
            + dataset.series.map { SourceColumn(name: $0.name, type: "double", role: .number) }
        return SourceListing(tables: [SourceTable(name: name, columns: columns, rowCount: dataset.count)])
    }

    public func extent() async throws -> SourceExtent {
        let xs = dataset.xs
        return SourceExtent(first: xs.first, last: xs.last, count: xs.count, xKind: dataset.xKind,
                            series: dataset.series.map(\.name), version: "\(xs.count) \(xs.last ?? .nan)", xIndexed: true,
                            xCarriesZone: xCarriesZone)
    }

    /// The M4 of each series asked for through its own points (`Series.ownIndices`).
    /// - Throws: `DataLoadError.notInFile` for a series the dataset lacks;
    ///   `CancellationError` when the asking task is cancelled.
    /// - Complexity: O(log n + rows in range) per series (its own points are listed
    ///   once for a series of several files).
    public func m4(_ request: M4Request) async throws -> M4Answer {
        try Task.checkCancellation()
        let answered = try request.series.map { name in
            let one = try series(named: name)
            guard let own = one.ownIndices else {
                return M4Reduction.reduce(name: name, xs: dataset.xs, ys: one.ys, request: request)
            }
            let xs = own.map { dataset.xs[Int($0)] }, ys = own.map { one.ys[Int($0)] }
            return M4Reduction.reduce(name: name, xs: xs, ys: ys, request: request)
        }
        return M4Answer(request: request, series: answered, rowsInRange: M4Reduction.rowsInRange(dataset.xs, request))
    }

    /// Count, min, max, mean and sample standard deviation of each series' values in
    /// [start, end), NaN left out.
    /// - Complexity: O(log n + rows in range) per series.
    public func statistics(of names: [String], from start: Double, to end: Double) async throws -> [ExactStatistics] {
        try Task.checkCancellation()
        let first = dataset.firstIndex(atOrAfterX: start), stop = dataset.firstIndex(atOrAfterX: end)
        return try names.map { name in
            let ys = try series(named: name).ys
            var count = 0, sum = 0.0, low = Double.infinity, high = -Double.infinity
            for i in first..<max(first, stop) where !ys[i].isNaN {
                count += 1
                sum += ys[i]
                low = min(low, ys[i])
                high = max(high, ys[i])
            }
            guard count > 0 else {
                return ExactStatistics(name: name, count: 0, min: nil, max: nil, mean: nil, standardDeviation: nil)
            }
            let mean = sum / Double(count)
            var squares = 0.0
            for i in first..<max(first, stop) where !ys[i].isNaN { squares += (ys[i] - mean) * (ys[i] - mean) }
            let deviation = count > 1 ? (squares / Double(count - 1)).squareRoot() : nil
            return ExactStatistics(name: name, count: count, min: low, max: high, mean: mean, standardDeviation: deviation)
        }
    }

    /// The rows at x > `x`, at most `limit`, every series.
    public func rows(after x: Double?, limit: Int) async throws -> Dataset {
        try Task.checkCancellation()
        let first = x.map { dataset.firstIndex(atOrAfterX: $0.nextUp) } ?? 0
        let stop = min(dataset.count, first + max(limit, 0))
        var rows = Dataset(source: dataset.source, xs: Array(dataset.xs[first..<stop]),
                           series: dataset.series.map { one in
                               var kept = Series(name: one.name, ys: Array(one.ys[first..<stop]), colorHex: one.colorHex,
                                                 kind: one.kind, axis: one.axis)
                               kept.ownIndices = nil
                               return kept
                           }, xKind: dataset.xKind)
        rows.instantsInLocalTime = dataset.instantsInLocalTime
        return rows
    }

    private func series(named name: String) throws -> Series {
        guard let one = dataset.series.first(where: { $0.name == name }) else {
            throw DataLoadError.notInFile(file: dataset.source, flag: "--y", asked: name, kind: .column,
                                          available: dataset.series.map(\.name))
        }
        return one
    }
}
