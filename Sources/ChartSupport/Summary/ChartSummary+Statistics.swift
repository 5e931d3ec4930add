import ChartData
import ChartGeometry

/// The range's statistics per series (count, lowest, highest, mean, standard deviation)
/// beside the sentences: what `describe` prints, the same figures a measure between two
/// points shows in the window (`RangeStatistics`).
extension ChartSummary {
    /// This summary with each series' statistics over its range from `dataset`, the one
    /// it summarises.
    /// - Parameter series: the dataset indices it summarises, as given to `init` (all
    ///   by default).
    /// - Complexity: O(log n + points in range × series).
    public func withStatistics(from dataset: Dataset, series chosen: [Int]? = nil) -> ChartSummary {
        var summary = self
        // The series `init` chose (a candle's close stands for its four), in its order.
        let indices = Self.chosen(chosen, of: dataset)
        for (position, index) in zip(summary.series.indices, indices) {
            summary.series[position].statistics = dataset.statistics(ofSeries: index, overX: range)
        }
        return summary
    }

    /// "Close: 361 values, lowest 110.25, highest 171.80, mean 140.12, standard
    /// deviation 15.31." for a series with statistics and two values or more; `nil`
    /// otherwise (one value's figures are its sentence's value again).
    func statisticsSentence(for summary: SeriesSummary) -> String? {
        guard let stats = summary.statistics, stats.count >= 2,
              let low = stats.minimum, let high = stats.maximum, let mean = stats.mean else {
            return nil
        }
        func value(_ y: Double) -> String { ValueFormat.string(y, dataDecimals: summary.decimals) }
        var sentence = "\(DisplayText.name(summary.name)): \(DisplayText.count(stats.count)) values, "
            + "lowest \(value(low.y)), highest \(value(high.y)), mean \(Self.mean(mean, decimals: summary.decimals))"
        if let deviation = stats.standardDeviation { sentence += ", standard deviation " + Self.deviation(deviation, decimals: summary.decimals) }
        return sentence + "."
    }

    /// A mean: with the data's decimals, one at least (the mean of 1 and 2 is 1.5, which
    /// whole numbers would write as 2, past the highest value's side of the middle).
    static func mean(_ value: Double, decimals: Int) -> String {
        ValueFormat.string(value, dataDecimals: max(decimals, 1))
    }

    /// A standard deviation: with the data's decimals from 100 up, else to three
    /// significant digits (the data's decimals would write 9.09 of whole numbers as 9).
    static func deviation(_ value: Double, decimals: Int) -> String {
        abs(value) >= 100 ? ValueFormat.string(value, dataDecimals: decimals) : threeDigits(value)
    }
}
