import ChartData
import ChartMarks
import ChartSupport

extension ChartAssembly {
    /// The measure between two points over `lines`' series, its panel's rows worked out
    /// from the data (`MeasureFigures`).
    static func measure(source: DataSource, lines: SeriesLinesController) -> MeasureController {
        let measure = MeasureController(source: source, lines: lines)
        measure.figures = { range, shown in
            MeasureFigures(dataset: source.values, decimals: source.decimals, series: shown,
                           compounding: Set(source.logSeries), from: range.lowerBound, to: range.upperBound).rows
        }
        return measure
    }
}
