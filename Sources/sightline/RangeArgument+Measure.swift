import ChartData

extension RangeArgument {
    /// `--measure A:B` in `dataset`: from the first to the last point in the range (as
    /// `--x-range` reads it) at which some series has a value, so the figures are read
    /// at points.
    /// - Throws: the refusal of a range without data (exit 65), or of a bad range (64).
    /// - Complexity: O(log n + points in range × series) at most.
    func measuredPoints(in dataset: Dataset) throws -> ClosedRange<Double> {
        let points = try requiringData(in: dataset, option: "--measure")
        let xs = dataset.xs
        let indices = xs.indices(overX: points)
        func valued(_ i: Int) -> Bool { dataset.series.contains { $0.ys[i].isFinite } }
        // `requiringData` found a point with a value in the range: both searches end on one.
        let first = indices.first { valued($0) } ?? indices.lowerBound
        let last = indices.reversed().first { valued($0) } ?? indices.upperBound - 1
        return xs[first]...xs[last]
    }
}
