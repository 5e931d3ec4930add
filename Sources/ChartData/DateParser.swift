/// Reads calendar dates and times straight from bytes: `YYYY-MM-DD`, optionally
/// followed by `T` or a space and `HH:MM`, `HH:MM:SS` or `HH:MM:SS.fff`, and a zone
/// (`Z` or `±HH:MM`). Without a zone the time is taken as UTC.
public enum DateParser {
    /// Seconds since 1970-01-01T00:00:00Z (negative before), or `nil` if the field is
    /// not such a date.
    /// - Complexity: O(end − start).
    static func parse(_ bytes: UnsafeRawBufferPointer, from start: Int, to end: Int) -> Double? {
        var i = start
        var end = end
        while i < end, bytes[i] == 0x20 { i += 1 }
        while end > i, bytes[end - 1] == 0x20 { end -= 1 }

        func digits(_ count: Int) -> Int? {
            guard i + count <= end else { return nil }
            var value = 0
            for k in i..<i + count {
                let d = bytes[k] &- 0x30
                guard d < 10 else { return nil }
                value = value * 10 + Int(d)
            }
            i += count
            return value
        }
        func expect(_ byte: UInt8) -> Bool {
            guard i < end, bytes[i] == byte else { return false }
            i += 1
            return true
        }

        guard let year = digits(4), expect(UInt8(ascii: "-")), let month = digits(2), expect(UInt8(ascii: "-")),
              let day = digits(2), (1...12).contains(month), (1...CivilCalendar.daysInMonth(year: year, month: month)).contains(day) else {
            return nil
        }
        var seconds = Double(CivilCalendar.days(year: year, month: month, day: day)) * 86_400
        if i == end { return seconds }

        guard bytes[i] == UInt8(ascii: "T") || bytes[i] == 0x20 else { return nil }
        i += 1
        guard let hour = digits(2), expect(UInt8(ascii: ":")), let minute = digits(2), hour < 24, minute < 60 else {
            return nil
        }
        seconds += Double(hour * 3600 + minute * 60)
        if expect(UInt8(ascii: ":")) {
            guard let second = digits(2), second < 61 else { return nil }
            seconds += Double(second)
            if expect(UInt8(ascii: ".")) {
                var scale = 0.1
                var sawDigit = false
                while i < end, bytes[i] &- 0x30 < 10 {
                    seconds += Double(bytes[i] - 0x30) * scale
                    scale /= 10
                    sawDigit = true
                    i += 1
                }
                guard sawDigit else { return nil }
            }
        }
        if i == end { return seconds }
        if expect(UInt8(ascii: "Z")) { return i == end ? seconds : nil }
        guard bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") else { return nil }
        let sign: Double = bytes[i] == UInt8(ascii: "+") ? 1 : -1
        i += 1
        guard let zoneHour = digits(2) else { return nil }
        _ = expect(UInt8(ascii: ":"))
        guard let zoneMinute = digits(2), i == end, zoneHour < 24, zoneMinute < 60 else { return nil }
        return seconds - sign * Double(zoneHour * 3600 + zoneMinute * 60)
    }
}

extension DateParser {
    /// Whether a field `parse` read carries a zone: a `Z` at its end, or a sign where
    /// `±HH:MM` or `±HHMM` starts, after the ten bytes of its date (the time has neither).
    /// - Complexity: O(1) past the spaces around the field.
    static func hasZone(_ bytes: UnsafeRawBufferPointer, from start: Int, to end: Int) -> Bool {
        var cursor = DateCursor(bytes: bytes, start: start, end: end)
        cursor.trim()
        guard cursor.end - cursor.i > 10 else { return false }
        if bytes[cursor.end - 1] == UInt8(ascii: "Z") { return true }
        func sign(_ at: Int) -> Bool {
            at >= cursor.i + 10 && (bytes[at] == UInt8(ascii: "+") || bytes[at] == UInt8(ascii: "-"))
        }
        return sign(cursor.end - 6) || sign(cursor.end - 5)
    }

    /// Seconds since 1970-01-01T00:00:00Z for `text` written as the CSV reader reads
    /// dates (`2020-03-01`, `2020-03-01T10:30`, with an optional zone), else `nil`.
    public static func unixSeconds(from text: String) -> Double? {
        var text = text
        return text.withUTF8 { bytes in parse(UnsafeRawBufferPointer(bytes), from: 0, to: bytes.count) }
    }
}
