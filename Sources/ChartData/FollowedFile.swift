#if canImport(Glibc)
import Glibc
#endif

/// A file read as it grows, like `tail -f` (`sightline open --follow`): each `read()`
/// returns the complete lines appended since the last, keeping a half-written last
/// line until its end arrives.
///
/// A file renamed away and replaced (a log's rotation) is read to its end, then the new
/// file at the path from its start; so is a file truncated to less than was read. The
/// lines returned after either begin with the new file's first line (`Chunk.newFileStart`).
/// Standard input (`-`) is read as it arrives: `read()` blocks until some does.
public final class FollowedFile {
    /// What one `read()` found.
    public struct Chunk: Equatable {
        /// Complete lines, each with its line end; empty when nothing was appended.
        public var lines: [UInt8] = []
        /// Where in `lines` a new file begins (after a rotation or a truncation), if one does.
        public var newFileStart: Int?
        /// The end of the input was reached and nothing more can come (standard input closed).
        public var ended = false
    }

    /// The path followed; `-` for standard input.
    public let path: String
    /// The name in messages.
    public let source: String
    private var descriptor: Int32
    private var identity: (device: UInt, inode: UInt)
    /// Bytes read from the current file.
    private var offset = 0
    /// The bytes after the last line end: a half-written line.
    private var partial: [UInt8] = []
    private var buffer = [UInt8](repeating: 0, count: 1 << 20)
    private var restartPending = false

    /// Opens `path` (`-`: standard input) at its start.
    /// - Throws: `DataLoadError.fileNotFound` or `.unreadable`.
    public init(path: String) throws {
        self.path = path
        source = path == "-" ? "standard input" : path
        descriptor = path == "-" ? dup(STDIN_FILENO) : open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT { throw DataLoadError.fileNotFound(path: path) }
            throw DataLoadError.unreadable(path: source, reason: String(cString: strerror(code)))
        }
        identity = Self.identity(of: descriptor)
    }

    deinit { close(descriptor) }

    /// The complete lines appended since the last call (all of them, the first time).
    /// A regular file returns at once, with nothing when nothing was appended;
    /// standard input waits for data.
    /// - Throws: `DataLoadError.unreadable` when a read fails.
    public func read() throws -> Chunk {
        var chunk = Chunk()
        var fresh: [UInt8] = []
        if path != "-" { checkTruncation() }
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress!, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw DataLoadError.unreadable(path: source, reason: String(cString: strerror(errno)))
            }
            if n == 0 {
                if path == "-" {
                    chunk.ended = true
                    // The last line needs no line end once the input is closed.
                    if !partial.isEmpty { partial.append(UInt8(ascii: "\n")) }
                    break
                }
                // At the old file's end: the path may name a new one now.
                finish(&chunk, with: &fresh)
                guard reopenIfReplaced() else { break }
                continue
            }
            offset += n
            fresh.append(contentsOf: buffer[..<n])
            // Standard input: what has arrived is a batch (up to `batchLimit`, so a fast
            // pipe grows the chart in few steps); the next read may wait.
            if path == "-", fresh.count >= Self.batchLimit || !Self.hasMore(descriptor) { break }
        }
        finish(&chunk, with: &fresh)
        return chunk
    }

    /// Everything not returned yet: the half line kept, then what is left to read,
    /// to the end (standard input: until it is closed).
    /// - Throws: `DataLoadError.unreadable` when a read fails.
    public func readToEnd() throws -> [UInt8] {
        var bytes = partial
        partial.removeAll()
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress!, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw DataLoadError.unreadable(path: source, reason: String(cString: strerror(errno)))
            }
            if n == 0 { return bytes }
            offset += n
            bytes.append(contentsOf: buffer[..<n])
        }
    }

    /// The bytes after the last line end read so far: a line not finished yet.
    public var unfinishedLine: [UInt8] { partial }

    /// Moves the complete lines of `partial` + `fresh` into `chunk`, keeping the rest.
    private func finish(_ chunk: inout Chunk, with fresh: inout [UInt8]) {
        guard !fresh.isEmpty || chunk.ended else { return }
        partial.append(contentsOf: fresh)
        fresh.removeAll(keepingCapacity: true)
        guard let end = partial.lastIndex(of: UInt8(ascii: "\n")) else { return }
        if restartPending {
            chunk.newFileStart = chunk.lines.count
            restartPending = false
        }
        chunk.lines.append(contentsOf: partial[...end])
        partial.removeSubrange(...end)
    }

    /// A file shorter than what was read was truncated: read it again from its start.
    private func checkTruncation() {
        var info = stat()
        guard fstat(descriptor, &info) == 0, Int(info.st_size) < offset else { return }
        lseek(descriptor, 0, SEEK_SET)
        offset = 0
        partial.removeAll()
        restartPending = true
    }

    /// Opens the file the path names now when it is not the one open (renamed away
    /// and replaced); returns whether it did.
    private func reopenIfReplaced() -> Bool {
        var info = stat()
        guard stat(path, &info) == 0, (UInt(info.st_dev), UInt(info.st_ino)) != identity else { return false }
        let next = open(path, O_RDONLY | O_CLOEXEC)
        guard next >= 0 else { return false }
        close(descriptor)
        descriptor = next
        identity = Self.identity(of: next)
        offset = 0
        // A half line the old file ended with is lost with it.
        partial.removeAll()
        restartPending = true
        return true
    }

    /// The most standard input's `read()` takes in one go, bytes.
    static let batchLimit = 64 << 20

    /// Whether a read of `descriptor` would return at once.
    private static func hasMore(_ descriptor: Int32) -> Bool {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&poller, 1, 0) == 1
    }

    private static func identity(of descriptor: Int32) -> (device: UInt, inode: UInt) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return (0, 0) }
        return (UInt(info.st_dev), UInt(info.st_ino))
    }
}
