/// The least-squares line y = a + b·x through points added one at a time, kept as
/// running means and sums of squared deviations (Welford's update) rather than raw sums:
/// x in Unix seconds (1.6e9) over ten million points would lose every digit of Σx² to
/// rounding, the deviations lose none.
public struct LinearFit: Equatable, Sendable {
    /// Points added.
    public private(set) var count = 0
    public private(set) var meanX = 0.0
    public private(set) var meanY = 0.0
    /// Σ(x − x̄)², Σ(x − x̄)(y − ȳ) and Σ(y − ȳ)², in squared data units.
    private var sxx = 0.0
    private var sxy = 0.0
    private var syy = 0.0

    public init() {}

    /// Adds the point (`x`, `y`); both must be finite.
    /// - Complexity: O(1).
    @inline(__always)
    public mutating func add(x: Double, y: Double) {
        count += 1
        let n = Double(count)
        let dx = x - meanX
        let dy = y - meanY
        meanX += dx / n
        meanY += dy / n
        // The old deviation of one coordinate times the new one of the other: the exact
        // update of each co-moment.
        sxx += dx * (x - meanX)
        sxy += dx * (y - meanY)
        syy += dy * (y - meanY)
    }

    /// The line's slope, y units per x unit; `nil` with fewer than two distinct x.
    public var slope: Double? {
        guard count >= 2, sxx > 0 else { return nil }
        let slope = sxy / sxx
        return slope.isFinite ? slope : nil
    }

    /// The share of y's variation around its mean the line accounts for (R², 0…1);
    /// `nil` without a slope or when every y is the same (nothing to account for).
    public var rSquared: Double? {
        guard slope != nil, syy > 0 else { return nil }
        let r2 = sxy * sxy / (sxx * syy)
        return r2.isFinite ? min(max(r2, 0), 1) : nil
    }
}
