#if canImport(Glibc)
import Glibc
#endif

/// Reads what cannot be mapped, to its end, into memory with read(2): a pipe, a FIFO,
/// `<(cmd)`, standard input, a character device, or a file whose size reads as 0 but
/// that has content (`/proc`).
///
/// Three bounds keep a stream from taking the machine: a NUL byte in its first 64 KB
/// ends the read at once (binary data like `/dev/urandom` is no CSV or JSON;
/// `BinaryContent` says what it is; UTF-16 text, and gzip where `options.inflaters` has
/// it, read on, decoded once read); a line longer than
/// `LoadOptions.lineLimit` ends it with an error naming the line; and the buffer grows
/// only while the memory budget allows.
enum StreamReader {
    /// Reads `descriptor` to its end.
    /// - Parameters:
    ///   - source: the name in messages ("standard input", the path).
    ///   - path: the path given (`-` for standard input), for the command a message suggests.
    ///   - options: the memory budget the buffer is checked against as it grows, and
    ///     the longest line (`lineLimit`).
    /// - Throws: `DataLoadError.unreadable` (a closed or unreadable descriptor),
    ///   `.malformed` (a line over `lineLimit`), `.binary` (a NUL byte in the first 64 KB),
    ///   `.tooLarge` (out of memory budget).
    /// - Complexity: O(bytes read); each byte is copied once more per doubling.
    static func read(_ descriptor: Int32, source: String, path: String = "-", options: LoadOptions) throws -> [UInt8] {
        let lineLimit = options.lineLimit
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var count = 0
        var lineStart = 0
        while true {
            if count == buffer.count {
                let grown = buffer.count * 2
                // The old buffer lives until the copy is made: both count.
                try options.requireMemory(count + grown, for: "reading it into memory", file: source)
                // Not zero-filled: read(2) fills the new part before anything reads it.
                buffer = [UInt8](unsafeUninitializedCapacity: grown) { room, initialized in
                    _ = buffer.withUnsafeBufferPointer { memcpy(room.baseAddress!, $0.baseAddress!, count) }
                    initialized = grown
                }
            }
            let n = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + count, $0.count - count) }
            if n < 0 {
                let code = errno
                if code == EINTR { continue }
                if code == EAGAIN || code == EWOULDBLOCK {
                    // A non-blocking descriptor (inherited that way): wait for data.
                    var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                    _ = poll(&poller, 1, -1)
                    continue
                }
                throw DataLoadError.unreadable(path: source, reason: String(cString: strerror(code)))
            }
            if n == 0 { break }
            if count < BinaryContent.textCheckBytes,
               let binary = buffer.withUnsafeBytes({ BinaryContent.refusal(UnsafeRawBufferPointer(rebasing: $0[..<(count + n)]), options: options) }) {
                throw DataLoadError.binary(file: source, what: binary.explanation(path: path))
            }
            if let end = lastLineEnd(in: buffer, from: count, to: count + n) { lineStart = end + 1 }
            count += n
            if count - lineStart > lineLimit {
                throw DataLoadError.lineTooLong(file: source, line: lineEnds(in: buffer, before: lineStart) + 1,
                                                limit: lineLimit)
            }
        }
        buffer.removeSubrange(count...)
        return buffer
    }

    /// The offset of the last line end (LF, or CR as old Mac files end lines) in
    /// `buffer[start..<end]`.
    /// - Complexity: O(end − start).
    private static func lastLineEnd(in buffer: [UInt8], from start: Int, to end: Int) -> Int? {
        buffer.withUnsafeBufferPointer { bytes -> Int? in
            var k = end
            while k > start {
                k -= 1
                if bytes[k] == 0x0A || bytes[k] == 0x0D { return k }
            }
            return nil
        }
    }

    /// The line ends in `buffer[0..<end]`, the line number of `end` less one: LFs (so a
    /// CRLF counts once), or CRs in a file with no LF (old Mac line ends).
    /// - Complexity: O(end), with memchr.
    private static func lineEnds(in buffer: [UInt8], before end: Int) -> Int {
        let lineFeeds = count(0x0A, in: buffer, before: end)
        return lineFeeds > 0 ? lineFeeds : count(0x0D, in: buffer, before: end)
    }

    private static func count(_ byte: Int32, in buffer: [UInt8], before end: Int) -> Int {
        buffer.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return 0 }
            var found = 0
            var at = base
            while let hit = memchr(at, byte, at.distance(to: base + end)) {
                found += 1
                at = UnsafeRawPointer(hit) + 1
            }
            return found
        }
    }
}
