/// Why a data file could not be loaded, worded for the person who gave us the file.
///
/// Every message names the file; those about content name the line too. Input quoted
/// in a message (cells, headers, names, the path itself) is escaped and cut with
/// `DisplayText`, so a file cannot send escape sequences to the terminal.
public enum DataLoadError: Error, Equatable, CustomStringConvertible {
    /// The path does not exist.
    case fileNotFound(path: String)
    /// The path exists but could not be read (a folder, no permission, I/O error).
    case unreadable(path: String, reason: String)
    /// A line did not hold what was expected; line and column count from 1.
    case malformed(file: String, line: Int, column: Int, expected: String, found: String)
    /// The file is not text (`what` says what it is: "a gzip file: decompress it
    /// first…", "binary (a NUL byte at offset 12…)"), told by `BinaryContent`.
    case binary(file: String, what: String)
    /// The file holds no usable data; `reason` says which way it fell short.
    case noData(file: String, reason: String)
    /// `flag` (`--x`, `--y`, `--y2`, `--bars`, `--area`, `--chart`) named `asked`, which
    /// is no `kind` of the file; `available` lists those it has.
    case notInFile(file: String, flag: String, asked: String, kind: Kind, available: [String])
    /// The command line asks for something that makes no sense for this file (`--chart`
    /// on a CSV file, the x column again in `--y`); `message` says what.
    case usage(file: String, message: String)
    /// Another program changed the file (truncated it, most often) while it was read,
    /// so what was read is not what the file holds.
    case changedWhileReading(file: String)
    /// Loading would take more memory than the process may still have: `needed` and
    /// `available` in bytes, `what` the work ("loading"), `limit` what sets the
    /// bound ("ulimit -v", "free memory").
    case tooLarge(file: String, what: String, needed: Int, available: Int, limit: String)
    /// Files asked for in one chart whose x are not alike: `kind` and `otherKind` say
    /// what each holds ("dates", "numbers").
    case mixedX(file: String, kind: String, other: String, otherKind: String)
    /// `error`, from reading the file as `format`, a format guessed for the reason
    /// `because` (shown, so that a file read as the wrong format says so).
    indirect case readAs(format: String, because: String, error: DataLoadError)
    /// A database that could not be reached or would not let us in (`reason` says which:
    /// refused, timed out, a wrong password), named by its address without a password.
    case unreachable(source: String, reason: String)
    /// A query the database rejected or that failed: the query (as sent, its values
    /// bound apart) and the engine's own message (SQLite is no server: "the database").
    case rejected(source: String, query: String, message: String)

    /// What a flag names in a file.
    public enum Kind: Equatable, Sendable {
        /// A column of a CSV file, or of a Telegram chart's `"columns"` (by id or name).
        case column
        /// A series the file was read into (`--y2`, `--bars`, `--area`).
        case series
        /// One chart of a Telegram file holding several, by its number from 1.
        case chart
        /// A table or view of a database (`--table`).
        case table

        /// The word for one, as in "which is not a column".
        public var noun: String {
            switch self {
            case .column: "column"
            case .series: "series"
            case .chart: "chart"
            case .table: "table"
            }
        }

        /// The word for several, as in "the columns are …".
        public var plural: String {
            switch self {
            case .column: "columns"
            case .series: "series"
            case .chart: "charts"
            case .table: "tables"
            }
        }
    }

    /// The same error found in a stretch of a file that starts `lines` lines in.
    func movedDown(lines: Int) -> DataLoadError {
        guard case let .malformed(file, line, column, expected, found) = self else { return self }
        return .malformed(file: file, line: line + lines, column: column, expected: expected, found: found)
    }

    /// A line (of a file or a stream) longer than `limit` bytes, from line `line` on.
    static func lineTooLong(file: String, line: Int, limit: Int) -> DataLoadError {
        .malformed(file: file, line: line, column: 1, expected: "a line end within \(MemoryBudget.describe(bytes: limit))",
                   found: "a longer line (is this a text file?)")
    }

    /// The longest path a message shows whole; longer ones are cut with "…".
    static let pathLimit = 1_024

    public var description: String {
        // Escaping is idempotent (an escape holds no control character), so text that
        // was quoted with `DisplayText` already passes through unchanged.
        func safe(_ text: String) -> String { DisplayText.escaped(text, limit: 4 * Self.pathLimit) }
        func path(_ text: String) -> String { DisplayText.escaped(text, limit: Self.pathLimit) }
        switch self {
        case let .fileNotFound(file):
            return "\(path(file)): no such file"
        case let .unreadable(file, reason):
            return "\(path(file)): cannot read: \(safe(reason))"
        case let .malformed(file, line, column, expected, found):
            return "\(path(file)):\(line):\(column): expected \(safe(expected)), found \(safe(found))"
        case let .noData(file, reason):
            return "\(path(file)): \(safe(reason))"
        case let .binary(file, what):
            return "\(path(file)): \(safe(what))"
        case let .notInFile(file, flag, asked, kind, available):
            if kind == .chart {
                // Charts are numbered from 1: their range says what a list would.
                let held = available.count == 1 ? "holds one chart" : "holds charts 1 to \(available.count)"
                return "\(path(file)): \(flag) names \(safe(asked)), which is not a chart; the file \(held)"
            }
            let named = DisplayText.quotedName(asked)
            return "\(path(file)): \(flag) names \(named), which is not a \(kind.noun); "
                + "the \(kind.plural) are \(DisplayText.listing(available))"
        case let .usage(file, message):
            return "\(path(file)): \(safe(message))"
        case let .changedWhileReading(file):
            return "\(path(file)): the file changed while it was read"
        case let .tooLarge(file, what, needed, available, limit):
            return "\(path(file)): \(safe(what)) needs about \(MemoryBudget.describe(bytes: needed)) of memory, "
                + "\(MemoryBudget.describe(bytes: available)) is available (\(safe(limit)))"
        case let .mixedX(file, kind, other, otherKind):
            return "\(path(file)): its x holds \(safe(kind)), but the x of \(path(other)) holds \(safe(otherKind)); "
                + "one chart shows files whose x are alike (dates with dates, numbers with numbers)"
        case let .readAs(format, because, error):
            return "\(error.description) (read as \(safe(format)) because \(safe(because)))"
        case let .unreachable(source, reason):
            return "\(path(source)): \(safe(reason))"
        case let .rejected(source, query, message):
            return "\(path(source)): the database rejected \(DisplayText.escaped(query)): \(safe(message))"
        }
    }

    /// The sysexits(3) status a command line tool exits with for this error:
    /// 66 (EX_NOINPUT) for a file we could not open or could not read whole (it changed
    /// under us: the content is not at fault, and reading it again may work),
    /// 65 (EX_DATAERR) for bad content (binary included), 64 (EX_USAGE) for a column or chart asked for on
    /// the command line that is not there or does not fit the file, 69 (EX_UNAVAILABLE)
    /// for a file too large for the memory this process may take (the file is fine; the
    /// machine, or its `ulimit -v`, is short) and for a database that cannot be reached,
    /// 65 again for a query the database rejected.
    public var exitCode: Int32 {
        switch self {
        case .fileNotFound, .unreadable, .changedWhileReading: return 66
        case .malformed, .noData, .binary, .mixedX: return 65
        case .notInFile, .usage: return 64
        case .tooLarge, .unreachable: return 69
        case .rejected: return 65
        case let .readAs(_, _, error): return error.exitCode
        }
    }
}
