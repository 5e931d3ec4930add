#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Parses decimal numbers straight from bytes, without making a `String` per field.
///
/// Numbers with at most 19 significant digits and a small exponent take Clinger's fast
/// path (an exact integer times or over an exact power of ten, so the result is correctly
/// rounded); anything else falls back to `strtod`, which is also correctly rounded.
enum DecimalParser {
    /// The outcome of reading one field.
    enum Result: Equatable {
        case number(Double)
        /// An empty field or `NaN`: a gap in the series.
        case missing
        /// Not a number; the loader reports it with the field's text.
        case invalid
    }

    private static let exactPowersOfTen: [Double] = (0...22).map { e in
        var p = 1.0
        for _ in 0..<e { p *= 10 }
        return p
    }

    /// Reads `bytes[start..<end]`, ignoring spaces around the number.
    /// - Complexity: O(end − start).
    static func parse(_ bytes: UnsafeRawBufferPointer, from start: Int, to end: Int) -> Result {
        var i = start
        var end = end
        while i < end, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 }
        while end > i, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        if i == end { return .missing }

        let first = i
        var negative = false
        if bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") {
            negative = bytes[i] == UInt8(ascii: "-")
            i += 1
        }
        if i < end, isLetter(bytes[i]) {
            return parseWord(bytes, from: i, to: end, negative: negative)
        }

        var mantissa: UInt64 = 0
        var significantDigits = 0
        var decimalExponent = 0
        var sawDigit = false
        while i < end, isDigit(bytes[i]) {
            sawDigit = true
            accumulate(bytes[i], into: &mantissa, digits: &significantDigits, exponent: &decimalExponent, fraction: false)
            i += 1
        }
        if i < end, bytes[i] == UInt8(ascii: ".") {
            i += 1
            while i < end, isDigit(bytes[i]) {
                sawDigit = true
                accumulate(bytes[i], into: &mantissa, digits: &significantDigits, exponent: &decimalExponent, fraction: true)
                i += 1
            }
        }
        guard sawDigit else { return .invalid }
        if i < end, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            var exponentNegative = false
            if i < end, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") {
                exponentNegative = bytes[i] == UInt8(ascii: "-")
                i += 1
            }
            guard i < end, isDigit(bytes[i]) else { return .invalid }
            var exponent = 0
            while i < end, isDigit(bytes[i]) {
                if exponent < 100_000 { exponent = exponent * 10 + Int(bytes[i] - 0x30) }
                i += 1
            }
            decimalExponent += exponentNegative ? -exponent : exponent
        }
        guard i == end else { return .invalid }

        if significantDigits <= 19, mantissa <= 1 << 53, abs(decimalExponent) <= 22 {
            var value = Double(mantissa)
            if decimalExponent >= 0 {
                value *= exactPowersOfTen[decimalExponent]
            } else {
                value /= exactPowersOfTen[-decimalExponent]
            }
            return .number(negative ? -value : value)
        }
        return .number(slowParse(bytes, from: first, to: end))
    }

    private static func accumulate(_ digit: UInt8, into mantissa: inout UInt64, digits: inout Int,
                                   exponent: inout Int, fraction: Bool) {
        let value = UInt64(digit - 0x30)
        if digits == 0 && value == 0 {
            // Leading zeros are not significant; after the point they still shift.
            if fraction { exponent -= 1 }
            return
        }
        if digits < 19 {
            mantissa = mantissa * 10 + value
            digits += 1
            if fraction { exponent -= 1 }
        } else {
            // Past 19 digits the fast path is off anyway; keep the magnitude right.
            digits += 1
            if !fraction { exponent += 1 }
        }
    }

    private static func parseWord(_ bytes: UnsafeRawBufferPointer, from start: Int, to end: Int,
                                  negative: Bool) -> Result {
        var word = ""
        for k in start..<end { word.unicodeScalars.append(Unicode.Scalar(bytes[k] | 0x20)) }
        switch word {
        case "nan": return .missing
        case "inf", "infinity": return .number(negative ? -.infinity : .infinity)
        default: return .invalid
        }
    }

    private static func slowParse(_ bytes: UnsafeRawBufferPointer, from start: Int, to end: Int) -> Double {
        var text = [CChar](repeating: 0, count: end - start + 1)
        for k in start..<end { text[k - start] = CChar(bitPattern: bytes[k]) }
        return strtod(text, nil)
    }

    @inline(__always) private static func isDigit(_ b: UInt8) -> Bool { b &- 0x30 < 10 }
    @inline(__always) private static func isLetter(_ b: UInt8) -> Bool { (b | 0x20) &- 0x61 < 26 }
}
