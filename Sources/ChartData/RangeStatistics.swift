/// One series' statistics over the points whose x lies in a closed range: how many
/// finite values it has there, its first and last, its lowest and highest (each with its
/// x), its mean and its standard deviation. What the measure between two points shows
/// per series and `describe` prints; always from the data itself, never from a level of
/// detail drawn for it.
///
/// The standard deviation is the *sample* one (dividing by n − 1, as spreadsheets'
/// `STDEV` and pandas' `std` do): the points in a range are a sample of the series.
/// Mean and deviation come from two passes with compensated sums (the corrected
/// two-pass algorithm of Chan, Golub and LeVeque): the deviation of ten million values
/// of 1e9 plus noise of 1 is right to many digits, where the one-pass sum of squares
/// gives noise or a negative variance. Values near ±1.8e308 are scaled by a power of two
/// first, so nothing overflows.
public struct RangeStatistics: Equatable, Sendable {
    /// A point of the series, x and y in data units.
    public struct Point: Equatable, Sendable {
        public var x: Double
        public var y: Double

        public init(x: Double, y: Double) {
            self.x = x
            self.y = y
        }
    }

    /// Finite values in the range (NaN gaps and infinities are skipped everywhere).
    public var count = 0
    /// The earliest and latest finite points.
    public var first: Point?
    public var last: Point?
    /// The lowest and highest finite points (the earliest of equal ones).
    public var minimum: Point?
    public var maximum: Point?
    /// The mean of the finite values; `nil` without any.
    public var mean: Double?
    /// The sample standard deviation (n − 1); `nil` with fewer than two values.
    public var standardDeviation: Double?

    /// Measures `ys` (one value per x of `xs`) at the indices `indices`.
    /// - Complexity: O(`indices.count`): three passes.
    public init(xs: XValues, ys: [Double], indices: Range<Int>) {
        var low = Double.infinity, high = -Double.infinity
        var firstIndex = -1, lastIndex = -1, lowIndex = -1, highIndex = -1
        for i in indices {
            let y = ys[i]
            guard y.isFinite else { continue }
            if firstIndex < 0 { firstIndex = i }
            lastIndex = i
            count += 1
            if y < low { (low, lowIndex) = (y, i) }
            if y > high { (high, highIndex) = (y, i) }
        }
        guard count > 0 else { return }
        first = Point(x: xs[firstIndex], y: ys[firstIndex])
        last = Point(x: xs[lastIndex], y: ys[lastIndex])
        minimum = Point(x: xs[lowIndex], y: low)
        maximum = Point(x: xs[highIndex], y: high)
        // A power of two keeps the scaled values exact, and under it no sum overflows.
        let largest = max(abs(low), abs(high))
        let scale = largest > 0x1p500 ? Double(sign: .plus, exponent: largest.exponent, significand: 1) : 1
        var sum = CompensatedSum()
        for i in firstIndex...lastIndex where ys[i].isFinite { sum.add(ys[i] / scale) }
        let n = Double(count)
        let scaledMean = min(max(sum.value / n, low / scale), high / scale)
        mean = scaledMean * scale
        guard count > 1 else { return }
        var deviations = CompensatedSum(), squares = CompensatedSum()
        for i in firstIndex...lastIndex where ys[i].isFinite {
            let d = ys[i] / scale - scaledMean
            deviations.add(d)
            squares.add(d * d)
        }
        // The correction term removes what rounding left in the mean.
        let variance = max(squares.value - deviations.value * deviations.value / n, 0) / (n - 1)
        standardDeviation = variance.squareRoot() * scale
    }

    /// Measures `ys` over the points whose x lies in `range`.
    /// - Complexity: O(log n + points in range).
    public init(xs: XValues, ys: [Double], overX range: ClosedRange<Double>) {
        self.init(xs: xs, ys: ys, indices: Self.indices(of: xs, overX: range))
    }

    /// The indices of the points whose x lies in `range`.
    /// - Complexity: O(log n).
    public static func indices(of xs: XValues, overX range: ClosedRange<Double>) -> Range<Int> {
        let first = xs.partitionPoint { $0 < range.lowerBound }
        let end = xs.partitionPoint { $0 <= range.upperBound }
        return first..<max(first, end)
    }
}

extension Dataset {
    /// The statistics of series `series` over the points whose x lies in `range`.
    /// - Complexity: O(log n + points in range).
    public func statistics(ofSeries series: Int, overX range: ClosedRange<Double>) -> RangeStatistics {
        RangeStatistics(xs: xs, ys: self.series[series].ys, overX: range)
    }
}
