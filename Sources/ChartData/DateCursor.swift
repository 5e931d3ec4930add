/// Reads a date's parts from a field's bytes, left to right (`DatePattern`).
struct DateCursor {
    let bytes: UnsafeRawBufferPointer
    var i: Int
    var end: Int

    init(bytes: UnsafeRawBufferPointer, start: Int, end: Int) {
        self.bytes = bytes
        i = start
        self.end = end
    }

    var atEnd: Bool { i == end }

    /// Passes over the spaces and tabs around the field.
    mutating func trim() {
        while i < end, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 }
        while end > i, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
    }

    /// Reads `part` into `fields`; false if the bytes are not so written.
    mutating func read(_ part: DatePattern.Part, into fields: inout DateFields) -> Bool {
        switch part {
        case .year:
            guard let value = digits(least: 4, most: 4) else { return false }
            fields.year = value
        case .shortYear:
            guard let value = digits(least: 2, most: 2) else { return false }
            fields.year = value < 69 ? 2000 + value : 1900 + value
        case .month:
            guard let value = digits(least: 1, most: 2) else { return false }
            fields.month = value
        case .monthName:
            guard let value = monthName() else { return false }
            fields.month = value
        case .day:
            guard let value = digits(least: 1, most: 2) else { return false }
            fields.day = value
        case .dayOfYear:
            guard let value = digits(least: 1, most: 3) else { return false }
            fields.dayOfYear = value
        case .hour:
            guard let value = digits(least: 1, most: 2) else { return false }
            fields.hour = value
            fields.hasTime = true
        case .hour12:
            guard let value = digits(least: 1, most: 2) else { return false }
            fields.hour12 = value
            fields.hasTime = true
        case .minute:
            guard let value = digits(least: 2, most: 2) else { return false }
            fields.minute = value
        case .second:
            guard let value = digits(least: 2, most: 2) else { return false }
            fields.second = value
        case .fraction:
            guard let value = fraction() else { return false }
            fields.fraction = value
        case .meridiem:
            guard let value = meridiem() else { return false }
            fields.afternoon = value
        case .zone:
            guard let value = zone() else { return false }
            fields.zoneSeconds = value
        case let .literal(byte):
            guard i < end, bytes[i] == byte else { return false }
            i += 1
        case let .spaces(least):
            var count = 0
            while i < end, bytes[i] == 0x20 { i += 1; count += 1 }
            return count >= least
        case let .optional(byte):
            if i < end, bytes[i] == byte { i += 1 }
        case .time:
            return time(into: &fields)
        }
        return true
    }

    /// `[T| ]H:MM[:SS[.fff]][ AM|PM][ zone]`, or nothing at all.
    private mutating func time(into fields: inout DateFields) -> Bool {
        guard i < end else { return true }
        if bytes[i] == UInt8(ascii: "T") {
            i += 1
        } else {
            guard bytes[i] == 0x20 else { return false }
            while i < end, bytes[i] == 0x20 { i += 1 }
        }
        guard let hour = digits(least: 1, most: 2), expect(UInt8(ascii: ":")),
              let minute = digits(least: 2, most: 2) else { return false }
        fields.hour = hour
        fields.minute = minute
        fields.hasTime = true
        if expect(UInt8(ascii: ":")) {
            guard let second = digits(least: 2, most: 2) else { return false }
            fields.second = second
            if expect(UInt8(ascii: ".")) || expect(UInt8(ascii: ",")) {
                guard let fraction = fraction() else { return false }
                fields.fraction = fraction
            }
        }
        // AM/PM and a zone may stand right after the time or a space after it.
        while i < end, bytes[i] == 0x20 { i += 1 }
        if let afternoon = meridiem() {
            fields.hour12 = hour
            fields.afternoon = afternoon
            while i < end, bytes[i] == 0x20 { i += 1 }
        }
        if i == end { return true }
        guard let zone = zone() else { return false }
        fields.zoneSeconds = zone
        return true
    }

    private mutating func expect(_ byte: UInt8) -> Bool {
        guard i < end, bytes[i] == byte else { return false }
        i += 1
        return true
    }

    @inline(__always)
    private mutating func digits(least: Int, most: Int) -> Int? {
        var value = 0, count = 0
        while count < most, i < end, case let d = bytes[i] &- 0x30, d < 10 {
            value = value * 10 + Int(d)
            count += 1
            i += 1
        }
        return count >= least ? value : nil
    }

    /// The digits after a decimal mark as a fraction of a second.
    private mutating func fraction() -> Double? {
        var value = 0.0, scale = 0.1, count = 0
        while i < end, case let d = bytes[i] &- 0x30, d < 10 {
            value += Double(d) * scale
            scale /= 10
            count += 1
            i += 1
        }
        return count > 0 ? value : nil
    }

    /// `AM`/`PM` (also `a.m.`, `p.m.`), any case: whether it is the afternoon.
    private mutating func meridiem() -> Bool? {
        guard i < end else { return nil }
        let first = bytes[i] | 0x20
        guard first == UInt8(ascii: "a") || first == UInt8(ascii: "p") else { return nil }
        var k = i + 1
        if k < end, bytes[k] == UInt8(ascii: ".") { k += 1 }
        guard k < end, bytes[k] | 0x20 == UInt8(ascii: "m") else { return nil }
        k += 1
        if k < end, bytes[k] == UInt8(ascii: ".") { k += 1 }
        i = k
        return first == UInt8(ascii: "p")
    }

    /// `Z`, `UTC`, `GMT`, `±HH`, `±HHMM` or `±HH:MM`: seconds east of UTC.
    private mutating func zone() -> Int? {
        guard i < end else { return nil }
        if bytes[i] == UInt8(ascii: "Z") {
            i += 1
            return 0
        }
        if word("UTC") || word("GMT") {
            if i == end { return 0 }
        }
        guard bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") else { return nil }
        let sign = bytes[i] == UInt8(ascii: "+") ? 1 : -1
        i += 1
        guard let hours = digits(least: 2, most: 2), hours < 24 else { return nil }
        var minutes = 0
        if i < end {
            _ = expect(UInt8(ascii: ":"))
            guard let value = digits(least: 2, most: 2), value < 60 else { return nil }
            minutes = value
        }
        return sign * (hours * 3600 + minutes * 60)
    }

    private mutating func word(_ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard end - i >= count else { return false }
        for k in 0..<count where bytes[i + k] | 0x20 != text.utf8Start[k] | 0x20 { return false }
        i += count
        return true
    }

    /// `Jan`…`Dec`, or the month's full name (`Sept` too), any case: the month, 1…12.
    private mutating func monthName() -> Int? {
        guard end - i >= 3 else { return nil }
        let key = (UInt32(bytes[i] | 0x20) << 16) | (UInt32(bytes[i + 1] | 0x20) << 8) | UInt32(bytes[i + 2] | 0x20)
        guard let month = Self.monthKeys.firstIndex(of: key) else { return nil }
        i += 3
        // The rest of the full name, where it is written.
        let rest = Self.fullNames[month].utf8.dropFirst(3)
        var k = i
        for byte in rest {
            guard k < end, bytes[k] | 0x20 == byte else { break }
            k += 1
        }
        if k - i == rest.count || (month == 8 && k - i == 1) { i = k }
        if i < end, bytes[i] == UInt8(ascii: ".") { i += 1 }
        return month + 1
    }

    private static let fullNames = ["january", "february", "march", "april", "may", "june", "july", "august",
                                    "september", "october", "november", "december"]
    private static let monthKeys: [UInt32] = fullNames.map { name in
        let b = Array(name.utf8)
        return (UInt32(b[0]) << 16) | (UInt32(b[1]) << 8) | UInt32(b[2])
    }
}
