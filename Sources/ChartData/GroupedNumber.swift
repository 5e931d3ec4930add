/// Numbers as spreadsheets export them, with their digits grouped by thousands:
/// `1,234.5`, `1.234,5`, `1 234,5` (a space, a no-break space or a narrow one),
/// `1'234.5` (or `1’234.5`).
///
/// A group separator is only read where it cannot be anything else within the cell:
/// the first group has 1 to 3 digits (not starting with 0), every other group exactly
/// 3, and the decimal mark, if any, is the other of `.` and `,` and comes once, last.
/// Whether the whole column agrees is the loader's to check (`NumberStyle`).
enum GroupedNumber {
    /// Reads `bytes[start..<end]` (spaces around allowed) as a grouped number.
    /// - Returns: the value and how it was written, or `nil` when it is not one.
    /// - Complexity: O(end − start).
    static func parse(_ bytes: UnsafeRawBufferPointer, from start: Int, to end: Int) -> (value: Double, style: NumberStyle)? {
        var i = start
        var end = end
        while i < end, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 }
        while end > i, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        var plain: [UInt8] = []
        if i < end, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") {
            plain.append(bytes[i])
            i += 1
        }
        // Digit runs and the separators between them.
        var runs: [Range<Int>] = []
        var separators: [Separator] = []
        var runStart = i
        while i < end {
            if bytes[i] &- 0x30 < 10 {
                i += 1
                continue
            }
            guard i > runStart, let (separator, length) = Separator.at(i, in: bytes, end: end) else { return nil }
            runs.append(runStart..<i)
            separators.append(separator)
            i += length
            runStart = i
        }
        guard i > runStart, !separators.isEmpty else { return nil }
        runs.append(runStart..<end)

        let group = separators[0]
        var decimal: Separator?
        var groupedRuns = runs
        if let last = separators.last, last != group {
            // Two marks: the last, once, is the decimal mark; the others group.
            guard last == .point || last == .comma, separators.dropLast().allSatisfy({ $0 == group }) else { return nil }
            decimal = last
            groupedRuns.removeLast()
        } else if !separators.allSatisfy({ $0 == group }) {
            return nil
        }
        guard let first = groupedRuns.first, (1...3).contains(first.count), bytes[first.lowerBound] != 0x30,
              groupedRuns.dropFirst().allSatisfy({ $0.count == 3 }) else { return nil }
        for run in groupedRuns { plain.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[run])) }
        if decimal != nil, let fraction = runs.last {
            plain.append(UInt8(ascii: "."))
            plain.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[fraction]))
        }
        let value = plain.withUnsafeBytes { DecimalParser.parse($0, from: 0, to: $0.count) }
        guard case let .number(number) = value, number.isFinite else { return nil }
        return (number, NumberStyle(group: group, decimal: decimal))
    }

    /// A character that separates digit groups or marks the decimals.
    enum Separator: Equatable, Sendable {
        case point, comma
        /// A space, a no-break space (U+00A0), a narrow one (U+202F) or a thin one (U+2009).
        case space
        /// `'` or `’` (U+2019), as Swiss numbers are written.
        case apostrophe

        /// The separator at `i` and its length in bytes (UTF-8), if one is there.
        static func at(_ i: Int, in bytes: UnsafeRawBufferPointer, end: Int) -> (Separator, Int)? {
            switch bytes[i] {
            case UInt8(ascii: "."): return (.point, 1)
            case UInt8(ascii: ","): return (.comma, 1)
            case UInt8(ascii: " "): return (.space, 1)
            case UInt8(ascii: "'"): return (.apostrophe, 1)
            case 0xC2 where i + 1 < end && bytes[i + 1] == 0xA0: return (.space, 2)
            case 0xE2 where i + 2 < end && bytes[i + 1] == 0x80:
                switch bytes[i + 2] {
                case 0xAF, 0x89: return (.space, 3)
                case 0x99: return (.apostrophe, 3)
                default: return nil
                }
            default: return nil
            }
        }

        /// The ASCII byte of a point or a comma.
        var mark: UInt8? {
            switch self {
            case .point: UInt8(ascii: ".")
            case .comma: UInt8(ascii: ",")
            case .space, .apostrophe: nil
            }
        }

        /// The separator named for a message.
        var name: String {
            switch self {
            case .point: "'.'"
            case .comma: "','"
            case .space: "a space"
            case .apostrophe: "an apostrophe"
            }
        }
    }
}

/// How a column writes its grouped numbers: the group separator, and the decimal mark
/// where a cell with decimals showed it.
struct NumberStyle: Equatable, Sendable {
    var group: GroupedNumber.Separator
    var decimal: GroupedNumber.Separator?

    /// The style both `self` and `other` are written in, or `nil` when they differ
    /// (another separator, or another decimal mark).
    func merged(with other: NumberStyle) -> NumberStyle? {
        guard group == other.group else { return nil }
        if let decimal, let theirs = other.decimal, decimal != theirs { return nil }
        return NumberStyle(group: group, decimal: decimal ?? other.decimal)
    }

    /// The decimal mark of the column: the one seen, else the other of `.` and `,` when
    /// one of them groups, else the only one a plain number has (`allowsComma` false).
    func decimalMark(allowsComma: Bool) -> UInt8? {
        if let mark = decimal?.mark { return mark }
        switch group {
        case .point: return UInt8(ascii: ",")
        case .comma: return UInt8(ascii: ".")
        case .space, .apostrophe: return allowsComma ? nil : UInt8(ascii: ".")
        }
    }

    /// Whether a plain number in the column may have been read another way than the
    /// style says (its mark groups here, or is not the column's decimal mark), so that
    /// the column must be read again with the style.
    func needsSecondRead(allowsComma: Bool) -> Bool {
        let plainMarks = allowsComma ? [UInt8(ascii: "."), UInt8(ascii: ",")] : [UInt8(ascii: ".")]
        if let mark = group.mark, plainMarks.contains(mark) { return true }
        guard let decimal = decimalMark(allowsComma: allowsComma) else { return false }
        return plainMarks.contains { $0 != decimal }
    }

    /// The style for a message: "',' groups thousands and '.' marks decimals".
    var description: String {
        let marks = decimal.map { " and \($0.name) marks decimals" } ?? ""
        return "\(group.name) groups thousands\(marks)"
    }
}
