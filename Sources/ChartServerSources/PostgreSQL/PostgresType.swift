import ChartData

/// What a PostgreSQL column's type is to a chart, and the SQL that reads it as float8 and
/// bounds it in its own type (so that an index on it serves the range).
enum PostgresType: Equatable, Sendable {
    case timestamptz, timestamp, date
    case integer
    case float
    case numeric
    case other

    /// The kind of a type by its name in `pg_type` (`typname`).
    init(typeName: String) {
        switch typeName {
        case "timestamptz": self = .timestamptz
        case "timestamp": self = .timestamp
        case "date": self = .date
        case "int2", "int4", "int8": self = .integer
        case "float4", "float8": self = .float
        case "numeric": self = .numeric
        default: self = .other
        }
    }

    /// The kind of a type by its object id, for the columns of a `--sql` query.
    init(oid: UInt32) {
        switch oid {
        case 1184: self = .timestamptz
        case 1114: self = .timestamp
        case 1082: self = .date
        case 20, 21, 23: self = .integer
        case 700, 701: self = .float
        case 1700: self = .numeric
        default: self = .other
        }
    }

    /// The type's name for listings, by object id.
    static func name(oid: UInt32) -> String {
        [1184: "timestamptz", 1114: "timestamp", 1082: "date", 20: "bigint", 21: "smallint", 23: "integer",
         700: "real", 701: "double precision", 1700: "numeric", 25: "text", 1043: "character varying", 16: "boolean"][oid]
            ?? "type \(oid)"
    }

    var role: SourceColumn.Role {
        switch self {
        case .timestamptz, .timestamp, .date: return .time
        case .integer, .float, .numeric: return .number
        case .other: return .other
        }
    }

    var xKind: XAxisKind {
        role == .time ? .time(unitsPerSecond: 1) : .number
    }

    /// `column` as float8: Unix seconds for instants (a `timestamp` read as UTC, a date
    /// as its midnight UTC), the number otherwise; a NaN is NULL, a gap as NULL is.
    /// `date_part` is float8 already, cheaper than numeric `extract`, and rounds the
    /// exact microseconds alike.
    func asDouble(_ column: String) -> String {
        switch self {
        case .timestamptz, .timestamp: return "date_part('epoch', \(column))"
        case .date: return "date_part('epoch', \(column)::timestamp)"
        case .float: return "NULLIF(\(column)::float8, 'NaN')"
        case .integer, .numeric, .other: return "NULLIF(\(column)::float8, 'NaN')"
        }
    }

    /// A condition keeping `column`'s rows whose float8 value is at least (`lower`) or
    /// below (`upper`) the bound `parameter` (a float8 `$n`), written in the column's own
    /// type so an index on it is used. It is a little wider than asked (a millisecond,
    /// a day, one unit, one step of a double) and the exact test on the float8 value
    /// follows it, so a row on the edge falls as `M4Request.column(of:)` puts it.
    func bound(_ column: String, lower: Bool, parameter: String) -> String {
        let op = lower ? ">=" : "<="
        let widen = lower ? "-" : "+"
        switch self {
        case .timestamptz:
            return "\(column) \(op) to_timestamp(\(parameter) \(widen) 0.001)"
        case .timestamp:
            return "\(column) \(op) (to_timestamp(\(parameter) \(widen) 0.001) AT TIME ZONE 'UTC')"
        case .date:
            return "\(column) \(op) (to_timestamp(\(parameter) \(widen) 86400) AT TIME ZONE 'UTC')::date"
        case .integer:
            // Clamped into bigint's range, so a bound past it is no error.
            let rounded = lower ? "floor" : "ceil"
            return "\(column) \(op) greatest(least(\(rounded)(\(parameter)), 9.2e18), -9.2e18)::int8"
        case .float:
            return "\(column) \(op) \(parameter)"
        case .numeric:
            // float8 → numeric keeps 15 digits: widen by a relative step past that.
            return "\(column) \(op) (\(parameter) \(widen) abs(\(parameter)) * 1e-14 \(widen) 1e-300)::numeric"
        case .other:
            return "true"
        }
    }
}

/// `name` as a quoted SQL identifier: `"readings"`, with any `"` doubled.
func quotedIdentifier(_ name: String) -> String {
    "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
}
