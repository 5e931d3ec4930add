/// A source grown by rows appended to its file (`sightline open --follow`).
///
/// `DataSource` stays immutable and shared: growing makes a new source whose x, y and
/// ladders are the old ones with the new points after them. The levels and range
/// indexes are extended rather than built again (`MinMaxLOD.appending`,
/// `RangeMinMax.appending`): only each level's last bucket and the new points are read.
/// A complete level prefix keeps its indices, so the GPU pieces made of it stay valid
/// (`GPUSeriesStore.adopt`). Log axes, several files' series, candles and the RDP or
/// full ladders are built again from all the points: correct, at the cost of a full
/// build per append.
extension DataSource {
    /// This source with `rows` appended: `rows` has the same series, in order, and x at
    /// or after this source's last x.
    /// - Parameter connectsGaps: as the source was built with (`--connect-gaps`).
    /// - Complexity: O(appended points + levels) to extend the ladders, plus copying the
    ///   arrays (memory bandwidth); O(n) per series where it is built again.
    public func appending(_ rows: Dataset, connectsGaps: Bool) -> DataSource {
        precondition(rows.series.count == values.series.count, "DataSource: appended rows have the same series")
        guard rows.count > 0 else { return self }
        let grownValues = values.appending(rows)
        let incremental = lodMethod == .minMax && logAxes.isEmpty && values.ohlc == nil
            && !values.series.contains { $0.ownIndices != nil } && values.count >= 2
        guard incremental else {
            return DataSource(dataset: grownValues, lodMethod: lodMethod, connectsGaps: connectsGaps, logAxes: logAxes)
        }
        let oldCount = values.count
        let grownGaps = connectsGaps ? XGaps.connected : gaps.appending(xs: grownValues.xs, oldCount: oldCount)
        // A median spacing taken again can move the old points' gaps: their levels are built again.
        guard grownGaps.starts.prefix(while: { $0 < oldCount - 1 }).elementsEqual(gaps.starts) else {
            return DataSource(dataset: grownValues, lodMethod: lodMethod, connectsGaps: connectsGaps, logAxes: logAxes)
        }
        var lines: [SeriesLine] = []
        var extremes: [RangeMinMax] = []
        for (s, series) in grownValues.series.enumerated() {
            let ladder = (self.lines[s].detail as? MinMaxLOD).map {
                $0.appending(ys: series.ys, oldCount: oldCount, gapStarts: grownGaps.starts)
            } ?? MinMaxLOD(ys: series.ys, gapStarts: grownGaps.starts)
            lines.append(SeriesLine(own: nil, gaps: grownGaps, detail: ladder))
            extremes.append(self.extremes[s].appending(ys: series.ys))
        }
        return DataSource(dataset: grownValues, values: grownValues, logAxes: [], logSeries: [], logWarning: nil,
                          lodMethod: lodMethod, gaps: grownGaps, lines: lines, extremes: extremes,
                          decimals: grownValues.series.map { SeriesPrecision.decimals(of: $0.ys) }, candles: nil)
    }
}

extension SeriesLine {
    /// A line of parts built elsewhere.
    init(own: LODLevel?, gaps: XGaps, detail: LevelOfDetail) {
        self.own = own
        self.gaps = gaps
        self.detail = detail
    }
}

extension Dataset {
    /// These rows followed by `rows`' (the same series, in order), with this dataset's
    /// name, kinds, flags and titles.
    /// - Complexity: O(count + rows.count) (the arrays are copied).
    public func appending(_ rows: Dataset) -> Dataset {
        var grown = self
        grown.xs = xs.appending(Array(rows.xs))
        for s in grown.series.indices {
            grown.series[s].ys.append(contentsOf: rows.series[s].ys)
            // A series drawn through its own points (a database's pyramid) owns the new rows too.
            if let own = grown.series[s].ownIndices { grown.series[s].ownIndices = own + (count..<count + rows.count).map(Int32.init) }
        }
        return grown
    }
}
