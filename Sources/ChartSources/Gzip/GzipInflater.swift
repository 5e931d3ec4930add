import CZlib
import ChartData

/// gzip, inflated with zlib, so that a `.csv.gz` export (or any content that starts with
/// gzip's magic bytes `1f 8b`, standard input included) is read as the file it holds.
///
/// The compressed bytes (a mapped file, or what a stream brought) are fed to zlib a
/// chunk at a time into a `GrowingBuffer`, whose every growth is checked against the
/// memory budget: a gzip bomb is refused naming the file and the size it reached, and one
/// of a single long line is refused as the loader would (the line named) as soon as the
/// line passes `LoadOptions.lineLimit`, not after it is inflated whole. A file
/// of several members (`cat a.gz b.gz > ab.gz`) is read whole; zeros after the last
/// member (padding, as tape tools write it) are ignored.
public struct GzipInflater: ContentInflater {
    /// The compressed bytes handed to zlib at a time, between progress reports.
    static let chunkBytes = 1 << 20
    /// The most output zlib writes at a time, so that a line too long is seen soon after
    /// it passes the limit (a megabyte of deflate data can inflate to a gigabyte).
    static let outputChunkBytes = 4 << 20
    /// The most a byte of deflate data inflates to (a run of one byte, 258 bytes in two
    /// bits, and a little more for the block headers), which bounds the trailer's hint.
    static let largestRatio = 1_032
    /// The least the output starts with.
    static let smallestStart = 1 << 16

    public init() {}

    public var format: String { "gzip" }

    public var suffix: String { ".gz" }

    public func recognises(_ start: UnsafeRawBufferPointer) -> Bool {
        start.count >= 2 && start[0] == 0x1F && start[1] == 0x8B
    }

    /// - Throws: `DataLoadError.binary` for data zlib refuses (its reason named),
    ///   data that stops before its member ends, or bytes after the last member that are
    ///   neither gzip nor zeros; `.tooLarge` for content past the memory budget;
    ///   `.malformed` (`lineTooLong`) for a line longer than `options.lineLimit`.
    /// - Complexity: O(compressed + inflated bytes).
    public func inflate(_ bytes: UnsafeRawBufferPointer, source: String, options: LoadOptions,
                        tracker: ReadTracker?) throws -> GrowingBuffer {
        let output = try startingBuffer(for: bytes, source: source, options: options)
        let stream = try InflateStream.gzip(source: source)
        var consumed = 0
        var reported = 0
        var lines = LineLengthWatch(source: source, limit: options.lineLimit)
        while true {
            let input = UnsafeRawBufferPointer(rebasing: bytes[consumed..<min(bytes.count, consumed + Self.chunkBytes)])
            let free = try output.freeSpace(atLeast: 1)
            let room = UnsafeMutableRawBufferPointer(rebasing: free[..<min(free.count, Self.outputChunkBytes)])
            let (status, read, written) = stream.inflate(from: input, into: room)
            let before = output.count
            output.commit(written)
            try output.withUnsafeBytes { try lines.check($0, newFrom: before) }
            consumed += read
            if consumed > reported {
                tracker?.finished(reported..<consumed)
                reported = consumed
            }
            switch status {
            case Z_OK:
                continue
            case Z_BUF_ERROR where consumed == bytes.count:
                throw DataLoadError.binary(file: source, what: "a gzip file cut short: its data stops after \(consumed) bytes, "
                                           + "before its end (zlib: unexpected end of file)")
            case Z_STREAM_END:
                let rest = UnsafeRawBufferPointer(rebasing: bytes[consumed...])
                if rest.allSatisfy({ $0 == 0 }) {
                    tracker?.finished(reported..<bytes.count)
                    return output
                }
                guard recognises(rest) else {
                    throw DataLoadError.binary(file: source, what: "a gzip file followed by \(rest.count) bytes "
                                               + "that are not gzip data (from byte \(consumed))")
                }
                stream.reset()
            case Z_MEM_ERROR:
                throw DataLoadError.unreadable(path: source, reason: "zlib ran out of memory inflating it")
            default:
                // Z_BUF_ERROR with input left and room for output (zlib makes progress when
                // it can) is as broken as Z_DATA_ERROR, and ends the loop alike.
                throw DataLoadError.binary(file: source, what: "a gzip file whose data is corrupt (zlib: \(stream.reason(for: status)), "
                                           + "\(consumed) bytes in)")
            }
        }
    }

    /// The output, sized from the last member's trailer (its length modulo 2^32, bounded
    /// by what deflate can reach) when that fits the budget, so that a single-member file
    /// is inflated without growing; else small, to grow as the content comes.
    private func startingBuffer(for bytes: UnsafeRawBufferPointer, source: String,
                                options: LoadOptions) throws -> GrowingBuffer {
        let work = "decompressing it"
        guard bytes.count >= 18 else {
            return try GrowingBuffer(capacity: Self.smallestStart, work: work, source: source, options: options)
        }
        let trailer = (0..<4).reduce(0) { $0 | Int(bytes[bytes.count - 4 + $1]) << (8 * $1) }
        let hint = max(Self.smallestStart, min(trailer, bytes.count * Self.largestRatio))
        if let sized = try? GrowingBuffer(capacity: hint, work: work, source: source, options: options) { return sized }
        return try GrowingBuffer(capacity: Self.smallestStart, work: work, source: source, options: options)
    }
}
