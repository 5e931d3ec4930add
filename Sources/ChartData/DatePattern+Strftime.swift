/// `--date-format`: a date pattern written as strftime writes one.
extension DatePattern {
    /// Why a `--date-format` pattern was not taken.
    public struct FormatError: Error, CustomStringConvertible {
        public var description: String
    }

    /// The directives read, each with what it reads (for `--help` and the README).
    public static let strftimeDirectives = "%Y year, %y two-digit year (69–99: 1900s), %m month, %d (%e) day, "
        + "%j day of the year, %b %B (%h) month name, %H hour, %I hour 1–12 with %p AM/PM, %M minute, %S second, "
        + "%f fraction of a second, %z zone (Z, +01:00, -0500), %F = %Y-%m-%d, %T = %H:%M:%S, %% a percent sign; "
        + "a space reads one or more spaces"

    /// The pattern `text` writes, as strftime reads it.
    /// - Throws: `FormatError` naming the directive that is unknown, repeated or
    ///   missing (a year; a day or month; AM/PM for %I).
    public init(strftime text: String) throws(FormatError) {
        var parts: [Part] = []
        var bytes = Array(text.utf8)[...]
        while let byte = bytes.popFirst() {
            guard byte == UInt8(ascii: "%") else {
                parts.append(byte == 0x20 ? .spaces(least: 1) : .literal(byte))
                continue
            }
            guard let code = bytes.popFirst() else {
                throw FormatError(description: "\(DisplayText.quoted(text)) ends with a lone '%'")
            }
            switch code {
            case UInt8(ascii: "Y"): parts.append(.year)
            case UInt8(ascii: "y"): parts.append(.shortYear)
            case UInt8(ascii: "m"): parts.append(.month)
            case UInt8(ascii: "d"), UInt8(ascii: "e"): parts.append(.day)
            case UInt8(ascii: "j"): parts.append(.dayOfYear)
            case UInt8(ascii: "b"), UInt8(ascii: "B"), UInt8(ascii: "h"): parts.append(.monthName)
            case UInt8(ascii: "H"): parts.append(.hour)
            case UInt8(ascii: "I"): parts.append(.hour12)
            case UInt8(ascii: "M"): parts.append(.minute)
            case UInt8(ascii: "S"): parts.append(.second)
            case UInt8(ascii: "f"): parts.append(.fraction)
            case UInt8(ascii: "p"): parts.append(.meridiem)
            case UInt8(ascii: "z"): parts.append(.zone)
            case UInt8(ascii: "F"): parts += [.year, .literal(UInt8(ascii: "-")), .month, .literal(UInt8(ascii: "-")), .day]
            case UInt8(ascii: "T"): parts += [.hour, .literal(UInt8(ascii: ":")), .minute, .literal(UInt8(ascii: ":")), .second]
            case UInt8(ascii: "%"): parts.append(.literal(UInt8(ascii: "%")))
            default:
                let directive = String(decoding: [UInt8(ascii: "%"), code], as: UTF8.self)
                throw FormatError(description: "\(DisplayText.quoted(text)) has \(directive), which is not read; "
                                      + "it reads \(Self.strftimeDirectives)")
            }
        }
        try Self.check(parts, text: text)
        self.init(parts: parts, name: text)
    }

    private static func check(_ parts: [Part], text: String) throws(FormatError) {
        func count(_ wanted: [Part]) -> Int { parts.filter { wanted.contains($0) }.count }
        let quoted = DisplayText.quoted(text)
        for (group, name) in [([Part.year, .shortYear], "a year"), ([.month, .monthName], "a month"),
                              ([.day], "a day"), ([.dayOfYear], "a day of the year"), ([.hour, .hour12], "an hour"),
                              ([.minute], "a minute"), ([.second], "a second"), ([.fraction], "a fraction"),
                              ([.meridiem], "AM/PM"), ([.zone], "a zone")] where count(group) > 1 {
            throw FormatError(description: "\(quoted) reads \(name) twice")
        }
        guard count([.year, .shortYear]) == 1 else {
            throw FormatError(description: "\(quoted) has no year (%Y or %y)")
        }
        if count([.day]) == 1, count([.month, .monthName]) == 0 {
            throw FormatError(description: "\(quoted) has a day but no month (%m or %b)")
        }
        if count([.dayOfYear]) == 1, count([.month, .monthName, .day]) > 0 {
            throw FormatError(description: "\(quoted) has %j, the day of the year, beside a month or day")
        }
        if count([.hour12]) == 1, count([.meridiem]) == 0 {
            throw FormatError(description: "\(quoted) has %I, a 12-hour hour, without %p (AM/PM)")
        }
    }
}
