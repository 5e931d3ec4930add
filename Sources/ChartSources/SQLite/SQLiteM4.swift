import ChartData

/// The M4 of a request as one SQLite statement. SQLite has no argMin/argMax, and its
/// bare-column rule takes one min() or max() a query (and an arbitrary row on a tie), so
/// the statement works in three steps over the rows in range (`r`, read once, through
/// an index on x where there is one, into a temporary table: reading the range twice
/// took 15% more time with an index and twice the time without one): `a` groups them by
/// pixel column (the request's formula, in its order of operations) into the column's
/// first and last x, and per series its lowest and highest y and the x of its first
/// NULL; `c` picks the rows holding those values; and of those, per column and role,
/// the first in the order of x and then rowid (the last, for the last x) is kept, as
/// `M4Reduction` keeps them. Values are bound (`?1` start, `?2` end, `?3` columns as a
/// real, `?4` the last column); only quoted identifiers are written into the text.
struct SQLiteM4 {
    let selection: SQLiteSelection
    /// The series asked for, as SQL.
    let ys: [String]

    /// The statement's text.
    var sql: String {
        let s = ys.indices
        let yColumns = s.map { ", y\($0)" }.joined()
        let range = "\(selection.x) >= ?1 AND \(selection.x) < ?2"
        let rows = "SELECT \(selection.x) AS x, \(selection.order) AS o"
            + s.map { ", \(ys[$0]) AS y\($0)" }.joined()
            + ", min(CAST((\(selection.x) - ?1) / (?2 - ?1) * ?3 AS INTEGER), ?4) AS k"
            + " FROM \(selection.from) WHERE \(range)"
        let aggregates = "SELECT k, count(*) AS n, min(x) AS fx, max(x) AS lx"
            + s.map { ", min(y\($0)) AS lo\($0), max(y\($0)) AS hi\($0), min(CASE WHEN y\($0) IS NULL THEN x END) AS gx\($0)" }
                .joined()
            + " FROM r GROUP BY k"
        let roles = s.map { ", r.y\($0) = a.lo\($0) AS islo\($0), r.y\($0) = a.hi\($0) AS ishi\($0)"
            + ", (r.y\($0) IS NULL AND r.x = a.gx\($0)) AS isgap\($0)" }.joined()
        let matches = s.map { " OR r.y\($0) = a.lo\($0) OR r.y\($0) = a.hi\($0) OR (r.y\($0) IS NULL AND r.x = a.gx\($0))" }
            .joined()
        let candidates = "SELECT r.k AS k, r.x AS x, r.o AS o, a.n AS n" + s.map { ", r.y\($0) AS y\($0)" }.joined()
            + ", r.x = a.fx AS isfirst, r.x = a.lx AS islast" + roles
            + " FROM r JOIN a ON a.k = r.k WHERE r.x = a.fx OR r.x = a.lx" + matches
        // Role 0 is the first row (with its column's row count), 1 the last, then three a series.
        var unpivot = ["SELECT 0 AS role, k, x, o, n\(yColumns) FROM c WHERE isfirst",
                       "SELECT 1, k, x, o, NULL\(yColumns) FROM c WHERE islast"]
        for series in s {
            unpivot += ["SELECT \(2 + 3 * series), k, x, o, NULL\(yColumns) FROM c WHERE islo\(series)",
                        "SELECT \(3 + 3 * series), k, x, o, NULL\(yColumns) FROM c WHERE ishi\(series)",
                        "SELECT \(4 + 3 * series), k, x, o, NULL\(yColumns) FROM c WHERE isgap\(series)"]
        }
        return "WITH r AS MATERIALIZED (\(rows)), a AS MATERIALIZED (\(aggregates)), "
            + "c AS MATERIALIZED (\(candidates)), u AS (\(unpivot.joined(separator: " UNION ALL "))) "
            + "SELECT role, x, o, n\(yColumns) FROM (SELECT *, row_number() OVER (PARTITION BY role, k ORDER BY "
            + "CASE WHEN role = 1 THEN -x ELSE x END, CASE WHEN role = 1 THEN -o ELSE o END) AS pick FROM u) WHERE pick = 1"
    }

    /// Binds `request`'s values to `statement` (of `sql`).
    static func bind(_ request: M4Request, to statement: SQLiteStatement) {
        statement.bind(1, request.start)
        statement.bind(2, request.end)
        statement.bind(3, Double(request.columns))
        statement.bind(4, request.columns - 1)
    }

    /// The answer from the statement's rows.
    func answer(_ request: M4Request, from statement: SQLiteStatement) throws -> M4Answer {
        struct Row { var x: Double, order: Double?, ys: [Double] }
        var rowsInRange = 0, returned = 0
        var kept = Array(repeating: [Row](), count: ys.count)
        // A row is one of the table's by its rowid (by x and y in a view, which has none).
        func key(_ row: Row) -> String { row.order.map { "o\($0)" } ?? "x\(row.x)y\(row.ys)" }
        var firstLast: [Row] = []
        while try statement.step() {
            returned += 1
            let role = statement.int(0)
            if role == 0 { rowsInRange += statement.int(3) }
            let row = Row(x: statement.double(1), order: statement.optionalDouble(2),
                          ys: ys.indices.map { statement.double(Int32(4 + $0)) })
            if role <= 1 { firstLast.append(row) } else { kept[(role - 2) / 3].append(row) }
        }
        let series = ys.indices.map { index in
            var seen: Set<String> = []
            let rows = (firstLast + kept[index]).filter { seen.insert(key($0)).inserted }
                .sorted { ($0.x, $0.order ?? 0) < ($1.x, $1.order ?? 0) }
            return M4Series(name: request.series[index], xs: rows.map(\.x), ys: rows.map { $0.ys[index] })
        }
        return M4Answer(request: request, series: series, rowsInRange: rowsInRange,
                        bytesReceived: returned * 8 * (4 + ys.count))
    }
}
