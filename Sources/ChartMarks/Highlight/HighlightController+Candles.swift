import ChartData
import ChartGeometry
import ChartStage

/// The board over candlesticks reads the candle drawn under the pointer: at the level
/// the view draws (`OHLCLevels.level(forX:plotWidth:)`, as the renderer picks it) the
/// candle holding the hovered row, with its open, high, low and close and the dates it
/// spans when it merges several rows.
extension HighlightController {
    /// The candle drawn over row `index` in `environment`'s view, with its level; `nil`
    /// without candles.
    /// - Complexity: O(levels × log n + rows the candle merges).
    func drawnCandle(at index: Int, in environment: RenderEnvironment) -> (candle: OHLCLevels.Candle, level: Int)? {
        guard let levels = source.candles else { return nil }
        let side = ChartComposition(dataset: source.dataset).axis(ofSeries: levels.columns.close)
        let visible = environment.viewport(for: side).current
        let level = levels.level(forX: visible.minX...visible.maxX, plotWidth: Double(environment.geometry.plot.width)).level
        guard let candle = levels.candle(levels.candle(holding: index, level: level), level: level) else { return nil }
        return (candle, level)
    }

    /// The board's row for series `series` when it is one of the candle's four: its
    /// name and the candle's value; `nil` for any other series.
    func candleRow(series: Int, candle: OHLCLevels.Candle) -> String? {
        guard let columns = source.dataset.ohlc, columns.contains(series) else { return nil }
        // As read, from the rows the drawn candle took (`OHLCLevels.aggregate`): on a log
        // axis the drawn values are log10 of these.
        let value = source.values.series[series].ys[candle.row(of: series, columns: columns)]
        let name = DisplayText.name(source.dataset.series[series].name)
        return "\(name)  \(ValueFormat.string(value, dataDecimals: source.decimals[series]))"
    }

    /// The dates a merged candle spans (`Sep 1 – Sep 30, 2008`), or its first and last
    /// x; `nil` for a candle of one row, which the board dates as any point.
    func candleSpanLabel(_ candle: OHLCLevels.Candle) -> String? {
        guard candle.rows.count > 1 else { return nil }
        let xs = source.dataset.xs
        let first = xs[candle.rows.lowerBound], last = xs[candle.rows.upperBound - 1]
        guard case .time(let unitsPerSecond) = source.dataset.xKind else {
            let decimals = SeriesPrecision.maximumDecimals
            return "\(ValueFormat.string(first, dataDecimals: decimals)) – \(ValueFormat.string(last, dataDecimals: decimals))"
        }
        return CivilDate(unixSeconds: first / unitsPerSecond).rangeLabel(to: CivilDate(unixSeconds: last / unitsPerSecond))
    }
}
