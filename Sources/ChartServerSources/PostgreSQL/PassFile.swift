import Foundation

/// libpq's password file (~/.pgpass, or `PGPASSFILE`): lines of
/// `hostname:port:database:username:password`, where `*` in any of the first four fields
/// matches anything, `\:` and `\\` stand for a colon and a backslash, and lines starting
/// with `#` are comments. The first line that matches wins. A file that its group or
/// others may read is ignored, as libpq does, since it holds passwords.
struct PassFile: Equatable {
    enum Reading: Equatable {
        case entries(PassFile)
        /// The file exists but others may read it.
        case tooOpen
        /// No such file (or not a regular one).
        case absent
    }

    /// The fields of each usable line.
    var lines: [[String]]

    static func read(path: String) -> Reading {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return .absent }
        guard info.st_mode & (S_IRWXG | S_IRWXO) == 0 else { return .tooOpen }
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return .absent }
        return .entries(PassFile(text: text))
    }

    init(text: String) {
        lines = text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
            .filter { !$0.hasPrefix("#") }
            .compactMap { line in
                let fields = Self.fields(of: line)
                return fields.count == 5 ? fields : nil
            }
    }

    /// The password of the first line matching all four keys.
    func password(host: String, port: Int, database: String, user: String) -> String? {
        let keys = [host, String(port), database, user]
        for line in lines where zip(line, keys).allSatisfy({ $0 == "*" || $0 == $1 }) {
            return line[4]
        }
        return nil
    }

    /// The colon-separated fields of `line`, unescaping `\:` and `\\`; the password
    /// (the fifth field) takes the rest of the line.
    private static func fields(of line: Substring) -> [String] {
        var fields: [String] = []
        var current = ""
        var escaped = false
        for character in line {
            if escaped {
                current.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == ":" && fields.count < 4 {
                fields.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        fields.append(current)
        return fields
    }
}
