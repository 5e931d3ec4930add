import ChartData
import Foundation

/// Why an output file was not written. Every case names the path the user gave
/// (terminal-safe, through `DisplayText`) and maps to exit status 73 (EX_CANTCREAT).
public enum OutputFileError: Error, Equatable, CustomStringConvertible {
    /// The path is a directory, or ends in `/`.
    case isDirectory(path: String)
    /// The path is one of the command's inputs (the same device and inode, through any
    /// link); writing would destroy the data being read.
    case isInput(path: String, input: String)
    /// The path is the same file as `other`, another output of the same command (the
    /// same folder and name, through any link): one would overwrite the other.
    case sameOutput(path: String, other: String)
    /// The path is something that is neither replaced nor written into: a block device
    /// or a socket. `kind` says which, in words.
    case unsupported(path: String, kind: String)
    /// The folder the file would go in does not exist.
    case missingFolder(path: String, folder: String)
    /// A system call failed; `action` says what was being done, `code` is its `errno`.
    case system(path: String, action: String, code: Int32)

    /// The path the user gave.
    public var path: String {
        switch self {
        case let .isDirectory(path), let .isInput(path, _), let .sameOutput(path, _), let .unsupported(path, _),
             let .missingFolder(path, _), let .system(path, _, _): path
        }
    }

    public var description: String {
        let name = path == "-" ? "standard output" : DisplayText.quoted(path)
        switch self {
        case .isDirectory:
            return "\(name) is a directory; give the name of a file to write"
        case let .isInput(_, input):
            let inputName = input == "-" ? "standard input" : DisplayText.quoted(input)
            let same = input == path && input != "-" ? "" : " (the same file as \(inputName))"
            return "\(name) is an input file\(same); refusing to write over it, choose another output"
        case let .sameOutput(_, other):
            return "\(name) is the same file as \(DisplayText.quoted(other)), another output; give each output a file of its own"
        case let .unsupported(_, kind):
            return "\(name) is a \(kind); refusing to write to it"
        case let .missingFolder(_, folder):
            return "\(name): the folder \(DisplayText.quoted(folder)) does not exist"
        case let .system(_, action, code):
            return "\(name): cannot \(action): \(Self.reason(code))\(code == EFBIG ? Self.fileSizeLimitNote : "")"
        }
    }

    /// The sysexits(3) status for every case: 73, EX_CANTCREAT.
    public var exitCode: Int32 { 73 }

    /// What a write past `ulimit -f` adds to "file too large": the limit, when one is set.
    static var fileSizeLimitNote: String {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max else { return "" }
        return " (the limit on a file's size is \(limit.rlim_cur) bytes: ulimit -f)"
    }

    /// `strerror` in lower case, to read as part of a sentence ("no space left on device").
    public static func reason(_ code: Int32) -> String {
        let text = String(cString: strerror(code))
        guard let first = text.first else { return "error \(code)" }
        return first.lowercased() + text.dropFirst()
    }
}
