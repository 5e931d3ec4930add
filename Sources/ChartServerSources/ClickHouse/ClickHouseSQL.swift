import Foundation

/// The pieces of ClickHouse SQL that Sightline writes itself. ClickHouse 18.16 (Debian's)
/// has no query parameters over HTTP, so values go into the text: numbers as literals
/// formatted here from `Double`/`Int` (never text from the user), identifiers back-quoted
/// with escaping, and the names a user asked for (a database, in `system` queries) as
/// escaped string literals. A newer server (19.x on) would take `{start:Float64}` with
/// `param_start=` on the URL instead of the literals.
enum ClickHouseSQL {
    /// `value` as a Float64 literal that the server reads back to the same bits:
    /// 17 significant digits (`%.17g` round-trips every finite double, and the SQL
    /// parser of 18.16 reads it correctly rounded — its `toFloat64('…')` does not, which
    /// a test checks against the server).
    /// - Precondition: `value` is finite.
    static func literal(_ value: Double) -> String {
        precondition(value.isFinite, "ClickHouseSQL.literal: a finite number")
        // 18.16's parser refuses a subnormal literal (its strtod reports the underflow):
        // those are written as their bits.
        if value.isSubnormal {
            return "reinterpretAsFloat64(reinterpretAsString(toUInt64(\(value.bitPattern))))"
        }
        let text = String(format: "%.17g", value)
        // A literal with no '.' or exponent is an integer literal (UInt64/Int64): keep
        // it a Float64 so the arithmetic around it is the same as Swift's.
        return text.contains(where: { $0 == "." || $0 == "e" || $0 == "n" || $0 == "i" }) ? text : text + ".0"
    }

    static func literal(_ value: Int) -> String { String(value) }

    /// `name` as an identifier: back-quoted, with back-quotes and backslashes escaped.
    static func identifier(_ name: String) -> String {
        "`" + escaping(name, quote: "`") + "`"
    }

    /// `text` as a string literal: single-quoted, with quotes, backslashes and control
    /// characters escaped.
    static func string(_ text: String) -> String {
        "'" + escaping(text, quote: "'") + "'"
    }

    private static func escaping(_ text: String, quote: Character) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\0": out += "\\0"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if Character(scalar) == quote { out += "\\" }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `database.table` quoted.
    static func table(_ table: String, in database: String) -> String {
        identifier(database) + "." + identifier(table)
    }

    /// A query id of our own, alphanumerics only, so `KILL QUERY` can name it literally.
    static func newQueryID() -> String {
        "sightline" + UUID().uuidString.filter { $0.isLetter || $0.isNumber }
    }
}
