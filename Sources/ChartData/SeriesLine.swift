/// The points a series' line is drawn through and where it breaks for a jump in x.
///
/// A series with a point at every x (a chart of one file) is drawn through every point,
/// broken at the data's gaps, as ever. One of several files' series (`Series.ownIndices`)
/// is drawn through its own points only: its line joins its own neighbours across the
/// other file's x, at full resolution and at every level of detail, whose ladder is
/// built from its own points (so a bucket's min and max are its own, exactly) and
/// indexes the merged x. It breaks at its own gaps (a step over 10× its own median
/// spacing) and empty cells, never at the steps of the union.
public struct SeriesLine: Sendable {
    /// The merged indices of the series' own points, as a level every view of it
    /// draws at full resolution; `nil`: a point at every x.
    public let own: LODLevel?
    /// Where the line breaks for a jump in its own x, at merged indices.
    public let gaps: XGaps
    /// The series' ladder of levels, at merged indices.
    public let detail: LevelOfDetail

    /// The line of `series` over `xs`; `gaps` are the data's (used when the series has a
    /// point at every x).
    /// - Parameter connectsGaps: join its points however far apart (`--connect-gaps`).
    /// - Complexity: as `lodMethod.build` over the series' own points.
    public init(series: Series, xs: XValues, gaps: XGaps, connectsGaps: Bool, lodMethod: LODMethod) {
        guard let own = series.ownIndices else {
            (self.own, self.gaps) = (nil, gaps)
            detail = lodMethod.build(xs: xs, ys: series.ys, gaps: gaps)
            return
        }
        let ownXs = XValues(own.map { xs[Int($0)] })
        let ownGaps = connectsGaps ? XGaps.connected : XGaps(xs: ownXs)
        self.own = LODLevel(indices: own)
        self.gaps = XGaps(medianSpacing: ownGaps.medianSpacing, threshold: ownGaps.threshold,
                          starts: ownGaps.starts.map { Int(own[$0]) })
        let compact = lodMethod.build(xs: ownXs, ys: ValueColumn(own.map { series.ys[Int($0)] }), gaps: ownGaps)
        detail = MappedDetail(levels: compact.levels.map { level in LODLevel(indices: level.indices.map { own[Int($0)] }) })
    }

    /// The y of the line of `ys` at `x`, between its own points either side; `nil`
    /// outside them, across a gap or next to an empty cell.
    /// - Complexity: O(log n).
    func y(atX x: Double, in dataset: Dataset, ys: ValueColumn<Double>) -> Double? {
        guard let own else { return nil }
        let xs = dataset.xs
        let position = own.position(of: dataset.firstIndex(atOrAfterX: x))
        guard position < own.indices.count else { return nil }
        let after = Int(own.indices[position])
        if xs[after] == x { return ys[after].isNaN ? nil : ys[after] }
        guard position > 0 else { return nil }
        let before = Int(own.indices[position - 1])
        let (y0, y1) = (ys[before], ys[after])
        guard !gaps.separates(before, after), !y0.isNaN, !y1.isNaN else { return nil }
        return y0 + (y1 - y0) * ((x - xs[before]) / (xs[after] - xs[before]))
    }
}
