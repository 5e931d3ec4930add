/// Splits delimited text into lines and fields by byte offsets, without copying.
struct CSVScanner {
    /// One field's bytes, quotes already stripped.
    struct Field {
        var start: Int
        var end: Int
    }

    /// One line's fields and its 1-based line number in the file.
    struct Line {
        var number: Int
        var fields: [Field]

        var isBlank: Bool { fields.count == 1 && fields[0].start == fields[0].end }
    }

    let bytes: UnsafeRawBufferPointer
    private(set) var position: Int
    private(set) var lineNumber = 0

    init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
        let hasByteOrderMark = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        position = hasByteOrderMark ? 3 : 0
    }

    var hasMoreLines: Bool { position < bytes.count }

    /// The delimiter of the first line: whichever of tab, `;` and `,` occurs most outside
    /// quotes (a comma on ties, as in most files).
    func detectDelimiter() -> UInt8 {
        var counts: [UInt8: Int] = [0x09: 0, 0x3B: 0, 0x2C: 0]
        var inQuotes = false
        var i = position
        while i < bytes.count, inQuotes || (bytes[i] != 0x0A && bytes[i] != 0x0D) {
            let b = bytes[i]
            if b == 0x22 { inQuotes.toggle() } else if !inQuotes, counts[b] != nil { counts[b]! += 1 }
            i += 1
        }
        let best = [UInt8(0x2C), 0x3B, 0x09].max { counts[$0]! < counts[$1]! }!
        return counts[best]! > 0 ? best : 0x2C
    }

    /// About how many lines follow, from the mean length of the next 64 KB's lines, so
    /// that columns are allocated once at nearly their final size.
    /// - Complexity: O(1) (reads at most 64 KB).
    func estimatedRemainingLines() -> Int {
        let remaining = bytes.count - position
        let sampleEnd = min(bytes.count, position + 65_536)
        var lineEnds = 0
        for i in position..<sampleEnd where bytes[i] == 0x0A { lineEnds += 1 }
        guard lineEnds > 0 else { return 1 }
        let meanLength = Double(sampleEnd - position) / Double(lineEnds)
        return Int(Double(remaining) / meanLength * 1.02) + 16
    }

    /// Reads the next line's fields and moves past its line end (LF or CRLF).
    mutating func readFields(delimiter: UInt8) -> Line {
        lineNumber += 1
        var fields: [Field] = []
        fields.reserveCapacity(4)
        while true {
            var field: Field
            var afterSpaces = position
            while afterSpaces < bytes.count, bytes[afterSpaces] == 0x20 { afterSpaces += 1 }
            if afterSpaces < bytes.count, bytes[afterSpaces] == 0x22 {
                position = afterSpaces
                field = readQuoted()
            } else {
                let start = position
                while position < bytes.count {
                    let b = bytes[position]
                    if b == delimiter || b == 0x0A || b == 0x0D { break }
                    position += 1
                }
                field = Field(start: start, end: position)
            }
            fields.append(field)
            if position < bytes.count, bytes[position] == delimiter {
                position += 1
                continue
            }
            if position < bytes.count, bytes[position] == 0x0D { position += 1 }
            if position < bytes.count, bytes[position] == 0x0A { position += 1 }
            return Line(number: lineNumber, fields: fields)
        }
    }

    /// A quoted field; a doubled quote inside stands for one quote. Numbers never hold
    /// quotes, so the field is the text between the outer quotes and a name with doubled
    /// quotes keeps both (it is only shown, never parsed). Skips to the next delimiter.
    private mutating func readQuoted() -> Field {
        position += 1
        let start = position
        var end = bytes.count
        while position < bytes.count {
            if bytes[position] == 0x22 {
                if position + 1 < bytes.count, bytes[position + 1] == 0x22 {
                    position += 2
                    continue
                }
                end = position
                position += 1
                break
            }
            if bytes[position] == 0x0A { lineNumber += 1 }
            position += 1
        }
        while position < bytes.count, bytes[position] == 0x20 { position += 1 }
        return Field(start: start, end: end)
    }

    /// The field's bytes as text, for names and messages.
    func text(of field: Field) -> String {
        String(decoding: UnsafeRawBufferPointer(rebasing: bytes[field.start..<field.end]), as: UTF8.self)
    }

    /// The field quoted for an error message, shortened when long.
    func quoted(_ field: Field) -> String {
        let text = text(of: field)
        return text.count > 40 ? "\"\(text.prefix(40))…\"" : "\"\(text)\""
    }
}
