/// Which of `.` and `,` marks a number's decimals, as one cell can show it.
///
/// A cell settles its column's decimal mark when only one reading of it is possible:
/// both marks in it (`1.234,5`: the last marks the decimals), a mark followed by other
/// than exactly three digits (`5,5`, `1.5`, `2,25`, `1.5e3`), a mark after a zero
/// integer part (`0,123`: grouping never follows a lone 0) or after more than three
/// digits (`1234.567`), a mark after a space or apostrophe group (`1 234.567`), or one
/// mark twice (`1.234.567`: it groups, so the other marks decimals). Integers and cells
/// like `1.009` or `12,345` read either way and settle nothing.
enum DecimalMark {
    static let point = UInt8(ascii: ".")
    static let comma = UInt8(ascii: ",")

    /// The mark `bytes[start..<end]` (a number) settles, or `nil` when it reads either way.
    /// - Complexity: O(end − start).
    static func settled(by bytes: UnsafeRawBufferPointer, from start: Int, to end: Int) -> UInt8? {
        var i = start
        var end = end
        while i < end, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 }
        while end > i, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        if i < end, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") { i += 1 }
        let digitsStart = i
        var points = 0
        var commas = 0
        var lastMark = -1
        var otherGroup = false
        for k in i..<end {
            switch bytes[k] {
            case point: points += 1; lastMark = k
            case comma: commas += 1; lastMark = k
            case 0x30...0x39: break
            default: otherGroup = true
            }
        }
        if lastMark < 0 { return nil }
        if points > 0 && commas > 0 { return bytes[lastMark] }
        if points > 1 { return comma }
        if commas > 1 { return point }
        let mark = bytes[lastMark]
        if otherGroup { return mark }
        // One mark, between digits only: it groups only as `d.ddd`, `dd.ddd`, `ddd.ddd`
        // with a first digit other than 0.
        let before = lastMark - digitsStart
        let after = end - lastMark - 1
        if after != 3 || before < 1 || before > 3 || bytes[digitsStart] == 0x30 { return mark }
        return nil
    }

    /// The cell that settled a column's decimal mark: the mark, its line, its text
    /// quoted for a message.
    struct Settled {
        var mark: UInt8
        var line: Int
        var text: String
    }

    /// The error for a cell of column `column` (from 0, named `name`) on `line` that
    /// settles `found` (`text`, quoted) where `first` settled the other mark.
    static func conflict(file: String, line: Int, column: Int, name: String, text: String, found: UInt8,
                         first: Settled) -> DataLoadError {
        .malformed(file: file, line: line, column: column + 1,
                   expected: "a number with \(Self.name(first.mark)) marking decimals, as line \(first.line) settled it "
                       + "(\(first.text)), in column \(DisplayText.quotedName(name))",
                   found: "\(text) (\(Self.name(found)) marking decimals)")
    }

    /// The mark for a message: `'.'` or `','`.
    static func name(_ mark: UInt8) -> String { mark == comma ? "','" : "'.'" }

    /// The decimal mark of each column in `read` of a `;`- or tab-separated file, as
    /// a style to read it with: the mark its own cells settled (`settled`), else the
    /// one most of the file's columns settled, else `,` (the European reading, as
    /// spreadsheets write these files), with where an assumed mark came from.
    /// - Parameter grouped: the columns whose first rows held grouped cells.
    static func columns(_ read: [Int], settled: [Int: Settled], grouped: Set<Int>) -> [Int: RowReader.GroupedColumn] {
        let commas = settled.values.filter { $0.mark == comma }.count
        let points = settled.count - commas
        let fileMark: UInt8? = commas > points ? comma : points > commas ? point : nil
        var columns: [Int: RowReader.GroupedColumn] = [:]
        for column in read {
            let mark = settled[column]?.mark ?? fileMark ?? comma
            let style = NumberStyle(group: mark == comma ? .point : .comma, decimal: mark == comma ? .comma : .point)
            var styled = RowReader.GroupedColumn(style: style, line: settled[column]?.line ?? 0,
                                                 text: settled[column]?.text ?? "")
            styled.groupedInFirstRows = grouped.contains(column)
            if settled[column] == nil { styled.assumed = fileMark == nil ? .fileType : .otherColumns }
            columns[column] = styled
        }
        return columns
    }
}
