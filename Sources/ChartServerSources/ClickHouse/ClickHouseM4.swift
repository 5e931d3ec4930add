import ChartData

/// The M4 of a relation's series as one ClickHouse statement, and its answer read back.
/// Rows are grouped by the pixel column `floor((x − start) / (end − start) × columns)`,
/// in `M4Request.column(of:)`'s order of operations, clamped to the last column as it is.
///
/// The contract, per column and series (what the tests hold every answer to):
/// - the points include a row at the column's first x and one at its last x, a row
///   with its lowest and one with its highest present y, and a break (NaN y) at the
///   first x of a missing value where the column has one; nothing else;
/// - every point is a row of the relation (x and y of the same row);
/// - among rows TIED on the key (the same x at the first or last x, the same y at the
///   lowest or highest), any one may come back, and which may change from run to run
///   (plain `argMin`/`argMax`, merged across shards in whatever order they answer).
/// A tie changes no pixel the M4 guarantees: rows of the same x have no order of their
/// own in a table (a `Distributed` one merges its shards in any order), so the line
/// through any of them ends its segment from the previous column at that same x, inside
/// the column's own span from lowest to highest y; rows of the same y are at the same
/// height, inside the same column (an eighth of a pixel at the chart's 8 columns a
/// pixel). The first, last, lowest and highest values and the breaks are exact.
/// Breaking ties exactly (tuple keys: by x, then present before missing, then y, as
/// `M4Reduction` over rows in that order) cost 3.5–5.5 times as much on the cluster here.
/// Every value is a Float64, so a row is 4 + 8 + 16 + 56 × series bytes of `RowBinary`.
struct ClickHouseM4 {
    /// The relation with the request's series as its y, in their order.
    let relation: ClickHouseRelation
    let request: M4Request

    /// The pixel column of the Float64 expression `x`, as `M4Request.column(of:)` finds it.
    static func column(of x: String, _ request: M4Request) -> String {
        let start = ClickHouseSQL.literal(request.start), end = ClickHouseSQL.literal(request.end)
        return "least(toUInt32(floor((\(x) - \(start)) / (\(end) - \(start)) * \(request.columns))), \(request.columns - 1))"
    }

    var sql: String {
        let x = relation.xName
        var values = ["\(Self.column(of: x, request)) AS _sl_k", "count()", "min(\(x))", "max(\(x))"]
        for index in relation.y.indices {
            let (v, m) = (relation.valueName(index), relation.missingName(index))
            // The `if`s apply to each column's result, not to each row.
            let present = "countIf(\(m) = 0) > 0"
            values += [
                "argMin(\(v), \(x))", "argMax(\(v), \(x))",
                "if(\(present), argMinIf(\(x), \(v), \(m) = 0), nan)", "if(\(present), minIf(\(v), \(m) = 0), nan)",
                "if(\(present), argMaxIf(\(x), \(v), \(m) = 0), nan)", "if(\(present), maxIf(\(v), \(m) = 0), nan)",
                "if(countIf(\(m) = 1) > 0, minIf(\(x), \(m) = 1), nan)",
            ]
        }
        return "SELECT \(values.joined(separator: ", ")) FROM \(relation.inner(from: request.start, to: request.end)) "
            + "GROUP BY _sl_k ORDER BY _sl_k FORMAT RowBinary"
    }

    /// The answer in `bytes`, the statement's `RowBinary` result.
    func answer(_ bytes: [UInt8], source: String) throws -> M4Answer {
        var reader = ClickHouseRowBinary(bytes, source: source)
        var series = relation.y.map { M4Series(name: $0.name, xs: [], ys: []) }
        var rows = 0
        while !reader.atEnd {
            _ = try reader.uint32()
            rows += Int(try reader.uint64())
            let firstX = try reader.float64(), lastX = try reader.float64()
            for index in series.indices {
                let firstY = try reader.float64(), lastY = try reader.float64()
                let lowX = try reader.float64(), lowY = try reader.float64()
                let highX = try reader.float64(), highY = try reader.float64()
                let gapX = try reader.float64()
                var points = [M4Point(x: firstX, y: firstY), M4Point(x: lastX, y: lastY)]
                if !lowX.isNaN { points += [M4Point(x: lowX, y: lowY), M4Point(x: highX, y: highY)] }
                if !gapX.isNaN { points.append(M4Point(x: gapX, y: .nan)) }
                for point in M4Point.ordered(points) {
                    series[index].xs.append(point.x)
                    series[index].ys.append(point.y)
                }
            }
        }
        return M4Answer(request: request, series: series, rowsInRange: rows, bytesReceived: bytes.count)
    }
}

/// One row an M4 column keeps. The points of a column are drawn by x, then present
/// before missing, then by y: the rows tied on x come in some order, and this is one.
struct M4Point: Equatable {
    var x: Double
    var y: Double

    /// `points` in row order, each point once: the first row may also be the lowest, and
    /// two rows of the same x and y (on two shards, say) are one point on the chart.
    static func ordered(_ points: [M4Point]) -> [M4Point] {
        let sorted = points.sorted { a, b in
            if a.x != b.x { return a.x < b.x }
            if a.y.isNaN != b.y.isNaN { return !a.y.isNaN }
            return a.y < b.y
        }
        var kept: [M4Point] = []
        for point in sorted where kept.last.map({ !$0.same(as: point) }) ?? true { kept.append(point) }
        return kept
    }

    private func same(as other: M4Point) -> Bool {
        x == other.x && (y == other.y || (y.isNaN && other.y.isNaN))
    }
}
