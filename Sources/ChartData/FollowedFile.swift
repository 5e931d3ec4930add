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
/// Standard input (`-`) is read as it arrives: `read()` waits for some, up to
/// `waitSeconds`, so that whoever calls it can stop between reads.
///
/// The safeguards of a file read whole hold here too: content that is not text
/// (`BinaryContent`: zeros, an image, an archive) is refused by name on its first
/// bytes, a line longer than `LoadOptions.lineLimit` is an error naming it, each
/// `read()` takes at most `batchLimit` bytes, and the memory a read holds is checked
/// against the budget (`LoadOptions.requireMemory`).
public final class FollowedFile {
    /// What one `read()` found.
    public struct Chunk: Equatable {
        /// Complete lines, each with its line end (the last at the end of the input may
        /// have none); empty when nothing was appended.
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
    /// The current file's first bytes, up to `BinaryContent.textCheckBytes`, while
    /// fewer have been looked at.
    private var head: [UInt8] = []
    /// Line ends returned from the current file.
    private var linesEnded = 0
    private let options: LoadOptions
    /// How long standard input's `read()` waits for data before it returns nothing.
    public var waitSeconds = 0.2

    /// Opens `path` (`-`: standard input) at its start.
    /// - Parameter options: the line limit, the memory budget and the inflaters of the load.
    /// - Throws: `DataLoadError.fileNotFound` or `.unreadable`.
    public init(path: String, options: LoadOptions = LoadOptions()) throws {
        self.path = path
        self.options = options
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
    /// standard input waits for data up to `waitSeconds`.
    /// - Throws: `DataLoadError.unreadable` when a read fails, `.binary` for content
    ///   that is not text, `.lineTooLong`, `.tooLarge`.
    public func read() throws -> Chunk {
        var chunk = Chunk()
        var fresh: [UInt8] = []
        if path != "-" { checkTruncation() }
        if path == "-", !Self.hasMore(descriptor, waitingMilliseconds: Int32(waitSeconds * 1000)) { return chunk }
        while true {
            try options.requireMemory(chunk.lines.count + partial.count + fresh.count + buffer.count, for: "following it",
                                      file: source)
            let n = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress!, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw DataLoadError.unreadable(path: source, reason: String(cString: strerror(errno)))
            }
            if n == 0 {
                if path == "-" {
                    // The last line needs no line end once the input is closed (`finish`).
                    chunk.ended = true
                    break
                }
                // At the old file's end: the path may name a new one now.
                try finish(&chunk, with: &fresh)
                guard reopenIfReplaced() else { break }
                continue
            }
            try checkText(buffer[..<n])
            offset += n
            fresh.append(contentsOf: buffer[..<n])
            // What has arrived is a batch, up to `batchLimit`, so a fast pipe grows the
            // chart in few steps and a large file is not held whole in several copies;
            // standard input's next read may wait.
            if fresh.count >= Self.batchLimit || (path == "-" && !Self.hasMore(descriptor, waitingMilliseconds: 0)) {
                break
            }
        }
        try finish(&chunk, with: &fresh)
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

    /// Moves the complete lines of `partial` + `fresh` into `chunk`, keeping the rest;
    /// all of it at the end of the input, the last line without its line end (the bytes
    /// stay as they came: compressed or UTF-16 input is read whole from them).
    /// - Throws: `DataLoadError.lineTooLong` when the rest is longer than a line may be.
    private func finish(_ chunk: inout Chunk, with fresh: inout [UInt8]) throws {
        guard !fresh.isEmpty || chunk.ended else { return }
        partial.append(contentsOf: fresh)
        fresh.removeAll(keepingCapacity: true)
        let cut = chunk.ended ? partial.count : partial.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        guard cut > 0 else { return try checkLineLength() }
        if restartPending {
            chunk.newFileStart = chunk.lines.count
            restartPending = false
        }
        let lines = partial[..<cut]
        linesEnded += lines.count(where: { $0 == UInt8(ascii: "\n") })
        chunk.lines.append(contentsOf: lines)
        partial.removeSubrange(..<cut)
        try checkLineLength()
    }

    /// Throws when the half line kept is longer than `options.lineLimit`.
    private func checkLineLength() throws {
        guard partial.count > options.lineLimit else { return }
        throw DataLoadError.lineTooLong(file: source, line: linesEnded + 1, limit: options.lineLimit)
    }

    /// Refuses content that is not text, by its first bytes (`BinaryContent`).
    private func checkText(_ bytes: ArraySlice<UInt8>) throws {
        guard head.count < BinaryContent.textCheckBytes else { return }
        head.append(contentsOf: bytes.prefix(BinaryContent.textCheckBytes - head.count))
        if let binary = head.withUnsafeBytes({ BinaryContent.refusal($0, options: options) }) {
            throw DataLoadError.binary(file: source, what: binary.explanation(path: path))
        }
    }

    /// A file shorter than what was read was truncated: read it again from its start.
    private func checkTruncation() {
        var info = stat()
        guard fstat(descriptor, &info) == 0, Int(info.st_size) < offset else { return }
        lseek(descriptor, 0, SEEK_SET)
        offset = 0
        partial.removeAll()
        restartNumbering()
        restartPending = true
    }

    /// A new file is looked at from its first byte and line.
    private func restartNumbering() {
        head.removeAll()
        linesEnded = 0
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
        restartNumbering()
        restartPending = true
        return true
    }

    /// The most one `read()` takes in one go, bytes.
    static let batchLimit = 64 << 20

    /// Whether a read of `descriptor` would return at once, waiting up to `milliseconds`
    /// for data (or its end) to arrive.
    private static func hasMore(_ descriptor: Int32, waitingMilliseconds milliseconds: Int32) -> Bool {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while true {
            let ready = poll(&poller, 1, milliseconds)
            if ready < 0, errno == EINTR { continue }
            // An error or a hang-up is for the read to tell.
            return ready != 0
        }
    }

    private static func identity(of descriptor: Int32) -> (device: UInt, inode: UInt) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return (0, 0) }
        return (UInt(info.st_dev), UInt(info.st_ino))
    }
}
