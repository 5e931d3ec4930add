import Foundation

/// The y axis' grid: a line at every multiple of a 1-2-5 step (1, 2 or 5 × 10ⁿ) inside
/// the visible range, labelled with the decimals the step needs and no more.
///
/// The step is the one that fits the range's height nearest five times, so three to
/// eight lines are in view (four to seven but where the jump from a 2 to a 5 step
/// leaves no step between). A grid keeps its step while it still gives three to ten
/// lines, so a pan that moves one
/// line in or out of view, or a fit that changes the height a little, changes no label.
public struct YAxisGrid: Equatable, Sendable {
    public var step: Double
    public static let preferredLines = 4...7
    /// The lines a step may give before another is chosen: one more or fewer than
    /// preferred, and the fit's height a little more or less.
    public static let keptLines = 3...10

    public init(step: Double) {
        self.step = step
    }

    /// The grid for `range`, keeping `current`'s step while it gives 3…10 lines there.
    public init(range: ClosedRange<Double>, keeping current: YAxisGrid? = nil) {
        let height = range.upperBound - range.lowerBound
        guard height > 0, height.isFinite else {
            self.init(step: FiniteDomain.smallestSpan(atMagnitude: FiniteDomain.clamp(range.lowerBound)))
            return
        }
        if let current, Self.keptLines.contains(Self.lineCount(step: current.step, in: range)) {
            self = current
            return
        }
        // The 1-2-5 step that fits the height nearest five times (by ratio), from the
        // height alone: where the lines fall does not change the choice.
        let ideal = height / 5
        let finer = Self.niceStep(atLeast: ideal), coarser = Self.niceStep(atLeast: finer * 1.0001)
        let below = finer <= ideal ? finer : Self.step(below: finer)
        let candidates = [below, finer, coarser]
        self.init(step: candidates.min { abs(log($0 / ideal)) < abs(log($1 / ideal)) }!)
    }

    /// The 1-2-5 step just below `step` (itself a 1-2-5 step).
    private static func step(below step: Double) -> Double {
        let decade = NumericTickLadder.power(Int(log10(step * 1.0001).rounded(.down)))
        let mantissa = (step / decade).rounded()
        return mantissa == 1 ? decade / 2 : mantissa == 2 ? decade : decade * 2
    }

    /// The lines inside `range`, bottom first.
    public func values(in range: ClosedRange<Double>) -> [Double] {
        guard step > 0, step.isFinite else { return [] }
        let first = (range.lowerBound / step).rounded(.up), last = (range.upperBound / step).rounded(.down)
        guard first.isFinite, last.isFinite, last >= first, last - first < 1000 else { return [] }
        return stride(from: first, through: last, by: 1).map { $0 * step }
    }

    /// How many multiples of `step` lie in `range` (capped, for steps far too fine).
    static func lineCount(step: Double, in range: ClosedRange<Double>) -> Int {
        let first = (range.lowerBound / step).rounded(.up), last = (range.upperBound / step).rounded(.down)
        guard first.isFinite, last.isFinite else { return 0 }
        return Int(min(max(last - first + 1, 0), 1_000_000))
    }

    /// The smallest 1-2-5 step ≥ `value`.
    static func niceStep(atLeast value: Double) -> Double {
        guard value > 0, value.isFinite else { return 1 }
        var decade = NumericTickLadder.power(Int(log10(value).rounded(.down)))
        while true {
            for m in [1.0, 2, 5] where m * decade >= value * (1 - 1e-12) { return m * decade }
            decade *= 10
        }
    }

    /// A line's label among the lines of `range`: all of them compact alike (by the
    /// range's largest magnitude), the decimals the step needs, a real minus sign.
    public func label(_ value: Double, in range: ClosedRange<Double>) -> String {
        let magnitude = max(abs(range.lowerBound), abs(range.upperBound))
        return ValueFormat.withRealMinus(NumberLabel.format(abs(value) < step * 1e-9 ? 0 : value, step: step, magnitude: magnitude))
    }

    /// The labels of the lines inside `range`.
    public func labels(in range: ClosedRange<Double>) -> [String] {
        values(in: range).map { label($0, in: range) }
    }
}
