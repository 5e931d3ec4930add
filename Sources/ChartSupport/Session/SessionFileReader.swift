import Foundation

/// Reads the session file, telling apart what the store treats differently: no file, a
/// file it may not read, one too big to be a session, and bytes to decode.
enum SessionFileReader {
    enum Outcome: Equatable {
        /// No file (or a link to nothing): the session starts empty.
        case missing
        /// The file's bytes.
        case read(Data)
        /// Larger than a session can be; its size in bytes.
        case tooLarge(Int)
        /// There, but not readable: the reason in words.
        case unreadable(String)
    }

    /// Follows links; never blocks on a FIFO (opened non-blocking, and refused).
    static func read(_ path: String, sizeLimit: Int) -> Outcome {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else {
            let code = errno
            return code == ENOENT ? .missing : .unreadable(OutputFileError.reason(code))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .unreadable(OutputFileError.reason(errno)) }
        guard info.st_mode & S_IFMT == S_IFREG else { return .unreadable("not a regular file") }
        guard Int(info.st_size) <= sizeLimit else { return .tooLarge(Int(info.st_size)) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let n = Glibc.read(fd, &buffer, buffer.count)
            if n < 0 {
                if errno == EINTR { continue }
                return .unreadable(OutputFileError.reason(errno))
            }
            if n == 0 { break }
            data.append(contentsOf: buffer[0..<n])
            if data.count > sizeLimit { return .tooLarge(data.count) }
        }
        return .read(data)
    }
}
