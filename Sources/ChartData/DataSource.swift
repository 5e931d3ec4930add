import Dispatch

/// A dataset with what drawing it fast needs: where x has gaps, per series a
/// level-of-detail ladder and an O(log n) range min/max. The main chart and the range
/// selector share one.
public final class DataSource: Sendable {
    /// The data as drawn: on a logarithmic axis, log10 of the values (`LogPlot`); the
    /// ladders, range indexes, fit and GPU columns are all of these.
    public let dataset: Dataset
    /// The data as read, for every value a person reads (the board, the value labels,
    /// the summary): the same as `dataset` unless an axis is logarithmic.
    public let values: Dataset
    /// The y axes drawn logarithmic.
    public let logAxes: Set<YAxisSide>
    /// The series plotted at log10 of their values, ascending.
    public let logSeries: [Int]
    /// What plotting on log axes left out or refused (`LogPlot.warning`), to show once.
    public let logWarning: String?
    public let lodMethod: LODMethod
    /// Where the line breaks for a jump in x (none with `connectsGaps`).
    public let gaps: XGaps
    /// The points each series' line is drawn through and its gaps, in the dataset's
    /// order: in a chart of several files, its own points (`SeriesLine`).
    public let lines: [SeriesLine]
    /// One ladder per series, in the dataset's order.
    public let details: [LevelOfDetail]
    let extremes: [RangeMinMax]
    /// The decimals each series was written with (`SeriesPrecision`), for the values a
    /// person reads.
    public let decimals: [Int]
    /// The candlesticks' levels, where the dataset has them (`Dataset.ohlc`).
    public let candles: OHLCLevels?

    /// Finds the gaps in x and builds the ladders and range indexes of every series.
    /// - Parameter connectsGaps: join every point to the next however far apart
    ///   (`--connect-gaps`), rather than break the line at gaps in x.
    ///   - logAxes: the y axes to draw logarithmic (`--log-y`, `--log-y2`, `l`).
    /// - Complexity: O(n) per series for `.minMax`, O(n log n) for `.rdp`.
    public init(dataset values: Dataset, lodMethod: LODMethod = .minMax, connectsGaps: Bool = false,
                logAxes: Set<YAxisSide> = []) {
        let log = logAxes.isEmpty ? nil : LogPlot(dataset: values, axes: logAxes)
        let dataset = log?.plotted ?? values
        self.values = values
        self.logAxes = log?.axes ?? []
        logSeries = log?.series ?? []
        logWarning = log?.warning
        self.dataset = dataset
        self.lodMethod = lodMethod
        // Several files' x break each file's line at its own gaps (`SeriesLine`), never
        // at the steps of the union.
        let merged = dataset.series.contains { $0.ownIndices != nil }
        // A database's M4 points break only where a value is missing.
        let connectsGaps = connectsGaps || values.breaksAreMarked
        let gaps = connectsGaps || merged ? XGaps.connected : XGaps(xs: dataset.xs)
        self.gaps = gaps
        // Built ahead for these very columns (the cache of large files): taken as they are.
        let prepared = log == nil && lodMethod == .minMax ? values.prepared?.fitting(dataset, gaps: gaps) : nil
        // Each series' ladder and range index are independent: built side by side, on
        // as many cores as there are. The ladders go after the (quicker) range indexes,
        // so that one series' min/max ladder splits its points over the cores
        // (`MinMaxLOD`): Dispatch runs a concurrentPerform inside a wider one serially.
        let series = dataset.series
        var lines = [SeriesLine?](repeating: nil, count: series.count)
        var extremes = [RangeMinMax?](repeating: nil, count: series.count)
        extremes.withUnsafeMutableBufferPointer { buffer in
            let extremeSlots = UncheckedSlots(buffer)
            DispatchQueue.concurrentPerform(iterations: series.count) { s in
                // Absent points are NaN: the extremes are the series' own.
                extremeSlots[s] = prepared?.extremes[s] ?? RangeMinMax(ys: series[s].ys)
            }
        }
        lines.withUnsafeMutableBufferPointer { buffer in
            let lineSlots = UncheckedSlots(buffer)
            DispatchQueue.concurrentPerform(iterations: series.count) { s in
                lineSlots[s] = prepared?.line(s)
                    ?? SeriesLine(series: series[s], xs: dataset.xs, gaps: gaps, connectsGaps: connectsGaps,
                                  lodMethod: lodMethod)
            }
        }
        self.lines = lines.map { $0! }
        details = self.lines.map(\.detail)
        self.extremes = extremes.map { $0! }
        decimals = prepared?.decimals ?? values.series.map { SeriesPrecision.decimals(of: $0.ys) }
        // Of the plotted values: first, highest, lowest and last commute with log10.
        candles = dataset.ohlc.map { OHLCLevels(dataset: dataset, columns: $0) }
    }

    /// A source made of parts built elsewhere (`DataSource+Append` grows one this way).
    init(dataset: Dataset, values: Dataset, logAxes: Set<YAxisSide>, logSeries: [Int], logWarning: String?,
         lodMethod: LODMethod, gaps: XGaps, lines: [SeriesLine], extremes: [RangeMinMax], decimals: [Int],
         candles: OHLCLevels?) {
        (self.dataset, self.values, self.logAxes, self.logSeries, self.logWarning) = (dataset, values, logAxes, logSeries, logWarning)
        (self.lodMethod, self.gaps, self.lines, self.extremes) = (lodMethod, gaps, lines, extremes)
        details = lines.map(\.detail)
        (self.decimals, self.candles) = (decimals, candles)
    }

    /// Whether series `index` is plotted at log10 of its values.
    public func isLogarithmic(series index: Int) -> Bool {
        logSeries.contains(index)
    }

    /// The indices a view of x in `range` draws: every point inside it and the nearest
    /// one beyond each end, unless a gap in x lies between (no line reaches it then).
    /// - Complexity: O(log n).
    public func drawnIndices(forX range: ClosedRange<Double>) -> Range<Int> {
        let indices = dataset.drawnIndices(forX: range)
        guard indices.count >= 2, !gaps.starts.isEmpty else { return indices }
        let xs = dataset.xs
        var (lower, upper) = (indices.lowerBound, indices.upperBound)
        if xs[lower] < range.lowerBound, gaps.separates(lower, lower + 1) { lower += 1 }
        if xs[upper - 1] > range.upperBound, gaps.separates(upper - 2, upper - 1) { upper -= 1 }
        return lower..<max(lower, upper)
    }

    /// The index of the point nearest `x`, or `nil` when `x` lies inside a gap in x
    /// (where no line is drawn) farther than `reach` (data units; half the median
    /// spacing at least, the most a point's nearest stretch reaches elsewhere) from
    /// the points on either side of it, or when there are no points.
    /// - Complexity: O(log n).
    public func nearestIndex(toX x: Double, reach: Double = 0) -> Int? {
        guard let nearest = dataset.nearestIndex(toX: x) else { return nil }
        let xs = dataset.xs
        let before = xs[nearest] <= x ? nearest : nearest - 1
        guard before >= 0, before + 1 < xs.count, gaps.separates(before, before + 1) else { return nearest }
        let within = max(reach, (gaps.medianSpacing ?? 0) / 2)
        return abs(xs[nearest] - x) <= within ? nearest : nil
    }

    /// The smallest and largest finite y the lines of `series` (all by default) reach
    /// over x in `range`: the points inside it and where each line crosses its two ends,
    /// interpolated between the points either side (a point just off screen does not
    /// count, the part of its segment on screen does; a gap in x has no line to count);
    /// `nil` when there is none.
    /// - Complexity: O(log n) per series.
    public func yBounds(inX range: ClosedRange<Double>, series: [Int]? = nil) -> (min: Double, max: Double)? {
        let inside = dataset.firstIndex(atOrAfterX: range.lowerBound)..<dataset.firstIndex(atOrAfterX: range.upperBound.nextUp)
        var low = Double.infinity
        var high = -Double.infinity
        for s in series ?? Array(dataset.series.indices) {
            if !inside.isEmpty, let extreme = extremes[s].minMax(in: inside) {
                low = min(low, extreme.min)
                high = max(high, extreme.max)
            }
            for end in [range.lowerBound, range.upperBound] {
                guard let y = lineY(atX: end, series: s), y.isFinite else { continue }
                low = min(low, y)
                high = max(high, y)
            }
        }
        return low <= high ? (low, high) : nil
    }

    /// The y the line of `series` has at `x`, interpolated between the points either
    /// side; `nil` outside the data, in a gap of y (NaN) or across a gap in x.
    /// - Complexity: O(log n).
    private func lineY(atX x: Double, series: Int) -> Double? {
        if lines[series].own != nil { return lines[series].y(atX: x, in: dataset, ys: dataset.series[series].ys) }
        let after = dataset.firstIndex(atOrAfterX: x)
        if after > 0, after < dataset.count, dataset.xs[after] != x, gaps.separates(after - 1, after) { return nil }
        return dataset.yValue(atX: x, series: series)
    }
}
