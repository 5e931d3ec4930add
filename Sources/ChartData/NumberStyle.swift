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
