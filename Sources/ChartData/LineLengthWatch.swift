/// Watches text that is produced a chunk at a time (inflated from gzip) for a line longer
/// than `LoadOptions.lineLimit`, so that producing it stops there: the loader would refuse
/// that line anyway, and a gzip bomb of one 2 GB line would otherwise be inflated whole
/// first. Line ends are what `StreamReader` takes them to be: LF, or CR as old Mac files
/// end lines; the refusal is the loader's, naming the file and the line.
public struct LineLengthWatch {
    /// The longest line allowed, in bytes.
    public let limit: Int
    private let source: String
    /// Where the line being produced starts: one past the last line end seen.
    private var lineStart = 0

    /// - Parameters:
    ///   - source: the file, as the refusal names it.
    ///   - limit: the longest line, in bytes (`LoadOptions.lineLimit`).
    public init(source: String, limit: Int) {
        self.source = source
        self.limit = limit
    }

    /// Looks at what `content` gained since the last call, from `newFrom` to its end.
    /// - Throws: `DataLoadError.lineTooLong` naming the line, when the last line has more
    ///   than `limit` bytes with no line end.
    /// - Complexity: O(the new bytes after their last line end); the refusal counts the
    ///   line ends before the long line once, O(content).
    public mutating func check(_ content: UnsafeRawBufferPointer, newFrom: Int) throws {
        var k = content.count
        while k > newFrom {
            k -= 1
            if content[k] == 0x0A || content[k] == 0x0D {
                lineStart = k + 1
                break
            }
        }
        guard content.count - lineStart > limit else { return }
        throw DataLoadError.lineTooLong(file: source, line: Self.lineEnds(in: content, before: lineStart) + 1, limit: limit)
    }

    /// The line ends in `content[0..<end]`: LFs (a CRLF counts once), or CRs where there
    /// is no LF.
    private static func lineEnds(in content: UnsafeRawBufferPointer, before end: Int) -> Int {
        var lineFeeds = 0
        var carriageReturns = 0
        for byte in content[..<end] {
            if byte == 0x0A { lineFeeds += 1 } else if byte == 0x0D { carriageReturns += 1 }
        }
        return lineFeeds > 0 ? lineFeeds : carriageReturns
    }
}
