import Foundation

/// A value as a person reads it on the info board, the value label and in summaries:
/// the decimals the data was written with, cut to six significant digits but never
/// below two (a price keeps its cents), digits grouped in threes, and a real minus
/// sign: `1,556.22`, `12,143.47`, `−741.298`, `0.00125`.
/// (Axis labels are `NumberLabel`'s: compact, with K, M and G.)
public enum ValueFormat {
    public static let significantDigits = 6
    /// Decimals kept however large the value, where the data has them.
    public static let keptDecimals = 2
    /// The minus sign (U+2212), as wide as the plus, unlike the hyphen.
    public static let minus = "\u{2212}"

    /// `value` written with at most `dataDecimals` decimals.
    public static func string(_ value: Double, dataDecimals: Int) -> String {
        guard !value.isNaN else { return "—" }
        guard value.isFinite else { return value < 0 ? minus + "∞" : "∞" }
        let magnitude = abs(value)
        // Beyond a thousand trillion, or so small that decimals would be a row of
        // zeros, the axis' power of ten says it in fewer characters.
        if magnitude >= 1e15 || (magnitude > 0 && magnitude < 1e-6) {
            return scientific(value)
        }
        let integerDigits = magnitude == 0 ? 1 : NumberLabel.decimalExponent(of: magnitude) + 1
        let decimals = min(max(dataDecimals, 0), max(significantDigits - integerDigits, keptDecimals))
        let digits = String(format: "%.\(decimals)f", magnitude)
        let parts = digits.split(separator: ".", maxSplits: 1)
        var text = grouped(String(parts[0]))
        if parts.count == 2 { text += "." + parts[1] }
        let isZero = !digits.contains { $0 != "0" && $0 != "." }
        return value < 0 && !isZero ? minus + text : text
    }

    /// `value` as a mantissa of at most six significant digits and a power of ten:
    /// `2.5e20`, `−1.5e−9`.
    static func scientific(_ value: Double) -> String {
        let exponent = NumberLabel.decimalExponent(of: abs(value))
        var mantissa = String(format: "%.\(significantDigits - 1)f", mantissaOf(abs(value), exponent: exponent))
        var shift = exponent
        if mantissa.hasPrefix("10") {
            // Rounding carried into another digit: 9.999999e9 is 1e10.
            shift += 1
            mantissa = String(format: "%.\(significantDigits - 1)f", mantissaOf(abs(value), exponent: shift))
        }
        while mantissa.hasSuffix("0") { mantissa.removeLast() }
        if mantissa.hasSuffix(".") { mantissa.removeLast() }
        let power = shift < 0 ? minus + "\(-shift)" : "\(shift)"
        return (value < 0 ? minus : "") + mantissa + "e" + power
    }

    /// `magnitude` / 10^`exponent`, in two steps: 10⁻³²⁴ alone is 0 as a `Double` (a
    /// subnormal's mantissa would be infinite) and 10³⁰⁸ × 10 is infinite.
    private static func mantissaOf(_ magnitude: Double, exponent: Int) -> Double {
        let half = exponent / 2
        return magnitude / pow(10, Double(half)) / pow(10, Double(exponent - half))
    }

    /// `digits` (no sign) with a comma before each group of three from the right.
    static func grouped(_ digits: String) -> String {
        guard digits.count > 3 else { return digits }
        var result = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { result += "," }
            result.append(digit)
        }
        return result
    }

    /// `text` with a leading hyphen-minus made a real minus.
    public static func withRealMinus(_ text: String) -> String {
        text.hasPrefix("-") ? minus + text.dropFirst() : text
    }
}
