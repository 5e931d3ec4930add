import Foundation

/// The y axis' grid lines: `bottom + i × step`, six of them, with nice steps.
///
/// When the view is fitted with `fit(min:max:)` the range is `bottom … bottom +
/// span × step`, so the six lines sit at fixed screen heights (i / 5.5 of the plot)
/// with round values; for any other range (the user zoomed y) they are the round values
/// inside it, four to six of them.
public struct YAxisGrid: Equatable, Sendable {
    public var bottom: Double
    public var step: Double
    public static let lineCount = 6
    /// The range in steps: the top line sits at 5 / 5.5 of the height, leaving room
    /// for its label and the data's top.
    public static let span = 5.5
    /// Steps × 10ⁿ allowed: close together, so a fitted range wastes little height.
    static let mantissas: [Double] = [1, 1.5, 2, 2.5, 3, 4, 5, 6, 8]

    public init(bottom: Double, step: Double) {
        self.bottom = bottom
        self.step = step
    }

    /// The round lines inside `range`: for a fitted range, its six lines from its bottom.
    public init(range: ClosedRange<Double>) {
        let height = range.upperBound - range.lowerBound
        guard height > 0, height.isFinite else {
            let bottom = FiniteDomain.clamp(range.lowerBound)
            self.init(bottom: bottom, step: FiniteDomain.smallestSpan(atMagnitude: bottom))
            return
        }
        let fittedStep = Self.niceStep(atLeast: height / Self.span * (1 - 1e-9))
        let bottomSteps = range.lowerBound / fittedStep
        if abs(height - Self.span * fittedStep) <= height * 1e-9, abs(bottomSteps - bottomSteps.rounded()) < 1e-6 {
            self.init(bottom: bottomSteps.rounded() * fittedStep, step: fittedStep)
            return
        }
        // Up to 6.5 steps in view: at least four lines fall inside, at most six are drawn.
        let step = Self.niceStep(atLeast: height / 6.5)
        self.init(bottom: (range.lowerBound / step).rounded(.up) * step, step: step)
        top = range.upperBound
    }

    /// The range's top for a grid made from a range: lines above it are left out.
    private var top: Double?

    public var values: [Double] {
        let all = (0..<Self.lineCount).map { bottom + Double($0) * step }
        guard let top else { return all }
        return all.filter { $0 <= top + step * 1e-9 }
    }

    /// The grid's extent, from its bottom line to 5.5 steps above it; always a valid,
    /// finite range.
    public var range: ClosedRange<Double> {
        let top = bottom + Self.span * step
        guard bottom.isFinite, top.isFinite, top > bottom else { return FiniteDomain.clamp(bottom...bottom) }
        return bottom...top
    }

    /// The grid with the smallest nice step whose range holds `min…max` with a sliver
    /// (2% of the data's height) above and below, so lines at the extremes are not cut;
    /// data that never goes below zero keeps zero as its bottom line.
    /// - Complexity: O(1).
    public static func fit(min low: Double, max high: Double) -> YAxisGrid {
        guard low.isFinite, high.isFinite else { return YAxisGrid(bottom: 0, step: 1) }
        let nonNegative = low >= 0
        // Well inside the finite domain, so the padding, the rounding to a step and the
        // top line stay finite for data out to ±1.79e308.
        let bound = FiniteDomain.limit / 16
        var low = min(max(low, -bound), bound), high = min(max(high, -bound), bound)
        if high <= low {
            let pad = Swift.max(abs(low) * 0.1, 1)
            (low, high) = (low - pad, high + pad)
        }
        let pad = (high - low) * 0.02
        low -= pad
        high += pad
        var step = niceStep(atLeast: (high - low) / span)
        for _ in 0..<8 {
            var bottom = (low / step).rounded(.down) * step
            if nonNegative { bottom = Swift.max(bottom, 0) }
            if bottom + span * step >= high { return YAxisGrid(bottom: bottom, step: step) }
            step = niceStep(atLeast: step * 1.0001)
        }
        return YAxisGrid(bottom: low, step: (high - low) / span)
    }

    /// The smallest allowed step ≥ `value`.
    static func niceStep(atLeast value: Double) -> Double {
        guard value > 0, value.isFinite else { return 1 }
        var decade = NumericTickLadder.power(Int((value.log10()).rounded(.down)))
        while true {
            for m in mantissas where m * decade >= value * (1 - 1e-12) { return m * decade }
            decade *= 10
        }
    }

    /// The label of each line, with SI suffixes and the decimals that tell them apart.
    public var labels: [String] {
        values.map { NumberLabel.format($0, step: step) }
    }
}

private extension Double {
    func log10() -> Double { Foundation.log10(self) }
}
