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
///
/// With `decimalComma`, a comma may stand for the decimal point (`1,5`), as European
/// spreadsheets write numbers in `;`- and tab-separated files; thousands separators are
/// not read here (`GroupedNumber` reads them where this read fails). Checking for it costs one comparison, and only where a number's
/// digits stop, so the comma-free fast path is unchanged.
enum DecimalParser {
    /// The outcome of reading one field.
    enum Result: Equatable {
        case number(Double)
        /// An empty field: a gap in the series.
        case missing
        /// A word sources write for "no value" (`null`, `NA`, `N/A`, `#N/A`, `-`, `nan`,
        /// in any case): a gap too, which the loader counts and reports once.
        case missingWord
        /// Not a number; the loader reports it with the field's text.
        case invalid
        /// Written as a number, but beyond a Double's range (`1e999`).
        case outOfRange
    }

    /// Reads `bytes[start..<end]`, ignoring spaces around the number.
    /// - Complexity: O(end − start).
    @inline(__always)
    static func parse(_ bytes: UnsafeRawBufferPointer, from start: Int, to end: Int,
                      decimalComma: Bool = false) -> Result {
        guard let base = bytes.baseAddress, start < end else { return .missing }
        let p = base.assumingMemoryBound(to: UInt8.self)
        var i = start
        var end = end
        while i < end, p[i] == 0x20 || p[i] == 0x09 { i += 1 }
        while end > i, p[end - 1] == 0x20 || p[end - 1] == 0x09 { end -= 1 }
        if i == end { return .missing }
        var letter = i
        if p[letter] == UInt8(ascii: "-") || p[letter] == UInt8(ascii: "+") { letter += 1 }
        if letter < end, (p[letter] | 0x20) &- 0x61 < 26 {
            return parseWord(bytes, from: letter, to: end, signed: letter > i, negative: p[i] == UInt8(ascii: "-"))
        }
        guard let (value, stop) = parsePrefix(p, from: i, limit: end, decimalComma: decimalComma), stop == end else {
            return isMissingMark(p, from: i, to: end) ? .missingWord : .invalid
        }
        if let value { return .number(value) }
        let slow = slowParse(bytes, from: i, to: end)
        return slow.isFinite ? .number(slow) : .outOfRange
    }

    /// Reads the longest number at `start` (sign, digits, fraction, exponent) without
    /// looking past `limit`, for parsing a field in the same pass that finds its end.
    /// - Returns: the value (`nil` when it needs the slow path, `strtod`) and where the
    ///   number stops; `nil` when no number starts there.
    /// - Parameters:
    ///   - decimalComma: whether a comma marks decimals.
    ///   - point: whether a point marks decimals (not where a column's mark is a comma,
    ///     nor where only integers are wanted: the number then stops at the mark).
    /// - Complexity: O(length of the number).
    @inline(__always)
    static func parsePrefix(_ p: UnsafePointer<UInt8>, from start: Int, limit end: Int,
                            decimalComma: Bool = false, point: Bool = true) -> (Double?, Int)? {
        var i = start
        var negative = false
        if i < end, p[i] == UInt8(ascii: "-") || p[i] == UInt8(ascii: "+") {
            negative = p[i] == UInt8(ascii: "-")
            i += 1
        }
        // Up to 19 significant digits fit a UInt64; further ones only shift the exponent.
        var mantissa: UInt64 = 0
        var significantDigits = 0
        var decimalExponent = 0
        var sawDigit = false
        while i < end {
            let d = p[i] &- 0x30
            if d >= 10 { break }
            sawDigit = true
            if significantDigits < 19 {
                mantissa = mantissa &* 10 &+ UInt64(d)
                if mantissa != 0 { significantDigits += 1 }
            } else {
                decimalExponent += 1
            }
            i += 1
        }
        if i < end, (point && p[i] == UInt8(ascii: ".")) || (decimalComma && p[i] == UInt8(ascii: ",")) {
            i += 1
            while i < end {
                let d = p[i] &- 0x30
                if d >= 10 { break }
                sawDigit = true
                if significantDigits < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(d)
                    if mantissa != 0 { significantDigits += 1 }
                    decimalExponent -= 1
                }
                i += 1
            }
        }
        guard sawDigit else { return nil }
        if i < end, p[i] | 0x20 == UInt8(ascii: "e") {
            i += 1
            var exponentNegative = false
            if i < end, p[i] == UInt8(ascii: "-") || p[i] == UInt8(ascii: "+") {
                exponentNegative = p[i] == UInt8(ascii: "-")
                i += 1
            }
            guard i < end, p[i] &- 0x30 < 10 else { return nil }
            var exponent = 0
            while i < end, p[i] &- 0x30 < 10 {
                if exponent < 100_000 { exponent = exponent * 10 + Int(p[i] - 0x30) }
                i += 1
            }
            decimalExponent += exponentNegative ? -exponent : exponent
        }
        guard significantDigits < 19, mantissa <= 1 << 53, decimalExponent >= -22, decimalExponent <= 22 else {
            return (nil, i)
        }
        var value = Double(mantissa)
        if decimalExponent >= 0 {
            value *= powerOfTen(decimalExponent)
        } else {
            value /= powerOfTen(-decimalExponent)
        }
        return (negative ? -value : value, i)
    }

    /// 10^e for 0 ≤ e ≤ 22, all exactly representable in a Double: a table the switch
    /// compiles to (a loop of squares took about a tenth of `parsePrefix`'s time on W1).
    @inline(__always)
    private static func powerOfTen(_ e: Int) -> Double {
        switch e {
        case 0: 1
        case 1: 1e1
        case 2: 1e2
        case 3: 1e3
        case 4: 1e4
        case 5: 1e5
        case 6: 1e6
        case 7: 1e7
        case 8: 1e8
        case 9: 1e9
        case 10: 1e10
        case 11: 1e11
        case 12: 1e12
        case 13: 1e13
        case 14: 1e14
        case 15: 1e15
        case 16: 1e16
        case 17: 1e17
        case 18: 1e18
        case 19: 1e19
        case 20: 1e20
        case 21: 1e21
        default: 1e22
        }
    }

    /// A field that starts with a letter (after an optional sign): infinity, or a word
    /// for "no value". Only fields that are not numbers get here, so recognising the
    /// words costs the numbers nothing.
    private static func parseWord(_ bytes: UnsafeRawBufferPointer, from start: Int, to end: Int,
                                  signed: Bool, negative: Bool) -> Result {
        // The longest word known is "infinity"; a longer field is none of them.
        guard end - start <= 8 else { return .invalid }
        var word = ""
        for k in start..<end {
            let byte = bytes[k]
            word.unicodeScalars.append(Unicode.Scalar(byte &- 0x41 < 26 ? byte | 0x20 : byte))
        }
        switch word {
        case "nan": return .missingWord
        case "na", "n/a", "null": return signed ? .invalid : .missingWord
        case "inf", "infinity": return .number(negative ? -.infinity : .infinity)
        default: return .invalid
        }
    }

    /// Whether `p[start..<end]` is one of the marks for "no value" that do not start
    /// with a letter: `-` (as Excel and many reports write it) and `#N/A` (a spreadsheet's
    /// failed lookup), in any case.
    private static func isMissingMark(_ p: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Bool {
        switch end - start {
        case 1:
            return p[start] == UInt8(ascii: "-")
        case 4:
            return p[start] == UInt8(ascii: "#") && p[start + 1] | 0x20 == UInt8(ascii: "n")
                && p[start + 2] == UInt8(ascii: "/") && p[start + 3] | 0x20 == UInt8(ascii: "a")
        default:
            return false
        }
    }

    private static func slowParse(_ bytes: UnsafeRawBufferPointer, from start: Int, to end: Int) -> Double {
        var text = [CChar](repeating: 0, count: end - start + 1)
        // strtod reads a point (in the C locale); a decimal comma got this far only
        // where one was allowed.
        for k in start..<end { text[k - start] = CChar(bitPattern: bytes[k] == 0x2C ? 0x2E : bytes[k]) }
        return strtod(text, nil)
    }

}
