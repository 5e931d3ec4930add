/// Ticks for a plain number axis: steps of 1, 2 and 5 × 10ⁿ. A 2 → 5 step does not
/// nest (it is the only one); time axes use `CalendarTickLadder`, which always does.
public struct NumericTickLadder: TickLadder {
    public init() {}

    /// Level 0 is a step of 1; each level up multiplies by 2, 2.5, 2 in turn; level 923
    /// is 5e307, the coarsest step a view within `FiniteDomain` needs.
    public var levels: ClosedRange<Int> { -900...923 }

    public func spacing(ofLevel level: Int) -> Double {
        let decade = level >= 0 ? level / 3 : -((-level + 2) / 3)
        let mantissa = [1.0, 2.0, 5.0][level - decade * 3]
        return mantissa * Self.power(decade)
    }

    /// An exact power of ten for printing: 10⁻³ as 0.001, not 0.0010000000000000002.
    static func power(_ exponent: Int) -> Double {
        exponent >= 0 ? pow10(exponent) : 1 / pow10(-exponent)
    }

    private static func pow10(_ n: Int) -> Double {
        var result = 1.0
        for _ in 0..<min(n, 308) { result *= 10 }
        return result
    }

    public func ticks(ofLevel level: Int, in range: ClosedRange<Double>) -> [Double] {
        let step = spacing(ofLevel: level)
        guard step > 0, range.upperBound.isFinite, range.lowerBound.isFinite else { return [] }
        let first = (range.lowerBound / step).rounded(.up), last = (range.upperBound / step).rounded(.down)
        guard last >= first, last - first < 10_000 else { return [] }
        return stride(from: first, through: last, by: 1).map { $0 * step }
    }

    public func label(for value: Double, level: Int) -> String {
        ValueFormat.withRealMinus(NumberLabel.format(value))
    }
}
