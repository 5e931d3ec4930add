/// Why a data file could not be loaded, worded for the person who gave us the file.
public enum DataLoadError: Error, Equatable, CustomStringConvertible {
    /// The path does not exist.
    case fileNotFound(path: String)
    /// The path exists but could not be read (a folder, no permission, I/O error).
    case unreadable(path: String, reason: String)
    /// A line did not hold what was expected; line and column count from 1.
    case malformed(file: String, line: Int, column: Int, expected: String, found: String)
    /// The file holds no usable data; `reason` says which way it fell short.
    case noData(file: String, reason: String)
    /// `--x`, `--y` or `--chart` named something the file does not have.
    case notInFile(file: String, asked: String, available: [String])

    /// The same error found in a stretch of a file that starts `lines` lines in.
    func movedDown(lines: Int) -> DataLoadError {
        guard case let .malformed(file, line, column, expected, found) = self else { return self }
        return .malformed(file: file, line: line + lines, column: column, expected: expected, found: found)
    }

    public var description: String {
        switch self {
        case let .fileNotFound(path):
            return "\(path): no such file"
        case let .unreadable(path, reason):
            return "\(path): cannot read: \(reason)"
        case let .malformed(file, line, column, expected, found):
            return "\(file):\(line):\(column): expected \(expected), found \(found)"
        case let .noData(file, reason):
            return "\(file): \(reason)"
        case let .notInFile(file, asked, available):
            return "\(file): no \(asked); it has: \(available.joined(separator: ", "))"
        }
    }

    /// The sysexits(3) status a command line tool exits with for this error:
    /// 66 (EX_NOINPUT) for a file we could not open, 65 (EX_DATAERR) for bad content,
    /// 64 (EX_USAGE) for a column or chart asked for on the command line that is not there.
    public var exitCode: Int32 {
        switch self {
        case .fileNotFound, .unreadable: return 66
        case .malformed, .noData: return 65
        case .notInFile: return 64
        }
    }
}
