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
        guard end > i else { return nil }
        // The number without its group separators, as the plain parser reads it; on the
        // stack, since a column of grouped numbers passes here once a cell.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: end - i) { plain -> (Double, NumberStyle)? in
            var count = 0
            if bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") {
                plain[count] = bytes[i]
                count += 1
                i += 1
            }
            var group: Separator?
            var decimal: Separator?
            var runLength = 0
            var firstRun = true
            while i < end {
                let byte = bytes[i]
                if byte &- 0x30 < 10 {
                    // The first group does not start with 0 (`0,123` is no grouping).
                    if firstRun, runLength == 0, byte == 0x30 { return nil }
                    plain[count] = byte
                    count += 1
                    runLength += 1
                    i += 1
                    continue
                }
                // A separator ends a group: 1 to 3 digits first, exactly 3 after; no
                // separator may follow the decimal mark.
                guard decimal == nil, firstRun ? (1...3).contains(runLength) : runLength == 3,
                      let (separator, length) = Separator.at(i, in: bytes, end: end) else { return nil }
                if group == nil || separator == group {
                    group = separator
                } else if separator == .point || separator == .comma {
                    decimal = separator
                    plain[count] = UInt8(ascii: ".")
                    count += 1
                } else {
                    return nil
                }
                firstRun = false
                runLength = 0
                i += length
            }
            // The last group has 3 digits; decimals, any number but none.
            guard let group, decimal == nil ? runLength == 3 : runLength > 0 else { return nil }
            let value = DecimalParser.parse(UnsafeRawBufferPointer(UnsafeMutableBufferPointer(rebasing: plain[..<count])),
                                            from: 0, to: count)
            guard case let .number(number) = value, number.isFinite else { return nil }
            return (number, NumberStyle(group: group, decimal: decimal))
        }
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
