import ChartData
import ChartGeometry
import ChartStage

/// The figures as the measure panel shows them and Ctrl+C copies them: one fact a
/// line, numbers as the info board writes them, dates as the board does.
extension MeasureFigures {
    /// The panel's lines: A and B, Δx and the points, then per series its change (with
    /// the percentage and the slope), count, mean and standard deviation, lowest and
    /// highest, first and last. A series' lines wear its colour.
    public var rows: [MeasureRow] {
        var rows = [MeasureRow(text: "A  \(xLabel(range.lowerBound))   B  \(xLabel(range.upperBound))", series: nil),
                    MeasureRow(text: "Δx  \(spanWords)  ·  \(DisplayText.count(pointCount)) \(pointCount == 1 ? "point" : "points")",
                        series: nil)]
        for figures in series { rows += self.rows(for: figures) }
        return rows
    }

    /// The rows, one a line: what the clipboard gets.
    public var text: String {
        MeasureRow.text(of: rows)
    }

    private func rows(for figures: SeriesFigures) -> [MeasureRow] {
        let name = DisplayText.name(figures.name)
        let stats = figures.statistics
        func value(_ y: Double) -> String { ValueFormat.string(y, dataDecimals: figures.decimals) }
        guard let first = stats.first, let last = stats.last, let low = stats.minimum, let high = stats.maximum,
              let mean = stats.mean else {
            return [MeasureRow(text: "\(name)  no values between A and B", series: figures.series)]
        }
        var head = "\(name)  "
        if let change = figures.change {
            head += "Δy " + ChartSummary.signed(value(change), change)
            switch figures.percentWithheld {
            case .startsAtZero: head += " (no %: starts at 0)"
            case .crossesZero: head += " (no %: crosses zero)"
            case .nearZero: head += " (no %: starts near zero)"
            case nil:
                if let percent = figures.changePercent {
                    head += " (" + ChartSummary.signed(ValueFormat.string(percent, dataDecimals: abs(percent) >= 100 ? 0 : 1),
                                                       percent) + "%)"
                }
            }
            if let rate = figures.compoundedRate {
                head += "  ·  " + ChartSummary.signed(ChartSummary.threeDigits(rate * 100), rate) + "% " + slopeUnit.words
                    + " compounded"
            } else if let slope = figures.slope {
                head += "  ·  " + ChartSummary.signed(ChartSummary.threeDigits(slope), slope) + " " + slopeUnit.words
            }
        } else {
            head += "one value, \(value(first.y))"
        }
        let count = "\(DisplayText.count(stats.count)) \(stats.count == 1 ? "value" : "values")"
        let spread = stats.standardDeviation.map { "  ·  std dev \(ChartSummary.deviation($0, decimals: figures.decimals))" } ?? ""
        return [MeasureRow(text: head, series: figures.series),
                MeasureRow(text: "   \(count)  ·  mean \(ChartSummary.mean(mean, decimals: figures.decimals))\(spread)", series: figures.series),
                MeasureRow(text: "   low \(value(low.y)) \(xLabel(low.x))  ·  high \(value(high.y)) \(xLabel(high.x))",
                    series: figures.series),
                MeasureRow(text: "   first \(value(first.y)) \(xLabel(first.x))  ·  last \(value(last.y)) \(xLabel(last.x))",
                    series: figures.series)]
    }

    /// A point's x as the board writes it (`XAxisKind.label`).
    private func xLabel(_ x: Double) -> String {
        xKind.label(x, decimals: xDecimals, precision: datePrecision)
    }
}
