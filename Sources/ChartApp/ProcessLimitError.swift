import Foundation

/// A limit of the process's (`ulimit -u`, `ulimit -s`) that leaves it unable to run:
/// said in words, with status 71 (EX_OSERR), rather than a hang or a crash.
public enum ProcessLimitError: Error, CustomStringConvertible {
    /// A thread for `purpose` could not start; `code` is `pthread_create`'s error.
    case threadRefused(purpose: String, code: Int32)
    /// The stack limit's hard value is below what the program needs, in bytes.
    case stackTooSmall(limit: Int, needed: Int)

    public var description: String {
        switch self {
        case let .threadRefused(purpose, code):
            var text = "cannot start a thread (\(purpose)): \(String(cString: strerror(code)))"
            if code == EAGAIN, let processes = ProcessLimits.processLimit {
                text += "; the process limit (ulimit -u) is \(processes), counting every process and thread of this user"
            }
            return text
        case let .stackTooSmall(limit, needed):
            return "the stack limit (ulimit -s) is \(limit / 1024) KiB, below the \(needed / 1024) KiB sightline needs; "
                + "raise it, e.g. ulimit -s 8192"
        }
    }

    /// EX_OSERR: the system, not the command line or the data, stands in the way.
    public var exitCode: Int32 { 71 }
}
