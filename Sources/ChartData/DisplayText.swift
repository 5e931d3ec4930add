/// Text from a user's file or command line, made safe to show: on a terminal (no escape
/// sequence reaches it raw) and on screen (no name so long that drawing it costs more
/// than the chart).
public enum DisplayText {
    /// The most characters a quoted piece of input keeps in a message.
    public static let quoteLimit = 120
    /// The most characters a series name keeps on screen (legend, info board).
    public static let nameLimit = 64
    /// The most names a listing shows before "and N more".
    public static let listLimit = 20

    /// `location` with any password between the `:` and `@` of an address's user part
    /// written as `***` (`clickhouse://me:***@host/db`), for a title or a progress line
    /// that shows what the user typed; a path is as it is.
    public static func hidingPassword(_ location: String) -> String {
        guard let scheme = location.range(of: "://"),
              let at = location[scheme.upperBound...].firstIndex(of: "@") else { return location }
        let user = location[scheme.upperBound..<at]
        guard let colon = user.firstIndex(of: ":") else { return location }
        return String(location[..<colon]) + ":***" + String(location[at...])
    }

    /// `location` with any password between the `:` and `@` of an address's user part
    /// left out (`postgresql://me@host/db`), for what is written to disk (the session):
    /// libpq's PGPASSWORD or ~/.pgpass gives it again; a path is as it is.
    public static func withoutPassword(_ location: String) -> String {
        guard let scheme = location.range(of: "://"),
              let at = location[scheme.upperBound...].firstIndex(of: "@") else { return location }
        let user = location[scheme.upperBound..<at]
        guard let colon = user.firstIndex(of: ":") else { return location }
        return String(location[..<colon]) + String(location[at...])
    }

    /// `text` with every control character written as an escape (`\x1b`, `\n`, `\t`,
    /// `\u{202e}` for bidirectional overrides), cut with "…" so that the result, escapes
    /// included, holds at most `limit` characters and the ellipsis.
    /// - Complexity: O(min(n, limit)); a 50 MB field costs no more than a short one.
    public static func escaped(_ text: some StringProtocol, limit: Int = quoteLimit) -> String {
        var result = ""
        var length = 0
        for scalar in text.unicodeScalars {
            let piece = escape(scalar)
            if length + piece.unicodeScalars.count > limit {
                result += "…"
                return result
            }
            result += piece
            length += piece.unicodeScalars.count
        }
        return result
    }

    /// `text` in double quotes, escaped and cut as `escaped(_:limit:)` does.
    public static func quoted(_ text: some StringProtocol, limit: Int = quoteLimit) -> String {
        "\"" + escaped(text, limit: limit) + "\""
    }

    /// A series or column name for a message: in double quotes, as other input quoted
    /// in messages is, escaped, and cut at `nameLimit` characters.
    public static func quotedName(_ text: some StringProtocol) -> String {
        quoted(text, limit: nameLimit)
    }

    /// A series or column name for the screen: control characters escaped, at most
    /// `limit` characters, the rest replaced by "…".
    public static func name(_ text: some StringProtocol, limit: Int = nameLimit) -> String {
        escaped(text, limit: limit)
    }

    /// Names for a message: the first `limit`, each escaped and cut, then "and N more".
    public static func listing(_ names: [String], limit: Int = listLimit) -> String {
        let shown = names.prefix(limit).map { name($0) }.joined(separator: ", ")
        let rest = names.count - min(names.count, limit)
        return rest > 0 ? "\(shown) and \(rest) more" : shown
    }

    /// "A", "A and B", "A, B and C": items already written for the reader, all of them.
    public static func listed(_ items: [String]) -> String {
        guard let last = items.last, items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + last
    }

    /// A count with a comma between groups of three digits: "8,846".
    public static func count(_ n: Int) -> String {
        let digits = String(n.magnitude)
        var out = ""
        for (k, c) in digits.enumerated() {
            if k > 0, (digits.count - k) % 3 == 0 { out.append(",") }
            out.append(c)
        }
        return n < 0 ? "-" + out : out
    }

    /// `text` as one shell word a person can paste: as it is when it is plain, else in
    /// single quotes; control characters are escaped (`\x1b`), so it is safe to print
    /// (such a word then needs `$'…'` to be typed back).
    public static func shellWord(_ text: String) -> String {
        let plain = !text.isEmpty && text.unicodeScalars.allSatisfy {
            $0.properties.isAlphabetic || ("0"..."9").contains($0) || "/._-+=:,@".unicodeScalars.contains($0)
        }
        let quoted = plain ? text : "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
        return escaped(quoted, limit: 500)
    }

    private static func escape(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\n": return "\\n"
        case "\r": return "\\r"
        case "\t": return "\\t"
        default: break
        }
        let value = scalar.value
        // C0 and C1 controls, DEL, and the bidirectional overrides and isolates that can
        // make a message read as something else.
        if value < 0x20 || (0x7F...0x9F).contains(value) {
            return "\\x" + hex(value, width: 2)
        }
        if (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value) {
            return "\\u{" + hex(value, width: 4) + "}"
        }
        return String(scalar)
    }

    private static func hex(_ value: UInt32, width: Int) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
