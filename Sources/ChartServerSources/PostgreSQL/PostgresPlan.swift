import ChartData
import ChartSources

/// The chosen table (or `--sql` query) and columns, and the SQL of each question about
/// them: every value a `$n` parameter, every name quoted. x is read as float8 (see
/// `PostgresType.asDouble`) and bounded in its own type first, so an index on it serves
/// the range; rows are in the order (x, y…) with NULLs last, which is also the order the
/// M4 statement's "first" and "last" rows follow.
struct PostgresPlan: Equatable, Sendable {
    /// What follows FROM: the quoted table, or the query as a subquery.
    var relation: String
    /// The table's name, `nil` for a query.
    var table: String?
    var x: String
    var xType: PostgresType
    var xIndexed: Bool
    /// The y columns' names, as the answer calls the series.
    var names: [String]
    var yTypes: [PostgresType]

    init(choice: TableChoice, sql: String?) {
        relation = sql.map { "(\($0)) AS sightline_query" } ?? quotedIdentifier(choice.table.name)
        table = sql == nil ? choice.table.name : nil
        x = quotedIdentifier(choice.x.name)
        xType = PostgresType(typeName: Self.typeName(choice.x.type))
        xIndexed = choice.x.indexed ?? false
        names = choice.y.map(\.name)
        yTypes = choice.y.map { PostgresType(typeName: Self.typeName($0.type)) }
    }

    /// A listing's type (`format_type`, or a `--sql` column's name for it) as `typname`.
    static func typeName(_ type: String) -> String {
        let base = type.split(separator: "(").first.map { String($0).trimmingCharacters(in: .whitespaces) } ?? type
        switch base {
        case "timestamp with time zone", "timestamptz": return "timestamptz"
        case "timestamp without time zone", "timestamp": return "timestamp"
        case "date": return "date"
        case "smallint": return "int2"
        case "integer": return "int4"
        case "bigint": return "int8"
        case "real": return "float4"
        case "double precision": return "float8"
        case "numeric": return "numeric"
        default: return base
        }
    }

    var xKind: XAxisKind { xType.xKind }

    /// The y columns as float8, named `y0`, `y1`…
    private var yColumns: String {
        zip(names, yTypes).enumerated().map { index, pair in
            "\(pair.1.asDouble(quotedIdentifier(pair.0))) AS y\(index)"
        }.joined(separator: ", ")
    }

    /// The rows with x in [$1, $2), as float8 `x`, `y0`…: the index-friendly bound on
    /// the column, then the exact one on the float8 value.
    private var rowsInRange: String {
        """
        SELECT x, \(names.indices.map { "y\($0)" }.joined(separator: ", ")) FROM (
          SELECT \(xType.asDouble(x)) AS x, \(yColumns) FROM \(relation)
          WHERE \(xType.bound(x, lower: true, parameter: "$1")) AND \(xType.bound(x, lower: false, parameter: "$2"))
        ) AS r WHERE x >= $1 AND x < $2
        """
    }

    /// The lowest and highest x (float8) of the relation: the index's two ends when x
    /// is indexed.
    var extentSQL: String {
        "SELECT \(xType.asDouble("min(\(x))")), \(xType.asDouble("max(\(x))")) FROM \(relation)"
    }

    /// Every row's count, exact (a scan of the whole relation).
    var countSQL: String { "SELECT count(*)::int8 FROM \(relation)" }

    /// The planner's and the statistics collector's view of a table ($1 its quoted
    /// name): live rows, the insert, update and delete counters, and the file node,
    /// which a TRUNCATE or rewrite changes.
    static let tableStatisticsSQL = """
        SELECT greatest(c.reltuples, coalesce(s.n_live_tup, 0))::float8, coalesce(s.n_tup_ins, 0)::int8,
               coalesce(s.n_tup_upd, 0)::int8, coalesce(s.n_tup_del, 0)::int8, c.relfilenode::int8
        FROM pg_class c LEFT JOIN pg_stat_user_tables s ON s.relid = c.oid WHERE c.oid = to_regclass($1)
        """

    /// The M4 of the series over x in [$1, $2) at $3 columns, one row per column that
    /// holds rows: its row count; the first and the last row, (x, y0, y1…) as arrays
    /// compare (NULL after every number, as the rows' order has it); then per series the
    /// lowest y with the first x holding it, the highest y with the negated first x, and
    /// the first x whose y is NULL. The column is `M4Request.column(of:)`'s formula in
    /// float8, in its order of operations.
    var m4SQL: String {
        let all = "ARRAY[x, \(names.indices.map { "y\($0)" }.joined(separator: ", "))]"
        var aggregates = ["count(*)::int8 AS n", "min(\(all)) AS f", "max(\(all)) AS l"]
        var outputs = ["n"] + (1...(names.count + 1)).map { "f[\($0)]" } + (1...(names.count + 1)).map { "l[\($0)]" }
        for index in names.indices {
            let y = "y\(index)"
            aggregates += ["min(ARRAY[\(y), x]) FILTER (WHERE \(y) IS NOT NULL) AS lo\(index)",
                           "max(ARRAY[\(y), -x]) FILTER (WHERE \(y) IS NOT NULL) AS hi\(index)",
                           "min(x) FILTER (WHERE \(y) IS NULL) AS g\(index)"]
            outputs += ["lo\(index)[1]", "lo\(index)[2]", "hi\(index)[1]", "hi\(index)[2]", "g\(index)"]
        }
        return """
            SELECT \(outputs.joined(separator: ", ")) FROM (
              SELECT \(aggregates.joined(separator: ", ")) FROM (
                SELECT *, least(floor((x - $1) / ($2 - $1) * $3), $3 - 1) AS k FROM (
                  \(rowsInRange)
                ) AS v
              ) AS c GROUP BY k
            ) AS m
            """
    }

    /// Per series: the count of values, min, max, avg and sample stddev over x in [$1, $2).
    var statisticsSQL: String {
        let parts = names.indices.map { "count(y\($0))::int8, min(y\($0)), max(y\($0)), avg(y\($0)), stddev_samp(y\($0))" }
        return "SELECT \(parts.joined(separator: ", ")) FROM (\(rowsInRange)) AS s"
    }

    /// At most $2 rows, (x, y0…), in order: those past x = $1, or every row when
    /// `after` is false ($1 then unused but bound).
    func rowsSQL(after: Bool) -> String {
        let order = ([x] + zip(names, yTypes).map { $0.1.asDouble(quotedIdentifier($0.0)) }).joined(separator: ", ")
        let past = after ? "AND \(xType.bound(x, lower: true, parameter: "$1")) AND \(xType.asDouble(x)) > $1" : "AND $1::float8 IS NULL"
        return """
            SELECT \(xType.asDouble(x)), \(yColumns) FROM \(relation)
            WHERE \(x) IS NOT NULL \(past) ORDER BY \(order) LIMIT $2
            """
    }
}
