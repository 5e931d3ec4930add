/// How the cells of each column read in a CSV file's first rows: numbers, or something
/// else. A column that is numbers in most of them is a series, so that a stray cell in
/// it is named by line and column when the rows are read, where a column of words is
/// left out; and when no column is numeric, the cell to name is the first that is not
/// a number in the column closest to being one.
///
/// The rows looked at are the first data row and those after it within `maxLines`
/// lines and `maxBytes` bytes.
struct ColumnSurvey {
    /// What one cell holds.
    enum Cell {
        /// Nothing but spaces: a gap, evidence of neither.
        case blank
        /// A number, or a word for "no value".
        case number
        /// Anything else: a word, a date, a malformed number.
        case other
    }

    static let maxLines = 100
    static let maxBytes = 65_536

    /// Cells read as numbers, per column.
    private(set) var numbers: [Int32]
    /// Cells read as something else, per column.
    private(set) var others: [Int32]
    /// Each column's first cell that is not a number, and its line; a line of 0 for none.
    private var firstOther: [(line: Int32, field: CSVScanner.Field)]

    /// Surveys `sample` (the first data row, of `columnCount` fields) and the rows after
    /// it, from `scanner`'s position; rows with another field count are passed over (the
    /// read names them).
    /// - Complexity: O(`maxBytes` + `columnCount`).
    init(sample: CSVScanner.Line, after scanner: CSVScanner, columnCount: Int,
         cell: (CSVScanner.Field) -> Cell) {
        numbers = [Int32](repeating: 0, count: columnCount)
        others = numbers
        firstOther = [(Int32, CSVScanner.Field)](repeating: (0, CSVScanner.Field(start: 0, end: 0)), count: columnCount)
        tally(sample, cell: cell)
        var ahead = scanner
        let start = ahead.position
        var lines = 0
        while ahead.hasMoreLines, lines < Self.maxLines {
            let room = Self.maxBytes - (ahead.position - start)
            guard room > 0 else { break }
            let (line, overflow) = ahead.readLine(maxBytes: room, maxFields: columnCount)
            if overflow != nil || ahead.unclosedQuoteLine != nil { break }
            lines += 1
            if line.fields.count == columnCount { tally(line, cell: cell) }
        }
    }

    private mutating func tally(_ line: CSVScanner.Line, cell: (CSVScanner.Field) -> Cell) {
        for (column, field) in line.fields.enumerated() {
            switch cell(field) {
            case .blank: break
            case .number: numbers[column] += 1
            case .other:
                if others[column] == 0 { firstOther[column] = (Int32(clamping: line.number), field) }
                others[column] += 1
            }
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
    /// - Parameter startsLikeNumber: whether a cell's first character is one a number starts with.
    func closestMiss(among columns: [Int], startsLikeNumber: (CSVScanner.Field) -> Bool)
        -> (column: Int, line: Int, field: CSVScanner.Field)? {
        let candidates = columns.filter { others[$0] > 0 }
        guard let best = candidates.max(by: { a, b in
            if numbers[a] != numbers[b] { return numbers[a] < numbers[b] }
            let (likeA, likeB) = (startsLikeNumber(firstOther[a].field), startsLikeNumber(firstOther[b].field))
            if likeA != likeB { return !likeA }
            return a > b
        }) else { return nil }
        return (best, Int(firstOther[best].line), firstOther[best].field)
    }
}
