import CZlib
import ChartData

/// One zlib inflate stream for gzip data, owned for its life: zlib keeps a pointer back
/// to its `z_stream` and refuses one that moved, so the stream is allocated here, never
/// held as a Swift value.
final class InflateStream {
    let stream: UnsafeMutablePointer<z_stream>

    private init(stream: UnsafeMutablePointer<z_stream>) {
        self.stream = stream
    }

    deinit {
        inflateEnd(stream)
        stream.deallocate()
    }

    /// A stream ready to inflate gzip data (its header and trailer checked).
    /// - Throws: `DataLoadError.unreadable` naming `source` when zlib cannot start.
    static func gzip(source: String) throws -> InflateStream {
        let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        let status = sightline_inflate_init_gzip(stream)
        guard status == Z_OK else {
            let reason = Self.reason(stream, status: status)
            stream.deallocate()
            throw DataLoadError.unreadable(path: source, reason: "zlib could not start inflating: \(reason)")
        }
        return InflateStream(stream: stream)
    }

    /// Inflates from `input` into `output` until either runs out or the gzip member ends.
    /// - Returns: zlib's status (`Z_OK`, `Z_STREAM_END`, `Z_BUF_ERROR` when neither input
    ///   nor output let it go on, or an error) and the bytes of each it used.
    func inflate(from input: UnsafeRawBufferPointer,
                 into output: UnsafeMutableRawBufferPointer) -> (status: Int32, read: Int, written: Int) {
        let inputCount = UInt32(clamping: input.count)
        let outputCount = UInt32(clamping: output.count)
        stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress?.assumingMemoryBound(to: Bytef.self))
        stream.pointee.avail_in = inputCount
        stream.pointee.next_out = output.baseAddress?.assumingMemoryBound(to: Bytef.self)
        stream.pointee.avail_out = outputCount
        let status = CZlib.inflate(stream, Z_NO_FLUSH)
        let read = Int(inputCount - stream.pointee.avail_in)
        let written = Int(outputCount - stream.pointee.avail_out)
        stream.pointee.next_in = nil
        stream.pointee.next_out = nil
        return (status, read, written)
    }

    /// Starts the next member of a file of several (`cat a.gz b.gz`), keeping the memory.
    func reset() {
        inflateReset(stream)
    }

    /// zlib's words for the last error, else those for `status`.
    func reason(for status: Int32) -> String { Self.reason(stream, status: status) }

    private static func reason(_ stream: UnsafeMutablePointer<z_stream>, status: Int32) -> String {
        if let message = stream.pointee.msg { return String(cString: message) }
        return String(cString: zError(status))
    }
}
