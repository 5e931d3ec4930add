#if canImport(Glibc)
import Glibc
#endif

/// Splits delimited text into fields by byte offsets, one field at a time and without
/// copying or allocating per line.
struct CSVScanner {
    /// One field's bytes, quotes already stripped.
    struct Field {
        var start: Int
        var end: Int
    }

    let bytes: UnsafeRawBufferPointer
    let delimiter: UInt8
    private(set) var position: Int
    /// The 1-based line number where the row of the last field read begins.
    private(set) var lineNumber = 0
    /// Whether the last field read ended its line.
    private(set) var atLineEnd = true
    /// Line ends passed so far, those inside quoted fields included.
    private(set) var lineEndsPassed = 0
    /// The line where a quote opened that no quote closes before the end of the bytes.
    private(set) var unclosedQuoteLine: Int?

    /// Whether numbers may have a decimal comma (`1,5`): in `;`- and tab-separated
    /// files, as European spreadsheets write them; a comma cannot be one in a
    /// comma-separated file.
    var allowsDecimalComma: Bool { delimiter != 0x2C }

    /// A scanner over a whole file, its delimiter sniffed from the first line unless that
    /// line runs past `lineLimit` bytes: such a line is refused (`readLine`), and telling
    /// so with memchr first spares walking up to `lineLimit` bytes one by one.
    init(bytes: UnsafeRawBufferPointer, lineLimit: Int) {
        self.bytes = bytes
        let hasByteOrderMark = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        let start = hasByteOrderMark ? 3 : 0
        position = start
        delimiter = Self.lineEnds(in: bytes, from: start, within: lineLimit)
            ? Self.detectDelimiter(bytes, from: start, lineLimit: lineLimit) : 0x2C
    }

    /// A scanner over one stretch of a file that starts at a line's start, with the
    /// delimiter found at the file's start; its line numbers count from the stretch.
    init(bytes: UnsafeRawBufferPointer, delimiter: UInt8) {
        self.bytes = bytes
        self.delimiter = delimiter
        position = 0
    }

    var hasMoreLines: Bool { position < bytes.count }

    /// The delimiter of the first line: whichever of tab, `;` and `,` occurs most outside
    /// quotes (a comma on ties, as in most files), except that commas between two digits
    /// next to tabs or semicolons are decimal commas (`1;2,5`), not delimiters.
    private static func detectDelimiter(_ bytes: UnsafeRawBufferPointer, from start: Int, lineLimit: Int) -> UInt8 {
        var comma = 0, semicolon = 0, tab = 0, commaBetweenDigits = 0
        var inQuotes = false
        var i = start
        // A longer first line (quoted line ends and all) is refused: no need to read on.
        let end = min(bytes.count, start + lineLimit + 2)
        func isDigit(_ k: Int) -> Bool { k >= 0 && k < bytes.count && bytes[k] &- 0x30 < 10 }
        while i < end, inQuotes || (bytes[i] != 0x0A && bytes[i] != 0x0D) {
            switch bytes[i] {
            case 0x22: inQuotes.toggle()
            case 0x2C where !inQuotes:
                comma += 1
                if isDigit(i - 1) && isDigit(i + 1) { commaBetweenDigits += 1 }
            case 0x3B where !inQuotes: semicolon += 1
            case 0x09 where !inQuotes: tab += 1
            default: break
            }
            i += 1
        }
        let commasAreDecimal = comma > 0 && comma == commaBetweenDigits
        if tab > 0 && (tab > comma || commasAreDecimal) && tab >= semicolon { return 0x09 }
        if semicolon > 0 && (semicolon > comma || commasAreDecimal) { return 0x3B }
        return 0x2C
    }

    /// Reads the next field and moves past its delimiter, or past the line end (LF or
    /// CRLF) when it is the line's last field (`atLineEnd` tells which).
    /// - Complexity: O(field length).
    @inline(__always)
    mutating func nextField() -> Field {
        beginField()
        var afterSpaces = position
        while afterSpaces < bytes.count, bytes[afterSpaces] == 0x20 { afterSpaces += 1 }
        if afterSpaces < bytes.count, bytes[afterSpaces] == 0x22 {
            position = afterSpaces
            let field = readQuoted()
            finishField(at: position)
            return field
        }
        let start = position
        var i = position
        while !isFieldEnd(i) { i += 1 }
        finishField(at: i)
        return Field(start: start, end: i)
    }

    /// Notes the line a field starts on; call before reading a field by hand.
    @inline(__always)
    mutating func beginField() {
        if atLineEnd { lineNumber = lineEndsPassed + 1 }
    }

    /// Whether a field ends at `i`: a delimiter, a line end or the end of the input.
    @inline(__always)
    func isFieldEnd(_ i: Int) -> Bool {
        guard i < bytes.count else { return true }
        let b = bytes[i]
        return b == delimiter || b == 0x0A || b == 0x0D
    }

    /// Moves past the delimiter or line end at `end`, where a field read by hand stopped.
    @inline(__always)
    mutating func finishField(at end: Int) {
        position = end
        if position < bytes.count, bytes[position] == delimiter {
            position += 1
            atLineEnd = false
        } else {
            if position < bytes.count, bytes[position] == 0x0D { position += 1 }
            if position < bytes.count, bytes[position] == 0x0A { position += 1 }
            lineEndsPassed += 1
            atLineEnd = true
        }
    }

    /// A line's number and fields.
    typealias Line = (number: Int, fields: [Field])

    /// Why `readLine(maxBytes:maxFields:)` stopped before a line's end.
    enum Overflow: Equatable {
        /// The line runs past `maxBytes` bytes.
        case bytes
        /// The line has more than `maxFields` fields.
        case fields
    }

    /// Reads every field of the next line, unless it is longer than `maxBytes` bytes or
    /// has more than `maxFields` fields: then it stops there and says which (the fields
    /// are only those read). A line without an end within `maxBytes` is told with
    /// memchr before any field is split, so its memory is never taken.
    /// - Complexity: O(min(line length, `maxBytes`)).
    mutating func readLine(maxBytes: Int, maxFields: Int) -> (line: Line, overflow: Overflow?) {
        let start = position
        if !lineEnds(within: maxBytes) {
            beginField()
            return ((lineEndsPassed + 1, []), .bytes)
        }
        var fields: [Field] = []
        let first = nextField()
        let number = lineNumber
        fields.append(first)
        while !atLineEnd {
            // Quoted line ends can make a line longer than its first physical line;
            // two bytes more allow for a CRLF.
            if position - start > maxBytes + 2 { return ((number, fields), .bytes) }
            if fields.count == maxFields { return ((number, fields), .fields) }
            fields.append(nextField())
        }
        return ((number, fields), position - start > maxBytes + 2 ? .bytes : nil)
    }

    /// Whether a line end (LF or CR) comes within `maxBytes` bytes of the position, or
    /// the bytes end first.
    /// - Complexity: O(`maxBytes`) with memchr.
    private func lineEnds(within maxBytes: Int) -> Bool {
        Self.lineEnds(in: bytes, from: position, within: maxBytes)
    }

    private static func lineEnds(in bytes: UnsafeRawBufferPointer, from start: Int, within maxBytes: Int) -> Bool {
        let window = maxBytes + 1
        guard bytes.count - start > window, let base = bytes.baseAddress else { return true }
        return memchr(base + start, 0x0A, window) != nil || memchr(base + start, 0x0D, window) != nil
    }

    /// A quoted field; a doubled quote inside stands for one quote. Numbers never hold
    /// quotes, so the field is the text between the outer quotes, doubled quotes and
    /// all; a header's name is unescaped where it is read (`unquotedText(of:)`). Skips
    /// to the next delimiter.
    private mutating func readQuoted() -> Field {
        let openedOn = lineEndsPassed + 1
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
            if bytes[position] == 0x0A { lineEndsPassed += 1 }
            position += 1
        }
        if end == bytes.count { unclosedQuoteLine = openedOn }
        while position < bytes.count, bytes[position] == 0x20 { position += 1 }
        return Field(start: start, end: end)
    }

    /// Whether a field holds nothing but spaces.
    func isBlank(_ field: Field) -> Bool {
        var i = field.start
        while i < field.end {
            if bytes[i] != 0x20 && bytes[i] != 0x09 { return false }
            i += 1
        }
        return true
    }

    /// Whether a field's first character (after spaces) is one a number starts with:
    /// a digit, a sign or a point.
    func startsLikeNumber(_ field: Field) -> Bool {
        guard let first = (field.start..<field.end).first(where: { bytes[$0] != 0x20 && bytes[$0] != 0x09 }) else {
            return false
        }
        let byte = bytes[first]
        return byte &- 0x30 < 10 || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
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

    /// The field's bytes as text, for names and messages (Windows-1252 when not UTF-8:
    /// `String(nameBytes:)`).
    func text(of field: Field) -> String {
        String(nameBytes: UnsafeRawBufferPointer(rebasing: bytes[field.start..<field.end]))
    }

    /// The field's text with a quoted field's doubled quotes read as one (`"c""d"` is
    /// `c"d`), as a header's names are read.
    func unquotedText(of field: Field) -> String {
        // A quoted field starts just after its opening quote.
        guard field.start > 0, bytes[field.start - 1] == 0x22 else { return text(of: field) }
        var unescaped: [UInt8] = []
        var k = field.start
        while k < field.end {
            unescaped.append(bytes[k])
            k += bytes[k] == 0x22 && k + 1 < field.end && bytes[k + 1] == 0x22 ? 2 : 1
        }
        return String(nameBytes: unescaped)
    }

    /// The field quoted for an error message: escaped, and cut with "…" when long.
    /// - Complexity: O(1): at most a few hundred bytes are looked at, however long the field.
    func quoted(_ field: Field) -> String {
        let limit = DisplayText.quoteLimit
        // Four bytes a character at most; one more character than shown tells a cut.
        let end = min(field.end, field.start + 4 * (limit + 1))
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[field.start..<end]), as: UTF8.self)
        return DisplayText.quoted(text, limit: limit)
    }
}

/// Checked by hand: `bytes` is a view the scanner only reads (a mapped file or a read
/// buffer, left unchanged while any scanner over it lives) and every other stored
/// property is a plain value, so the stretch readers may each take a copy.
extension CSVScanner: @unchecked Sendable {}
