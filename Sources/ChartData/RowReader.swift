import Foundation

/// `CSVLoader`'s per-row loop: reads the rows of a file, or of one stretch of it, into
/// columns, once the loader has found the columns and their kinds.
struct RowReader {
    /// The rows' bytes: the whole file, or the stretch of it this reader reads.
    private(set) var bytes: UnsafeRawBufferPointer
    /// Where `bytes` starts in the file.
    private(set) var offset: Int
    let source: String
    let names: [String]
    let xIndex: Int
    let xFormat: XFormat
    /// Whether the x column's first date carried a zone (`Z`, `+01:00`).
    var xCarriesZone = false
    /// The first x date that carries a zone where the first did not, or none where it
    /// did: its line and its text, quoted for a message.
    var firstZoneMismatch: (line: Int, text: String)?
    /// Whether numbers may have a decimal comma (a `;`- or tab-separated file).
    let decimalComma: Bool
    /// For each column, the series it feeds, or −1.
    let seriesOfColumn: [Int]
    /// The longest row, in bytes (`LoadOptions.lineLimit`).
    let lineLimit: Int
    private(set) var xs = XValuesBuilder()
    private(set) var ys: [[Double]]
    /// Cells read as gaps because they held a word for "no value" (`null`, `NA`…).
    private(set) var missingWords = 0
    /// The first such cell: its line and its text, quoted for a message.
    private(set) var firstMissingWord: (line: Int, text: String)?
    /// Columns whose numbers were found grouped by thousands (`1,234.5`), and how.
    private(set) var grouped: [Int: GroupedColumn] = [:]
    /// Columns read with a grouping known from a first read: their cells follow it.
    private(set) var styled: [Int: GroupedColumn] = [:]
    /// Per column, whether a cell may take the fast path (a number column not `styled`).
    /// A column whose cells settled its decimal mark reads only that one there, a column
    /// whose mark is assumed only integers (a cell with a mark takes the general way,
    /// which notes it).
    private var fastColumns: [FastRead]

    /// What the fast path reads in a column: one byte per column, looked up once a cell;
    /// bit 0 says a point marks decimals, bit 1 a comma.
    enum FastRead: UInt8 {
        /// Nothing: every cell takes the general way.
        case none = 0
        /// Numbers with a decimal point.
        case point = 1
        /// Numbers with a decimal comma.
        case comma = 2
        /// Numbers with a decimal point or comma (a `;` file's column read unstyled).
        case pointOrComma = 3
        /// Integers only.
        case integers = 4
    }
    /// Columns read with an assumed decimal mark, each with the first cell that settled
    /// the other mark: the column is read again with that one.
    private(set) var contrary: [Int: DecimalMark.Settled] = [:]
    /// Columns read with an assumed decimal mark, each with the first cell that settled
    /// that same mark.
    private(set) var settledAsAssumed: [Int: DecimalMark.Settled] = [:]
    /// Columns read with an assumed decimal mark, each with the first cell with a mark
    /// that read either way, and the value it was read as.
    private(set) var assumedReads: [Int: (line: Int, text: String, value: Double)] = [:]

    /// How a column groups its numbers, where that was first seen, and the first cell
    /// written otherwise (a `conflict`: the column's grouping is then not accepted).
    struct GroupedColumn {
        var style: NumberStyle
        var line: Int
        var text: String
        var conflict: (line: Int, text: String)?
        /// Why the column's decimal mark is what its style says, where none of its cells
        /// showed it (in a `;`- or tab-separated file, where a comma may mark decimals).
        var assumed: Assumption?
        /// Whether the first rows held grouped cells (`1.234,5`): the fast path, which
        /// reads no grouping, is then not tried first.
        var groupedInFirstRows = false
    }

    /// Where a column's decimal mark came from when its own cells leave it open.
    enum Assumption {
        /// The mark the file's other columns settled.
        case otherColumns
        /// Nothing in the file settles it: the European reading of a `;` or tab file.
        case fileType
    }

    /// - Parameter yIndices: the columns read as series, each once, the x column not among them.
    init(bytes: UnsafeRawBufferPointer, source: String, names: [String], xIndex: Int, xFormat: XFormat,
         decimalComma: Bool, yIndices: [Int], lineLimit: Int, estimatedRows: Int) {
        var seriesOfColumn = [Int](repeating: -1, count: names.count)
        for (series, column) in yIndices.enumerated() { seriesOfColumn[column] = series }
        self.bytes = bytes
        offset = 0
        self.source = source
        self.names = names
        self.xIndex = xIndex
        self.xFormat = xFormat
        self.decimalComma = decimalComma
        self.seriesOfColumn = seriesOfColumn
        self.lineLimit = lineLimit
        ys = [[Double]](repeating: [], count: yIndices.count)
        fastColumns = seriesOfColumn.indices.map {
            seriesOfColumn[$0] >= 0 || ($0 == xIndex && xFormat == .number) ? (decimalComma ? .pointOrComma : .point) : .none
        }
        reserve(rows: estimatedRows)
    }

    /// A reader of the same columns over `stretch`, which starts `offset` bytes into
    /// the file, holding no rows yet.
    func emptied(over stretch: UnsafeRawBufferPointer, offset: Int) -> RowReader {
        var reader = self
        reader.bytes = stretch
        reader.offset = offset
        reader.xs = XValuesBuilder()
        reader.ys = [[Double]](repeating: [], count: ys.count)
        reader.missingWords = 0
        reader.firstMissingWord = nil
        reader.firstZoneMismatch = nil
        reader.grouped = [:]
        reader.contrary = [:]
        reader.settledAsAssumed = [:]
        reader.assumedReads = [:]
        return reader
    }

    /// A reader for reading the rows again with the grouping `columns` showed, holding
    /// no rows yet.
    func styled(by columns: [Int: GroupedColumn]) -> RowReader {
        var reader = emptied(over: bytes, offset: offset)
        reader.styled = columns
        for (column, known) in columns {
            if decimalComma, !known.groupedInFirstRows {
                let mark = known.assumed == nil ? known.style.decimal?.mark : nil
                reader.fastColumns[column] = mark == DecimalMark.point ? .point : mark == DecimalMark.comma ? .comma : .integers
            } else {
                reader.fastColumns[column] = .none
            }
        }
        return reader
    }

    /// Room for `rows` more rows, so columns are allocated once at nearly their size.
    mutating func reserve(rows: Int) {
        xs.reserveCapacity(xs.count + rows)
        for s in ys.indices { ys[s].reserveCapacity(ys[s].count + rows) }
    }

    /// Appends the rows `other` read (the stretch after this reader's, which starts
    /// `linesBefore` lines into the file).
    mutating func append(contentsOf other: RowReader, linesBefore: Int) {
        for (column, theirs) in other.grouped.sorted(by: { $0.key < $1.key }) {
            note(theirs.style, column: column, line: theirs.line + linesBefore, text: theirs.text)
            if let conflict = theirs.conflict, grouped[column]?.conflict == nil {
                grouped[column]?.conflict = (conflict.line + linesBefore, conflict.text)
            }
        }
        xs.append(contentsOf: other.xs.build())
        for s in ys.indices { ys[s].append(contentsOf: other.ys[s]) }
        if firstMissingWord == nil, let first = other.firstMissingWord {
            firstMissingWord = (first.line + linesBefore, first.text)
        }
        missingWords += other.missingWords
        if firstZoneMismatch == nil, let first = other.firstZoneMismatch {
            firstZoneMismatch = (first.line + linesBefore, first.text)
        }
        for (column, theirs) in other.contrary where contrary[column] == nil {
            contrary[column] = DecimalMark.Settled(mark: theirs.mark, line: theirs.line + linesBefore, text: theirs.text)
        }
        for (column, theirs) in other.settledAsAssumed where settledAsAssumed[column] == nil {
            settledAsAssumed[column] = DecimalMark.Settled(mark: theirs.mark, line: theirs.line + linesBefore,
                                                           text: theirs.text)
        }
        for (column, theirs) in other.assumedReads where assumedReads[column] == nil {
            assumedReads[column] = (theirs.line + linesBefore, theirs.text, theirs.value)
        }
    }

    /// Reads rows until the scanner reaches `end` (its bytes' end by default), telling
    /// `tracker` about each 4 MB done.
    mutating func readRows(_ scanner: inout CSVScanner, tracker: ReadTracker?, until end: Int? = nil) throws {
        let end = end ?? scanner.bytes.count
        let start = scanner.position
        var reported = start
        while scanner.position < end {
            try readRow(&scanner)
            if scanner.position - reported >= 4 << 20 {
                tracker?.finished((offset + reported)..<(offset + scanner.position))
                reported = scanner.position
            }
        }
        tracker?.finished((offset + reported)..<(offset + end))
    }

    /// Reads one line from the scanner; a blank line is skipped. A line longer than
    /// `lineLimit` is an error, found before a long cell is copied to be parsed.
    mutating func readRow(_ scanner: inout CSVScanner) throws {
        let columnCount = names.count
        let rowStart = scanner.position
        var column = 0
        while true {
            // Fast path: a plain number is parsed in the same pass that finds the field's
            // end; anything else (quotes, spaces, dates, gaps, errors) takes the general way.
            scanner.beginField()
            if column < columnCount, case let fast = fastColumns[column], fast != .none,
               let pointer = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self),
               let (parsed, stop) = DecimalParser.parsePrefix(pointer, from: scanner.position, limit: bytes.count,
                                                              decimalComma: fast.rawValue & 2 != 0,
                                                              point: fast.rawValue & 1 != 0),
               let value = parsed, scanner.isFieldEnd(stop) {
                scanner.finishField(at: stop)
                if column == xIndex { xs.append(value) } else { ys[seriesOfColumn[column]].append(value) }
            } else {
                let field = scanner.nextField()
                if let opened = scanner.unclosedQuoteLine {
                    throw DataLoadError.malformed(file: source, line: opened, column: column + 1,
                                                  expected: "a closing quote for the field opened on line \(opened)",
                                                  found: "the end of the file")
                }
                if column == 0 && scanner.atLineEnd && scanner.isBlank(field) { return }
                try requireWithinLineLimit(from: rowStart, scanner)
                if column < columnCount {
                    try store(field, column: column, line: scanner.lineNumber, scanner: scanner)
                }
            }
            column += 1
            if scanner.atLineEnd { break }
        }
        try requireWithinLineLimit(from: rowStart, scanner)
        // A short or long row ends the load, so its half-stored values need no undoing.
        if column != columnCount {
            throw DataLoadError.malformed(file: source, line: scanner.lineNumber, column: min(column, columnCount) + 1,
                                          expected: "\(columnCount) fields like the first line", found: "\(column)")
        }
    }

    /// Throws unless the row that began at `rowStart` is within `lineLimit` so far; two
    /// bytes more allow for a CRLF.
    @inline(__always)
    private func requireWithinLineLimit(from rowStart: Int, _ scanner: CSVScanner) throws {
        if scanner.position - rowStart > lineLimit + 2 {
            throw DataLoadError.lineTooLong(file: source, line: scanner.lineNumber, limit: lineLimit)
        }
    }

    /// Stores an already split line (the first data line, read while sniffing).
    mutating func append(_ fields: [CSVScanner.Field], line: Int, scanner: CSVScanner) throws {
        for (column, field) in fields.enumerated() {
            try store(field, column: column, line: line, scanner: scanner)
        }
    }

    @inline(__always)
    private mutating func store(_ field: CSVScanner.Field, column: Int, line: Int, scanner: CSVScanner) throws {
        let series = seriesOfColumn[column]
        if column == xIndex {
            xs.append(try parseX(field, line: line, scanner: scanner))
        } else if series >= 0 {
            ys[series].append(try parseY(field, column: column, line: line, scanner: scanner))
        }
    }

    private mutating func parseX(_ field: CSVScanner.Field, line: Int, scanner: CSVScanner) throws -> Double {
        switch xFormat {
        case .number:
            switch try number(field, column: xIndex, line: line, scanner: scanner) {
            case let .number(value) where value.isFinite:
                return value
            case .outOfRange:
                throw outOfRange(field, column: xIndex, line: line, scanner: scanner)
            case .missingWord:
                throw Self.rowWithoutX(file: source, line: line, column: xIndex, names: names, found: scanner.quoted(field))
            default:
                throw malformed(field, column: xIndex, line: line, expected: "a finite number", scanner: scanner)
            }
        case .date:
            if let seconds = DateParser.parse(bytes, from: field.start, to: field.end) {
                if DateParser.hasZone(bytes, from: field.start, to: field.end) != xCarriesZone { noteZoneMismatch(field, line: line, scanner: scanner) }
                return seconds
            }
            if DecimalParser.parse(bytes, from: field.start, to: field.end) == .missingWord {
                throw Self.rowWithoutX(file: source, line: line, column: xIndex, names: names, found: scanner.quoted(field))
            }
            if let error = missingDay(field, in: .iso, line: line, scanner: scanner) { throw error }
            throw malformed(field, column: xIndex, line: line,
                            expected: "a date like the first row's (YYYY-MM-DD[THH:MM[:SS]])", scanner: scanner)
        case let .pattern(column):
            return try x(field, writtenAs: column, line: line, scanner: scanner)
        }
    }

    /// A word for "no value" in the x column: the row cannot be placed, so it is an
    /// error, where in a y column it would be a gap.
    static func rowWithoutX(file: String, line: Int, column: Int, names: [String], found: String) -> DataLoadError {
        .malformed(file: file, line: line, column: column + 1,
                   expected: "an x value in x column \(DisplayText.quotedName(names[column])) (a row without x cannot be "
                       + "placed; only its other cells may be gaps)",
                   found: found)
    }

    private mutating func parseY(_ field: CSVScanner.Field, column: Int, line: Int, scanner: CSVScanner) throws -> Double {
        switch try number(field, column: column, line: line, scanner: scanner) {
        case let .number(value) where value.isFinite:
            return value
        case .missing:
            return .nan
        case .missingWord:
            if firstMissingWord == nil { firstMissingWord = (line, scanner.quoted(field)) }
            missingWords += 1
            return .nan
        case .outOfRange:
            throw outOfRange(field, column: column, line: line, scanner: scanner)
        case .number:
            throw malformed(field, column: column, line: line, expected: "a finite number (leave the cell empty for a gap)",
                            scanner: scanner)
        case .invalid:
            throw malformed(field, column: column, line: line, expected: "a number", scanner: scanner)
        }
    }

    /// A cell of a number column: a plain number, or one grouped by thousands where the
    /// plain read fails (the column's grouping noted), or as the column's known grouping
    /// says (`styled`).
    private mutating func number(_ field: CSVScanner.Field, column: Int, line: Int,
                                 scanner: CSVScanner) throws -> DecimalParser.Result {
        if let known = styled[column] {
            if decimalComma {
                return try number(field, column: column, line: line, marked: known, scanner: scanner)
            }
            return try number(field, column: column, line: line, as: known, scanner: scanner)
        }
        let plain = DecimalParser.parse(bytes, from: field.start, to: field.end, decimalComma: decimalComma)
        // In a comma-separated file a comma is never a decimal mark, grouped or not.
        guard plain == .invalid, let (value, style) = GroupedNumber.parse(bytes, from: field.start, to: field.end),
              decimalComma || style.decimal != .comma else {
            return plain
        }
        note(style, column: column, line: line, text: scanner.quoted(field))
        return .number(value)
    }

    /// A cell of a column whose grouping is known (guessed from the first rows): a
    /// grouped number written so (its style noted, to tell whether the guess held),
    /// else a plain number whose mark is the column's decimal mark; a plain number
    /// with another mark (`1,5` where `,` groups thousands), or one grouped otherwise,
    /// is an error.
    private mutating func number(_ field: CSVScanner.Field, column: Int, line: Int, as known: GroupedColumn,
                                 scanner: CSVScanner) throws -> DecimalParser.Result {
        let grouped = GroupedNumber.parse(bytes, from: field.start, to: field.end)
            .flatMap { decimalComma || $0.style.decimal != .comma ? $0 : nil }
        if let (value, style) = grouped, known.style.merged(with: style) != nil {
            note(style, column: column, line: line, text: scanner.quoted(field))
            return .number(value)
        }
        let plain = DecimalParser.parse(bytes, from: field.start, to: field.end, decimalComma: decimalComma)
        if plain == .invalid, grouped != nil {
            throw groupingConflict(column: column, line: line, found: scanner.quoted(field), first: known)
        }
        guard case .number = plain, let decimal = known.style.decimalMark(allowsComma: decimalComma) else { return plain }
        let mark = (field.start..<field.end).first { bytes[$0] == UInt8(ascii: ".") || bytes[$0] == UInt8(ascii: ",") }
        if let mark, bytes[mark] != decimal {
            throw groupingConflict(column: column, line: line, found: scanner.quoted(field), first: known)
        }
        return plain
    }

    /// A cell of a column of a `;`- or tab-separated file, read with the decimal mark
    /// `known` gives (`DecimalMark`): grouped by the other mark, a space or an
    /// apostrophe, or plain with this mark. A cell that settles the other mark is an
    /// error where the column's own cells settled this one, and noted where it was
    /// assumed (the column is read again).
    private mutating func number(_ field: CSVScanner.Field, column: Int, line: Int, marked known: GroupedColumn,
                                 scanner: CSVScanner) throws -> DecimalParser.Result {
        let mark = known.style.decimal?.mark ?? DecimalMark.comma
        let other = mark == DecimalMark.comma ? DecimalMark.point : DecimalMark.comma
        let grouped = GroupedNumber.parse(bytes, from: field.start, to: field.end)
        if let (value, style) = grouped, style.group.mark != mark, (style.decimal?.mark ?? mark) == mark {
            note(style, column: column, line: line, text: scanner.quoted(field))
            if known.assumed != nil { noteAssumed(field, column: column, line: line, value: value, mark: mark, scanner: scanner) }
            return .number(value)
        }
        let plain = DecimalParser.parse(bytes, from: field.start, to: field.end, decimalComma: true)
        if case let .number(value) = plain {
            if (field.start..<field.end).contains(where: { bytes[$0] == other }) {
                try settleOther(other, field: field, column: column, line: line, known: known, scanner: scanner)
            } else if known.assumed != nil {
                noteAssumed(field, column: column, line: line, value: value, mark: mark, scanner: scanner)
            }
            return plain
        }
        if let (value, _) = grouped {
            try settleOther(other, field: field, column: column, line: line, known: known, scanner: scanner)
            return .number(value)
        }
        return plain
    }

    /// A cell that settles `other`, not the column's mark: an error naming the cell that
    /// settled the column's, or, where the column's mark was assumed, noted.
    private mutating func settleOther(_ other: UInt8, field: CSVScanner.Field, column: Int, line: Int,
                                      known: GroupedColumn, scanner: CSVScanner) throws {
        guard known.assumed != nil else {
            throw DecimalMark.conflict(file: source, line: line, column: column, name: names[column],
                                       text: scanner.quoted(field), found: other,
                                       first: DecimalMark.Settled(mark: known.style.decimal?.mark ?? DecimalMark.comma,
                                                                  line: known.line, text: known.text))
        }
        if contrary[column] == nil {
            contrary[column] = DecimalMark.Settled(mark: other, line: line, text: scanner.quoted(field))
        }
    }

    /// Notes a cell of a column whose mark was assumed: one that settles that mark, or
    /// the first with a mark that reads either way.
    private mutating func noteAssumed(_ field: CSVScanner.Field, column: Int, line: Int, value: Double, mark: UInt8,
                                      scanner: CSVScanner) {
        guard settledAsAssumed[column] == nil,
              (field.start..<field.end).contains(where: { bytes[$0] == DecimalMark.point || bytes[$0] == DecimalMark.comma })
        else { return }
        if DecimalMark.settled(by: bytes, from: field.start, to: field.end) == mark {
            settledAsAssumed[column] = DecimalMark.Settled(mark: mark, line: line, text: scanner.quoted(field))
        } else if assumedReads[column] == nil {
            assumedReads[column] = (line, scanner.quoted(field), value)
        }
    }

    /// After a read with the grouping `guess` took from the first rows: `nil` when
    /// every cell read as the whole column says, else the grouping to read again with
    /// (a column found grouped that the guess missed, whose plain numbers may have read
    /// another way, or a guessed column whose decimal mark showed only later).
    /// - Complexity: O(columns).
    func groupingAfterGuess(_ guess: [Int: GroupedColumn], allowsComma: Bool) -> [Int: GroupedColumn]? {
        var wrong = false
        var corrected = guess
        for (column, seen) in grouped {
            guard let guessed = guess[column] else {
                wrong = wrong || seen.style.needsSecondRead(allowsComma: allowsComma)
                corrected[column] = seen
                continue
            }
            // Every cell noted merged with the guess, so only a decimal mark can be new.
            let merged = guessed.style.merged(with: seen.style) ?? guessed.style
            wrong = wrong || merged.decimalMark(allowsComma: allowsComma) != guessed.style.decimalMark(allowsComma: allowsComma)
            corrected[column]?.style = merged
        }
        return wrong ? corrected : nil
    }

    /// Notes that a cell of `column` on `line` is grouped in `style`: the column's
    /// grouping, or a conflict with it.
    private mutating func note(_ style: NumberStyle, column: Int, line: Int, text: @autoclosure () -> String) {
        guard let seen = grouped[column] else {
            grouped[column] = GroupedColumn(style: style, line: line, text: text())
            return
        }
        if let merged = seen.style.merged(with: style) {
            grouped[column]?.style = merged
        } else if seen.conflict == nil || line < seen.conflict!.line {
            grouped[column]?.conflict = (line, text())
        }
    }

    /// The error for the first column whose cells group their digits in two ways.
    func groupingConflict() -> DataLoadError? {
        let conflicts = grouped.compactMap { column, seen in seen.conflict.map { (column, $0, seen) } }
        guard let (column, conflict, seen) = conflicts.min(by: { ($0.1.line, $0.0) < ($1.1.line, $1.0) }) else { return nil }
        return groupingConflict(column: column, line: conflict.line, found: conflict.text, first: seen)
    }

    private func groupingConflict(column: Int, line: Int, found: String, first: GroupedColumn) -> DataLoadError {
        .malformed(file: source, line: line, column: column + 1,
                   expected: "a number written as on line \(first.line), \(first.text) (\(first.style.description)), "
                       + "in column \(DisplayText.quotedName(names[column]))",
                   found: found)
    }

    private func malformed(_ field: CSVScanner.Field, column: Int, line: Int, expected: String,
                           scanner: CSVScanner) -> DataLoadError {
        let found = field.start == field.end ? "an empty field" : scanner.quoted(field)
        return .malformed(file: source, line: line, column: column + 1,
                          expected: "\(expected) in column \(DisplayText.quotedName(names[column]))", found: found)
    }

    private func outOfRange(_ field: CSVScanner.Field, column: Int, line: Int, scanner: CSVScanner) -> DataLoadError {
        .malformed(file: source, line: line, column: column + 1,
                   expected: "a number within ±1.8e308 in column \(DisplayText.quotedName(names[column]))",
                   found: "\(scanner.quoted(field)) (number out of range)")
    }
}

/// Checked by hand: as `CSVScanner`'s, `bytes` is only read and the columns it fills
/// are values (arrays, strings, dictionaries), so a stretch reader may take a copy.
extension RowReader: @unchecked Sendable {}
