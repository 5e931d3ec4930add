import ChartData

/// Points to upload, read by position: a whole series, or the points a level of detail
/// keeps of it.
protocol PlotPoints {
    var count: Int { get }
    func x(_ index: Int) -> Double
    func y(_ index: Int) -> Double
}

/// Every point of a series.
struct SeriesPoints<X: RandomAccessCollection<Double>>: PlotPoints where X.Index == Int {
    let xs: X
    let ys: [Double]

    var count: Int { ys.count }
    func x(_ index: Int) -> Double { xs[index] }
    func y(_ index: Int) -> Double { ys[index] }
}

/// The points of a series a level of detail keeps, through its indices.
struct LevelPoints: PlotPoints {
    let xs: XValues
    let ys: [Double]
    let indices: [Int32]

    var count: Int { indices.count }
    func x(_ index: Int) -> Double { xs[Int(indices[index])] }
    func y(_ index: Int) -> Double { ys[Int(indices[index])] }
}
