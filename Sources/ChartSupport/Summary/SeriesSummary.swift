import ChartData
import ChartGeometry

/// What one series (or a stack's total) did over an x range: its first and last value,
/// its lowest and highest with where they were, and its trend. Values are in data units;
/// `decimals` is how they were written, for `ValueFormat`.
public struct SeriesSummary: Equatable, Sendable {
    /// A point of the series: x and y in data units.
    public typealias Point = RangeStatistics.Point

    /// Which way a straight line through the points goes, as `Trend.direction(…)` decides.
    public enum Direction: String, Equatable, Sendable {
        case up, down, flat
    }

    /// The least-squares line through the points in view.
    public struct Trend: Equatable, Sendable {
        public var direction: Direction
        /// y units per x unit.
        public var slope: Double
        /// The share of the variation the line accounts for, 0…1.
        public var rSquared: Double
        /// The line's rise over the points' x span, y units: slope × (last x − first x).
        public var fittedChange: Double
        /// `fittedChange` as a share of the range of values in view (max − min), 0 when
        /// every value is the same.
        public var shareOfRange: Double

        /// A line explaining less of the variation than this is no trend: the points
        /// wander around it (noise, a cycle), whichever way it tilts.
        public static let leastRSquared = 0.1
        /// A line whose rise over the view is less than this share of the values'
        /// range is level: a tilt no one would see on the chart.
        public static let leastShareOfRange = 0.01

        /// Up or down by the slope's sign, unless the line is level (`leastShareOfRange`)
        /// or explains little (`leastRSquared`): then flat.
        public static func direction(slope: Double, rSquared: Double, shareOfRange: Double) -> Direction {
            if abs(shareOfRange) < leastShareOfRange || rSquared < leastRSquared { return .flat }
            return slope > 0 ? .up : .down
        }
    }

    /// The series' name (a stack's total is named for it, "Total").
    public var name: String
    /// Decimals the values were written with.
    public var decimals: Int
    /// Points with a finite value in view.
    public var pointCount = 0
    /// The earliest and latest finite points in view.
    public var first: Point?
    public var last: Point?
    /// The lowest and highest finite points in view (the earliest of equal ones).
    public var minimum: Point?
    public var maximum: Point?
    /// `nil` with fewer than two distinct x in view.
    public var trend: Trend?
    /// On a logarithmic axis: the least-squares line through log10 of the values (its
    /// slope is log10 units per x unit), which `ChartSummary` reads as a compounded
    /// rate; `nil` on a linear axis.
    public var logTrend: Trend?
    /// The median size of a step from one value to the next in view, y units; `nil`
    /// with fewer than `leastStepsForScale` steps. The series' own scale of change.
    public var typicalStep: Double?
    /// The median magnitude of the values in view (of the same sample as `typicalStep`);
    /// `nil` where `typicalStep` is. The series' own size.
    public var typicalMagnitude: Double?
    /// The range's count, mean and standard deviation beside its extremes, where asked
    /// for (`ChartSummary.withStatistics`, what `describe` prints); `nil` otherwise.
    public var statistics: RangeStatistics?

    /// Steps needed before `typicalStep` says anything: with fewer, a single step is
    /// the whole change, and a price that rose 30% from one month to the next is no
    /// base "near zero".
    public static let leastStepsForScale = 16
    /// A first value within this many typical steps of zero is too close to it for a
    /// percentage: a few ordinary steps would halve, double or flip it.
    public static let stepsFromZeroForPercent = 5.0
    /// ... and under this share of the series' typical magnitude: a noisy series far
    /// from zero (a day's volume swinging by a quarter) also moves a fifth of its size a
    /// step, and its percentages mean what they say.
    public static let shareOfMagnitudeForPercent = 0.25
    /// Steps sampled for `typicalStep`, spread evenly over the view: the median of a
    /// few thousand is as good as all of ten million, without holding them.
    static let sampledSteps = 4096

    public init(name: String, decimals: Int) {
        self.name = name
        self.decimals = decimals
    }

    /// Last minus first, y units; `nil` without points or where it overflows.
    public var change: Double? {
        guard let first, let last else { return nil }
        let change = last.y - first.y
        return change.isFinite ? change : nil
    }

    /// Why `change` has no percentage.
    public enum PercentWithheld: String, Equatable, Sendable {
        /// The first value is 0: nothing to take a percentage of.
        case startsAtZero
        /// The values in view lie on both sides of zero.
        case crossesZero
        /// The first value is within `stepsFromZeroForPercent` typical steps of zero and
        /// under `shareOfMagnitudeForPercent` of the typical magnitude.
        case nearZero
    }

    /// Why the change is given without a percentage, `nil` where it has one (or no change).
    ///
    /// A percentage of the first value means something only on a scale whose zero is a
    /// real nothing (prices, counts), and there the values keep one sign. Values on both
    /// sides of zero in view (a random walk, °C, a balance) have a zero that is only where
    /// the scale happens to put it: a first value of 1.29 ending near −300 is "−23,247%",
    /// a number that depends on how close to that zero the walk began, not on the walk.
    /// The same holds where one sign is kept but the first value sits a few of the
    /// series' own steps from zero (a walk from 1.29 with steps of about 1, 0.2 °C with
    /// hourly swings of half a degree) and is small beside the series' own size: a
    /// volume of 2 billion whose days swing by a quarter is a few steps from zero too,
    /// but no nearer it than its typical day. The base is measured against the series' steps,
    /// not against its range: 1% of the range would also withhold the +21,000% of a
    /// price that rose from 17 to 3,800, whose daily steps were a few cents.
    public var percentWithheld: PercentWithheld? {
        guard let first, change != nil else { return nil }
        if first.y == 0 { return .startsAtZero }
        if let minimum, let maximum, minimum.y < 0, maximum.y > 0 { return .crossesZero }
        if let typicalStep, let typicalMagnitude, abs(first.y) < Self.stepsFromZeroForPercent * typicalStep,
           abs(first.y) < Self.shareOfMagnitudeForPercent * typicalMagnitude {
            return .nearZero
        }
        return nil
    }

    /// `change` as a percent of the first value's magnitude; `nil` where `percentWithheld`
    /// says why not.
    public var changePercent: Double? {
        guard let first, let change, percentWithheld == nil else { return nil }
        let percent = change / abs(first.y) * 100
        return percent.isFinite ? percent : nil
    }

    /// Measures the finite values `y(i)` at the indices `indices` of `xs`; NaN and
    /// infinities are skipped.
    /// - Complexity: O(`indices.count`), one pass, and sorts of at most `sampledSteps`
    ///   steps and values.
    static func measuring(name: String, decimals: Int, xs: XValues, indices: Range<Int>,
                          _ y: (Int) -> Double) -> SeriesSummary {
        measuringWithExtremes(name: name, decimals: decimals, xs: xs, indices: indices, y).summary
    }

    /// `measuring`, with the extremes its pass found, for a `RangeStatistics` of the
    /// same values that need not find them again.
    static func measuringWithExtremes(name: String, decimals: Int, xs: XValues, indices: Range<Int>,
                                      _ y: (Int) -> Double) -> (summary: SeriesSummary, extremes: RangeStatistics.Extremes) {
        var summary = SeriesSummary(name: name, decimals: decimals)
        var fit = LinearFit()
        var extremes = RangeStatistics.Extremes()
        var steps: [Double] = []
        var magnitudes: [Double] = []
        let stride = max(1, indices.count / sampledSteps)
        var stepCount = 0
        for i in indices {
            let value = y(i)
            guard value.isFinite else { continue }
            if extremes.count > 0 {
                if stepCount % stride == 0 {
                    steps.append(abs(value - extremes.lastY))
                    magnitudes.append(abs(value))
                }
                stepCount += 1
            }
            extremes.add(value, at: i)
            fit.add(x: xs[i], y: value)
        }
        guard extremes.count > 0 else { return (summary, extremes) }
        let found = RangeStatistics(xs: xs, extremes: extremes)
        summary.pointCount = found.count
        (summary.first, summary.last, summary.minimum, summary.maximum) = (found.first, found.last, found.minimum, found.maximum)
        if stepCount >= leastStepsForScale, !steps.isEmpty {
            steps.sort()
            magnitudes.sort()
            let step = steps[steps.count / 2], magnitude = magnitudes[magnitudes.count / 2]
            if step.isFinite, magnitude.isFinite { (summary.typicalStep, summary.typicalMagnitude) = (step, magnitude) }
        }
        if let slope = fit.slope {
            let fitted = slope * (xs[extremes.lastIndex] - xs[extremes.firstIndex])
            let spread = extremes.high - extremes.low
            let share = spread > 0 ? fitted / spread : 0
            let r2 = fit.rSquared ?? 0
            if fitted.isFinite, share.isFinite {
                summary.trend = Trend(direction: Trend.direction(slope: slope, rSquared: r2, shareOfRange: share),
                                      slope: slope, rSquared: r2, fittedChange: fitted, shareOfRange: share)
            }
        }
        return (summary, extremes)
    }
}
