#if canImport(Glibc)
import Glibc
#endif

/// Following reads text line by line as it is appended, which compressed content and
/// UTF-16 are not (a gzip stream has no lines; a UTF-16 line end is two bytes, the
/// second after the `\n`). A file in either is refused before a window opens; standard
/// input in either is read to its end at once and shown, not followed (`FollowReader`).
extension FollowReader {
    /// What `head`, the first bytes of the input, is when it cannot be read line by line:
    /// "gzip-compressed" (or another inflater's format), "UTF-16 text"; `nil` for line
    /// text (UTF-8, with a byte order mark or not, and Latin-1).
    static func encoding(of head: [UInt8], options: LoadOptions) -> String? {
        head.withUnsafeBytes { bytes in
            if let inflater = options.inflaters.inflater(for: bytes) { return "\(inflater.format)-compressed" }
            if BinaryContent.identify(bytes) == .gzip { return "gzip-compressed" }
            if UTF16Text.byteOrder(of: bytes) != nil { return "UTF-16 text" }
            return nil
        }
    }

    /// Whether `head` says enough for `encoding(of:)`: the marks take two bytes, and
    /// UTF-16 without one shows by a NUL beside each of its first 16 bytes' characters,
    /// which text never has.
    static func encodingIsKnown(from head: [UInt8]) -> Bool {
        head.count >= 16 || (head.count >= 2 && head[0] != 0 && head[1] != 0)
    }

    /// Why `source` is not followed.
    static func refusal(source: String, encoding: String) -> DataLoadError {
        .usage(file: source, message: "--follow reads text appended line by line, and this is \(encoding): "
               + "open it without --follow to read it whole")
    }

    /// Refuses `--follow` on the file at `path` when it is compressed or UTF-16; nothing
    /// for standard input (read to its end instead), a named pipe or device (read as they
    /// come), or a file that cannot be read (the load says why).
    /// - Throws: `DataLoadError.usage` naming the file and what it is.
    public static func requireLineText(path: String, options: LoadOptions) throws {
        guard path != "-" else { return }
        // Without waiting for a writer: a named pipe is only looked at, never read, since
        // what this read took would be gone for the follow (its header first).
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return }
        var head = [UInt8](repeating: 0, count: 64)
        let n = head.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress!, $0.count) }
        guard n > 0, let what = encoding(of: Array(head[..<n]), options: options) else { return }
        throw refusal(source: path, encoding: what)
    }
}
