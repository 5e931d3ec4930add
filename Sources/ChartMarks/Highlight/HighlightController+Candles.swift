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
        var value = switch series {
        case columns.open: candle.open
        case columns.high: candle.high
        case columns.low: candle.low
        default: candle.close
        }
        if source.isLogarithmic(series: series) {
            value = Self.valueAsRead(series: series, columns: columns, rows: candle.rows, in: source.values)
        }
        let name = DisplayText.name(source.dataset.series[series].name)
        return "\(name)  \(ValueFormat.string(value, dataDecimals: source.decimals[series]))"
    }

    /// A candle's open, high, low or close (by `series`) as read, not as plotted on a log
    /// axis: the first open, highest high, lowest low or last close of its rows.
    /// - Complexity: O(rows).
    static func valueAsRead(series: Int, columns: OHLCColumns, rows: Range<Int>, in values: Dataset) -> Double {
        let ys = values.series[series].ys
        let finite = rows.lazy.map { ys[$0] }.filter(\.isFinite)
        switch series {
        case columns.open: return finite.first ?? .nan
        case columns.high: return finite.max() ?? .nan
        case columns.low: return finite.min() ?? .nan
        default: return rows.reversed().lazy.map { ys[$0] }.first(where: \.isFinite) ?? .nan
        }
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
