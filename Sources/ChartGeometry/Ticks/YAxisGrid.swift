import Foundation

/// The y axis' grid: a line at every multiple of a 1-2-5 step (1, 2 or 5 × 10ⁿ) inside
/// the visible range, labelled with the decimals the step needs and no more.
///
/// The step is planned in pixels: lines `preferredSpacing` (60–90) pixels apart, so a
/// taller plot shows more of them (a 800-pixel plot about eleven, not five). Where no
/// 1-2-5 step lands in that band (neighbouring steps are 2 or 2.5 times apart, the band
/// only 1.5) the step nearest it by ratio wins: lines 47 to 116 pixels apart. A grid
/// keeps its step while that step misses the band by at most `keptMargin` (25%) more
/// than the best step would, so a pan, a fit a little taller or shorter, or a window
/// resized a little changes no label, while a step left far from the band (1K lines
/// 44 pixels apart where 2K would be 88) is replaced.
public struct YAxisGrid: Equatable, Sendable {
    public var step: Double
    /// A logarithmic axis's ticks (`YAxisGrid+Log`); `nil` on a linear axis. `step` is
    /// then the smallest gap between its labels, plotted units.
    public var logTicks: LogTicks?
    /// Pixels between lines a new step aims for.
    public static let preferredSpacing = PixelBand(60.0...90.0)
    /// How much further from the band than the best step the current one may be
    /// (as a ratio of spacings) before it is replaced.
    public static let keptMargin = 1.25

    public init(step: Double) {
        self.step = step
    }

    /// The grid for `range` drawn `pixels` tall, keeping `current`'s step while it
    /// misses the band by at most `keptMargin` more than the best step.
    public init(range: ClosedRange<Double>, pixels: Double, keeping current: YAxisGrid? = nil) {
        let height = range.upperBound - range.lowerBound
        guard height > 0, height.isFinite, pixels > 0, pixels.isFinite else {
            self.init(step: FiniteDomain.smallestSpan(atMagnitude: FiniteDomain.clamp(range.lowerBound)))
            return
        }
        let scale = AxisScale(lower: range.lowerBound, upper: range.upperBound, lengthInPixels: pixels)
        let band = Self.preferredSpacing
        func miss(_ step: Double) -> Double { band.miss(scale.pixels(forSpan: step)) }
        // The finest step at least the band's low end apart, or the one below it, which
        // ever misses the band by the smaller ratio: from the height alone, so where the
        // lines fall does not change the choice.
        let wide = Self.niceStep(atLeast: scale.span(forPixels: band.pixels.lowerBound))
        let narrow = Self.step(below: wide)
        let best = miss(wide) <= miss(narrow) ? wide : narrow
        if let current, current.step > 0, miss(current.step) <= miss(best) + log(Self.keptMargin) {
            self = current
            return
        }
        self.init(step: best)
    }

    /// The 1-2-5 step just below `step` (itself a 1-2-5 step).
    private static func step(below step: Double) -> Double {
        let decade = NumericTickLadder.power(Int(log10(step * 1.0001).rounded(.down)))
        let mantissa = (step / decade).rounded()
        return mantissa == 1 ? decade / 2 : mantissa == 2 ? decade : decade * 2
    }

    /// The lines inside `range`, bottom first.
    public func values(in range: ClosedRange<Double>) -> [Double] {
        if let logTicks { return logTicks.labelled(in: range) }
        guard step > 0, step.isFinite else { return [] }
        let first = (range.lowerBound / step).rounded(.up), last = (range.upperBound / step).rounded(.down)
        guard first.isFinite, last.isFinite, last >= first, last - first < 1000 else { return [] }
        return stride(from: first, through: last, by: 1).map { $0 * step }
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
        if let logTicks { return logTicks.label(value, in: range) }
        let magnitude = max(abs(range.lowerBound), abs(range.upperBound))
        return ValueFormat.withRealMinus(NumberLabel.format(abs(value) < step * 1e-9 ? 0 : value, step: step, magnitude: magnitude))
    }
}
