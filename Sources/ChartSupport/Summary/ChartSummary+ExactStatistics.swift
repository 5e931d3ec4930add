import ChartData

extension ChartSummary {
    /// This summary with its series' statistics replaced by `exact`, a source's own over
    /// every row in range (`QueryableSource.statistics`: a database's), matched by name.
    /// The extremes keep the x of the drawn ones where the values agree (a pyramid keeps
    /// each column's lowest and highest row), else the range's start.
    public func withExactStatistics(_ exact: [ExactStatistics]) -> ChartSummary {
        var summary = self
        for position in summary.series.indices {
            guard let one = exact.first(where: { $0.name == summary.series[position].name }) else { continue }
            var stats = summary.series[position].statistics ?? RangeStatistics(xs: [], extremes: .init())
            stats.count = one.count
            stats.mean = one.mean
            stats.standardDeviation = one.standardDeviation
            stats.minimum = one.min.map { y in
                RangeStatistics.Point(x: stats.minimum.flatMap { $0.y == y ? $0.x : nil } ?? range.lowerBound, y: y)
            }
            stats.maximum = one.max.map { y in
                RangeStatistics.Point(x: stats.maximum.flatMap { $0.y == y ? $0.x : nil } ?? range.lowerBound, y: y)
            }
            summary.series[position].statistics = stats
            summary.series[position].pointCount = one.count
        }
        // The rows in range, not the points drawn: at least the most values a series has.
        summary.pointCount = max(summary.pointCount, exact.map(\.count).max() ?? 0)
        return summary
    }
}
