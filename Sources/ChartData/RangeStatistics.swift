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
    /// The earliest finite point.
    public var first: Point?
    /// The latest finite point.
    public var last: Point?
    /// The lowest finite point (the earliest of equal ones).
    public var minimum: Point?
    /// The highest finite point (the earliest of equal ones).
    public var maximum: Point?
    /// The mean of the finite values; `nil` without any.
    public var mean: Double?
    /// The sample standard deviation (n − 1); `nil` with fewer than two values.
    public var standardDeviation: Double?

    /// The count, first, last, lowest and highest of a range's finite values, fed in
    /// index order: the one pass that finds them for these statistics and for a
    /// summary's sentences (`SeriesSummary`).
    public struct Extremes: Equatable, Sendable {
        /// Finite values taken.
        public var count = 0
        /// Indices of the first, last, lowest and highest value taken (the earliest of
        /// equal ones); -1 before any.
        public var firstIndex = -1, lastIndex = -1, lowIndex = -1, highIndex = -1
        /// The first, last, lowest and highest value taken, y units.
        public var firstY = Double.nan, lastY = Double.nan, low = Double.infinity, high = -Double.infinity

        public init() {}

        /// Takes the finite value `y` at index `i`, after every smaller index.
        @inlinable
        public mutating func add(_ y: Double, at i: Int) {
            if firstIndex < 0 { (firstIndex, firstY) = (i, y) }
            (lastIndex, lastY) = (i, y)
            count += 1
            if y < low { (low, lowIndex) = (y, i) }
            if y > high { (high, highIndex) = (y, i) }
        }
    }

    /// The count and the first, last, lowest and highest points of `extremes`, found
    /// over `xs`; no mean or deviation.
    public init(xs: XValues, extremes: Extremes) {
        count = extremes.count
        guard count > 0 else { return }
        first = Point(x: xs[extremes.firstIndex], y: extremes.firstY)
        last = Point(x: xs[extremes.lastIndex], y: extremes.lastY)
        minimum = Point(x: xs[extremes.lowIndex], y: extremes.low)
        maximum = Point(x: xs[extremes.highIndex], y: extremes.high)
    }

    /// Measures `ys` (one value per x of `xs`) at the indices `indices`.
    /// - Complexity: O(`indices.count`): three passes.
    public init(xs: XValues, ys: ValueColumn<Double>, indices: Range<Int>) {
        var extremes = Extremes()
        for i in indices where ys[i].isFinite { extremes.add(ys[i], at: i) }
        self.init(xs: xs, ys: ys, extremes: extremes)
    }

    /// Measures `ys` where `extremes` was found from them: the mean and deviation
    /// passes only.
    /// - Complexity: O(points from the first to the last finite value): two passes.
    public init(xs: XValues, ys: ValueColumn<Double>, extremes: Extremes) {
        self.init(xs: xs, extremes: extremes)
        guard count > 0 else { return }
        let (low, high) = (extremes.low, extremes.high)
        let range = extremes.firstIndex...extremes.lastIndex
        // A power of two keeps the scaled values exact, and under it no sum overflows.
        let largest = max(abs(low), abs(high))
        let scale = largest > 0x1p500 ? Double(sign: .plus, exponent: largest.exponent, significand: 1) : 1
        var sum = CompensatedSum()
        for i in range where ys[i].isFinite { sum.add(ys[i] / scale) }
        let n = Double(count)
        let scaledMean = min(max(sum.value / n, low / scale), high / scale)
        mean = scaledMean * scale
        guard count > 1 else { return }
        var deviations = CompensatedSum(), squares = CompensatedSum()
        for i in range where ys[i].isFinite {
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
    public init(xs: XValues, ys: ValueColumn<Double>, overX range: ClosedRange<Double>) {
        self.init(xs: xs, ys: ys, indices: xs.indices(overX: range))
    }

    /// Measures `ys` at the indices `indices` (an array's values, without a copy).
    public init(xs: XValues, ys: [Double], indices: Range<Int>) {
        self.init(xs: xs, ys: ValueColumn(ys), indices: indices)
    }

    /// Measures `ys` over the points whose x lies in `range`.
    public init(xs: XValues, ys: [Double], overX range: ClosedRange<Double>) {
        self.init(xs: xs, ys: ValueColumn(ys), overX: range)
    }
}

extension Dataset {
    /// The statistics of series `series` over the points whose x lies in `range`.
    /// - Complexity: O(log n + points in range).
    public func statistics(ofSeries series: Int, overX range: ClosedRange<Double>) -> RangeStatistics {
        RangeStatistics(xs: xs, ys: self.series[series].ys, overX: range)
    }
}
