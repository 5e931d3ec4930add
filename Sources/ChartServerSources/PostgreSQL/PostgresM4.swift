import ChartData
import PostgresNIO

/// The questions a `PostgresSource` answers with its plan's statements, decoded from
/// postgres-nio's binary rows.
enum PostgresM4 {
    /// The M4 of `request` (its series must be the plan's, in any order or a subset).
    static func answer(_ request: M4Request, plan: PostgresPlan, session: PostgresSession) async throws -> M4Answer {
        let picked = try positions(of: request.series, in: plan, source: session.source)
        var binds = PostgresBindings()
        binds.append(request.start)
        binds.append(request.end)
        binds.append(Double(request.columns))
        let width = plan.names.count
        var points = [[(x: Double, y: Double)]](repeating: [], count: width)
        var rows = 0
        let bytes = try await session.run(plan.m4SQL, binds: binds) { row in
            let cells = Array(row)
            func value(_ index: Int) throws -> Double? { try cells[index].decode(Double?.self) }
            rows += Int(try cells[0].decode(Int64.self))
            for series in 0..<width {
                var kept: [(x: Double, y: Double)] = []
                // First and last rows: x is never NULL; a NULL y is a break.
                if let x = try value(1) { kept.append((x, try value(2 + series) ?? .nan)) }
                if let x = try value(2 + width) { kept.append((x, try value(3 + width + series) ?? .nan)) }
                let base = 3 + 2 * width + 5 * series
                if let low = try value(base), let x = try value(base + 1) { kept.append((x, low)) }
                if let high = try value(base + 2), let negated = try value(base + 3) { kept.append((-negated, high)) }
                if let gap = try value(base + 4) { kept.append((gap, .nan)) }
                points[series] += kept
            }
        }
        let series = picked.map { index in
            let ordered = distinct(points[index].sorted(by: before))
            return M4Series(name: plan.names[index], xs: ordered.map(\.x), ys: ordered.map(\.y))
        }
        return M4Answer(request: request, series: series, rowsInRange: rows, bytesReceived: bytes)
    }

    /// Exact statistics of `series` over x in [start, end), computed by the server.
    static func statistics(of series: [String], from start: Double, to end: Double, plan: PostgresPlan,
                           session: PostgresSession) async throws -> [ExactStatistics] {
        let picked = try positions(of: series, in: plan, source: session.source)
        var binds = PostgresBindings()
        binds.append(start)
        binds.append(end)
        var all: [ExactStatistics] = []
        try await session.run(plan.statisticsSQL, binds: binds) { row in
            let cells = Array(row)
            all = try plan.names.indices.map { index in
                let base = 5 * index
                return ExactStatistics(name: plan.names[index], count: Int(try cells[base].decode(Int64.self)),
                                       min: try cells[base + 1].decode(Double?.self),
                                       max: try cells[base + 2].decode(Double?.self),
                                       mean: try cells[base + 3].decode(Double?.self),
                                       standardDeviation: try cells[base + 4].decode(Double?.self))
            }
        }
        return picked.map { all[$0] }
    }

    /// At most `limit` rows past `x` (all when `nil`), in order, as a dataset.
    static func rows(after x: Double?, limit: Int, plan: PostgresPlan, session: PostgresSession,
                     source: String) async throws -> Dataset {
        var binds = PostgresBindings()
        binds.append(x)
        binds.append(Int64(max(0, limit)))
        var xs: [Double] = []
        var ys = [[Double]](repeating: [], count: plan.names.count)
        try await session.run(plan.rowsSQL(after: x != nil), binds: binds) { row in
            var cells = row.makeIterator()
            guard let first = cells.next() else { return }
            xs.append(try first.decode(Double.self))
            for index in ys.indices {
                ys[index].append(try cells.next()?.decode(Double?.self) ?? .nan)
            }
        }
        let series = zip(plan.names, ys).map { Series(name: $0.0, ys: $0.1) }
        return Dataset(source: source, xs: xs, series: series, xKind: plan.xKind)
    }

    /// Where each of `names` is among the plan's series.
    private static func positions(of names: [String], in plan: PostgresPlan, source: String) throws -> [Int] {
        try names.map { name in
            guard let index = plan.names.firstIndex(of: name) else {
                throw DataLoadError.notInFile(file: source, flag: "--y", asked: name, kind: .column, available: plan.names)
            }
            return index
        }
    }

    /// Ascending x, then y with a break (NaN) last, as the rows' order has them.
    private static func before(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double)) -> Bool {
        if a.x != b.x { return a.x < b.x }
        if a.y.isNaN { return false }
        return b.y.isNaN || a.y < b.y
    }

    /// `points` without repeats (a column's first row is often its lowest too).
    private static func distinct(_ points: [(x: Double, y: Double)]) -> [(x: Double, y: Double)] {
        var kept: [(x: Double, y: Double)] = []
        kept.reserveCapacity(points.count)
        for point in points {
            if let last = kept.last, last.x == point.x, last.y == point.y || (last.y.isNaN && point.y.isNaN) { continue }
            kept.append(point)
        }
        return kept
    }
}
