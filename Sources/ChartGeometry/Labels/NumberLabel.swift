import Foundation

/// Numbers as axis labels: compact where they are large (`950`, `2,500`, `12K`,
/// `3.4M`, `5B`) and as few decimals as the step between labels needs. A suffix is used
/// only from ten thousand up and only where it leaves at most two decimals, so a narrow
/// view of large values reads `1,005` and `−2,769.8`, not `1.005K` or `−2.7698K`.
public enum NumberLabel {
    private static let suffixes: [(divisor: Double, suffix: String)] = [
        (1e15, "P"), (1e12, "T"), (1e9, "B"), (1e6, "M"), (1e3, "K"),
    ]
    /// The smallest magnitude written with a suffix.
    static let compactFrom = 1e4

    /// The divisor and suffix for labels whose largest magnitude is `magnitude`.
    static func scale(for magnitude: Double) -> (divisor: Double, suffix: String) {
        guard magnitude >= compactFrom else { return (1, "") }
        return suffixes.first { magnitude >= $0.divisor } ?? (1, "")
    }

    /// The scale for labels `step` apart: `scale(for:)`, or none where that would need
    /// more than two decimals (every digit then, grouped).
    static func scale(for magnitude: Double, step: Double) -> (divisor: Double, suffix: String) {
        let scale = self.scale(for: magnitude)
        return step > 0 && decimals(for: step / scale.divisor) > 2 ? (1, "") : scale
    }

    /// `value` for a set of labels `step` apart, with the suffix of `magnitude` (by
    /// default the value's own: `500`, `750`, `1K`, `1.25K`) and the decimals that tell
    /// neighbours apart, trailing zeros dropped.
    public static func format(_ value: Double, step: Double, magnitude: Double? = nil) -> String {
        guard value.isFinite else { return "\(value)" }
        let step = step.isFinite ? step : 0
        let magnitude = magnitude ?? abs(value)
        if needsExponent(magnitude: magnitude, step: step) {
            let exponent = decimalExponent(of: max(magnitude, abs(step)))
            let unit = pow(10, Double(exponent))
            // Up to 14 decimals: the narrowest view (FiniteDomain) is 1e-12 of its values,
            // so its grid steps need 13 to tell neighbours apart.
            return withExponent(value / unit, decimals: decimals(for: abs(step) / unit, atMost: 14), exponent: exponent)
        }
        let (divisor, suffix) = scale(for: magnitude, step: abs(step))
        let decimals = self.decimals(for: abs(step) / divisor)
        var text = String(format: "%.\(decimals)f", abs(value) / divisor)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        guard Double(text) != 0 else { return "0" }
        let parts = text.split(separator: ".", maxSplits: 1)
        text = ValueFormat.grouped(String(parts[0])) + (parts.count == 2 ? "." + parts[1] : "")
        return (value < 0 ? "-" : "") + text + suffix
    }

    /// `value` on its own: up to nine significant digits (fifteen with a power of ten,
    /// where views are narrow next to the values), trailing zeros dropped, so the text
    /// depends on the value alone.
    public static func format(_ value: Double) -> String {
        guard value.isFinite else { return "\(value)" }
        guard value != 0 else { return "0" }
        if needsExponent(magnitude: abs(value), step: abs(value)) {
            let exponent = decimalExponent(of: abs(value))
            return withExponent(value / pow(10, Double(exponent)), decimals: 14, exponent: exponent)
        }
        let (divisor, suffix) = scale(for: abs(value))
        var text = String(format: "%.9g", value / divisor)
        if text.contains("."), !text.contains("e") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text + suffix
    }

    /// `value` alone in `digits` significant digits, compact as its axis writes it:
    /// the suffix of its own magnitude (`1.56B`, `12.3K`), grouped below ten thousand
    /// (`2,021`), a power of ten where the axis uses one; trailing zeros dropped. For a
    /// value that must fit less room than its every digit takes.
    public static func format(_ value: Double, significantDigits digits: Int) -> String {
        guard value.isFinite, value != 0 else { return format(value) }
        let magnitude = abs(value), digits = max(digits, 1)
        if needsExponent(magnitude: magnitude, step: magnitude) {
            // printf's own "e" form: dividing by the power of ten would overflow to
            // infinity for a subnormal (10⁻³²⁴ is 0).
            let parts = String(format: "%.\(digits - 1)e", value).split(separator: "e")
            var mantissa = String(parts[0])
            if mantissa.contains(".") {
                while mantissa.hasSuffix("0") { mantissa.removeLast() }
                if mantissa.hasSuffix(".") { mantissa.removeLast() }
            }
            return mantissa + "e\(Int(parts[1]) ?? 0)"
        }
        let (divisor, suffix) = scale(for: magnitude)
        let scaled = magnitude / divisor
        var text = String(format: "%.\(max(digits - 1 - decimalExponent(of: scaled), 0))f", scaled)
        // 999,960 in three digits rounds to "1000K": it is 1M.
        if divisor > 1, let written = Double(text), written >= 1000 {
            return format(value < 0 ? -1000 * divisor : 1000 * divisor, significantDigits: digits)
        }
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        let parts = text.split(separator: ".", maxSplits: 1)
        text = ValueFormat.grouped(String(parts[0])) + (parts.count == 2 ? "." + parts[1] : "")
        return (value < 0 ? "-" : "") + text + suffix
    }

    /// Whether labels of this size need a power of ten: beyond the largest suffix
    /// (999P), or steps finer than a millionth, which decimals would spell as a row of
    /// zeros.
    static func needsExponent(magnitude: Double, step: Double) -> Bool {
        magnitude >= 1e18 || (step > 0 && abs(step) < 1e-6 && magnitude < 1e-3)
    }

    /// The power of ten of `magnitude`'s leading digit (1e306 → 306, 9.99e99 → 99),
    /// exact where `log10` rounds across a power.
    static func decimalExponent(of magnitude: Double) -> Int {
        var exponent = Int(log10(magnitude).rounded(.down))
        if magnitude / pow(10, Double(exponent)) >= 10 { exponent += 1 }
        if magnitude / pow(10, Double(exponent)) < 1 { exponent -= 1 }
        return exponent
    }

    /// `mantissa` with `decimals` (trailing zeros dropped) and "e" and the exponent:
    /// `1.5e300`, `-2e-310`.
    private static func withExponent(_ mantissa: Double, decimals: Int, exponent: Int) -> String {
        var text = String(format: "%.\(decimals)f", mantissa)
        // A mantissa just under 10 (1e30 read as 9.99…e29) rounds up to "10": one more power.
        if let written = Double(text), abs(written) >= 10 {
            return withExponent(mantissa / 10, decimals: decimals, exponent: exponent + 1)
        }
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return Double(text) == 0 ? "0" : text + "e\(exponent)"
    }

    /// The fewest decimals (0…`limit`) that write `step` exactly: 0.25 → 2, 5 → 0.
    static func decimals(for step: Double, atMost limit: Int = 12) -> Int {
        guard step > 0, step.isFinite else { return 0 }
        var scaled = step
        for d in 0...limit {
            if scaled >= 0.5, abs(scaled - scaled.rounded()) <= 1e-6 * scaled { return d }
            scaled *= 10
        }
        return limit
    }
}
