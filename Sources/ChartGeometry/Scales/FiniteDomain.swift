/// The part of the number line a view may cover, so that every span, scale and label
/// computed from it stays finite.
///
/// Data may hold any finite `Double` (±1.79e308, denormals); a view of it may not: the
/// width of −1.79e308…1.79e308 overflows to infinity, and the pixels per unit of a
/// denormal-wide view do too. Views are therefore kept within ±2¹⁰²⁰ (any difference
/// of two such values is finite, with room for padding), at least 2⁻¹⁰⁰ (7.9e-31) wide
/// (so pixels per unit fit the GPU's `Float` on any screen; data finer than that is
/// drawn within one pixel), and no narrower than `Double` can still tell apart at
/// their magnitude.
public enum FiniteDomain {
    /// The largest magnitude a view's edge may have, data units.
    public static let limit = 0x1p1020
    /// The narrowest span a view may have, data units.
    public static let smallestSpan = 0x1p-100
    /// The narrowest span relative to the magnitude of its edges: below it neighbouring
    /// `Double`s (2.2e-16 apart, relatively) would be a visible fraction of a pixel apart.
    public static let smallestRelativeSpan = 1e-12

    /// `value` within ±`limit`; NaN becomes 0.
    public static func clamp(_ value: Double) -> Double {
        guard !value.isNaN else { return 0 }
        return min(max(value, -limit), limit)
    }

    /// `upper − lower` without overflow: the largest finite value where the true
    /// difference would not be finite.
    public static func span(from lower: Double, to upper: Double) -> Double {
        let difference = upper - lower
        return difference.isFinite ? difference : .greatestFiniteMagnitude
    }

    /// The narrowest span allowed around values of `magnitude`.
    public static func smallestSpan(atMagnitude magnitude: Double) -> Double {
        max(smallestSpan, abs(magnitude) * smallestRelativeSpan)
    }

    /// `range` within ±`limit` and at least as wide as `smallestSpan(atMagnitude:)`,
    /// widened about its middle where it was narrower. Non-finite ends are clamped.
    public static func clamp(_ range: ClosedRange<Double>) -> ClosedRange<Double> {
        var lower = clamp(range.lowerBound)
        var upper = clamp(range.upperBound)
        if lower > upper { swap(&lower, &upper) }
        let least = smallestSpan(atMagnitude: max(abs(lower), abs(upper)))
        if upper - lower < least {
            let middle = lower / 2 + upper / 2
            lower = middle - least / 2
            upper = middle + least / 2
            if upper > limit { (lower, upper) = (limit - least, limit) }
            if lower < -limit { (lower, upper) = (-limit, -limit + least) }
        }
        return lower...upper
    }

    /// `rect` with both of its ranges clamped as `clamp(_:)` does.
    public static func clamp(_ rect: DataRect) -> DataRect {
        let x = clamp(rect.minX...rect.maxX), y = clamp(rect.minY...rect.maxY)
        return DataRect(minX: x.lowerBound, maxX: x.upperBound, minY: y.lowerBound, maxY: y.upperBound)
    }
}
