import ChartData

/// Points to upload, read by position: a whole series, or the points a level of detail
/// keeps of it.
protocol PlotPoints {
    var count: Int { get }
    func x(_ index: Int) -> Double
    func y(_ index: Int) -> Double
}

/// The points of a series in `range` (all of them by default).
struct SeriesPoints<X: RandomAccessCollection<Double>>: PlotPoints where X.Index == Int {
    let xs: X
    let ys: ValueColumn<Double>
    let range: Range<Int>

    init(xs: X, ys: ValueColumn<Double>, range: Range<Int>? = nil) {
        self.xs = xs
        self.ys = ys
        self.range = range ?? 0..<ys.count
    }

    var count: Int { range.count }
    func x(_ index: Int) -> Double { xs[range.lowerBound + index] }
    func y(_ index: Int) -> Double { ys[range.lowerBound + index] }
}

/// The points of a series a level of detail keeps, through (a stretch of) its indices.
struct LevelPoints: PlotPoints {
    let xs: XValues
    let ys: ValueColumn<Double>
    let indices: Slice<ValueColumn<Int32>>
    /// The same stretch of the level's own y values, where it keeps them (`LODLevel.values`).
    let values: Slice<ValueColumn<Double>>?

    var count: Int { indices.count }
    func x(_ index: Int) -> Double { xs[Int(indices[indices.startIndex + index])] }
    func y(_ index: Int) -> Double {
        if let values { return values[values.startIndex + index] }
        return ys[Int(indices[indices.startIndex + index])]
    }
}
