/// How the cells of each column read in a CSV file's first rows: numbers, or something
/// else. A column that is numbers in most of them is a series, so that a stray cell in
/// it is named by line and column when the rows are read, where a column of words is
/// left out; and when no column is numeric, the cell to name is the first that is not
/// a number in the column closest to being one.
///
/// The same rows tell how a column groups its numbers by thousands (`1.234,5`), so that
/// the rows are read once with that grouping known, and again only where a later row
/// shows the guess was wrong (`CSVLoader`).
///
/// The rows looked at are the first data row and those after it within `maxLines`
/// lines and `maxBytes` bytes.
struct ColumnSurvey {
    /// What one cell holds.
    enum Cell: Equatable {
        /// Nothing but spaces: a gap, evidence of neither.
        case blank
        /// A number, or a word for "no value".
        case number
        /// A number grouped by thousands that a plain read does not take, written in `style`.
        case grouped(NumberStyle)
        /// Anything else: a word, a date, a malformed number.
        case other
    }

    static let maxLines = 100
    static let maxBytes = 65_536

    /// Cells read as numbers, per column (at most `maxLines` + 1, so a byte each: a
    /// row of a million columns is surveyed in a few MB).
    private(set) var numbers: [UInt8]
    /// Cells read as something else, per column.
    private(set) var others: [UInt8]
    /// Whether each column's first cell that is not a number starts like one (`1e`, `-`).
    private var firstOtherStartsLikeNumber: [Bool]
    /// How the columns whose cells agree on one grouping group their numbers, with the
    /// first grouped cell; a column whose cells group two ways is left out (the read
    /// names the cell that disagrees).
    var groupings: [Int: RowReader.GroupedColumn] { seenGroupings.filter { $0.value.conflict == nil } }
    private var seenGroupings: [Int: RowReader.GroupedColumn] = [:]
    /// Per column, the first number cell that settles its decimal mark (`DecimalMark`).
    private(set) var settled: [Int: DecimalMark.Settled] = [:]
    /// The rows surveyed, kept to find a column's first miss again for a message.
    private let sample: CSVScanner.Line
    private let scanner: CSVScanner

    /// Surveys `sample` (the first data row, of `columnCount` fields) and the rows after
    /// it, from `scanner`'s position; rows with another field count are passed over (the
    /// read names them).
    /// - Complexity: O(`maxBytes` + `columnCount`).
    init(sample: CSVScanner.Line, after scanner: CSVScanner, columnCount: Int,
         cell: (CSVScanner.Field) -> Cell, settles: (CSVScanner.Field) -> UInt8?) {
        self.sample = sample
        self.scanner = scanner
        var numbers = [UInt8](repeating: 0, count: columnCount)
        var others = numbers
        var startsLikeNumber = [Bool](repeating: false, count: columnCount)
        var groupings: [Int: RowReader.GroupedColumn] = [:]
        var settled: [Int: DecimalMark.Settled] = [:]
        Self.forEachRow(from: sample, after: scanner) { line in
            for (column, field) in line.fields.enumerated() {
                let kind = cell(field)
                if kind != .blank, kind != .other, settled[column] == nil, let mark = settles(field) {
                    settled[column] = DecimalMark.Settled(mark: mark, line: line.number, text: scanner.quoted(field))
                }
                switch kind {
                case .blank: break
                case .number: numbers[column] += 1
                case let .grouped(style):
                    numbers[column] += 1
                    if let seen = groupings[column] {
                        if let merged = seen.style.merged(with: style) {
                            groupings[column]?.style = merged
                        } else {
                            groupings[column]?.conflict = (line.number, scanner.quoted(field))
                        }
                    } else {
                        groupings[column] = RowReader.GroupedColumn(style: style, line: line.number,
                                                                    text: scanner.quoted(field))
                    }
                case .other:
                    if others[column] == 0 { startsLikeNumber[column] = scanner.startsLikeNumber(field) }
                    others[column] += 1
                }
            }
            return true
        }
        self.numbers = numbers
        self.others = others
        firstOtherStartsLikeNumber = startsLikeNumber
        seenGroupings = groupings
        self.settled = settled
    }

    /// Calls `body` with the sample, then each row after it that has the sample's field
    /// count, within the survey's bounds, until `body` returns false.
    static func forEachRow(from sample: CSVScanner.Line, after scanner: CSVScanner,
                                   _ body: (CSVScanner.Line) -> Bool) {
        guard body(sample) else { return }
        var ahead = scanner
        let start = ahead.position
        var lines = 0
        while ahead.hasMoreLines, lines < Self.maxLines {
            let room = Self.maxBytes - (ahead.position - start)
            guard room > 0 else { break }
            let (line, overflow) = ahead.readLine(maxBytes: room, maxFields: sample.fields.count)
            if overflow != nil || ahead.unclosedQuoteLine != nil { break }
            lines += 1
            if line.fields.count == sample.fields.count, !body(line) { return }
        }
    }

    /// Whether `column` reads as a series: more numbers than not among its cells, or
    /// blank throughout (a series of gaps so far).
    func isNumeric(_ column: Int) -> Bool {
        numbers[column] >= others[column] && (numbers[column] > 0 || others[column] == 0)
    }

    /// The first cell that is not a number in the column closest to numeric among
    /// `columns`: the most numbers, then a cell that starts like one (a digit, a sign,
    /// a point), then the leftmost.
    /// - Parameter cell: what a cell holds, as the survey was made with.
    func closestMiss(among columns: [Int], cell: (CSVScanner.Field) -> Cell)
        -> (column: Int, line: Int, field: CSVScanner.Field)? {
        let candidates = columns.filter { others[$0] > 0 }
        guard let best = candidates.max(by: { a, b in
            if numbers[a] != numbers[b] { return numbers[a] < numbers[b] }
            let (likeA, likeB) = (firstOtherStartsLikeNumber[a], firstOtherStartsLikeNumber[b])
            if likeA != likeB { return !likeA }
            return a > b
        }) else { return nil }
        var miss: (column: Int, line: Int, field: CSVScanner.Field)?
        Self.forEachRow(from: sample, after: scanner) { line in
            if cell(line.fields[best]) == .other { miss = (best, line.number, line.fields[best]) }
            return miss == nil
        }
        return miss
    }
}
