import ChartData
import ChartStage

extension GPUSeriesStore {
    /// The GPU candles `candles` are drawn from, made the first time they are asked for;
    /// `nil` when they name another source's series, which a debug build stops at, or
    /// series that are not the source's candles.
    func candleSeries(for candles: SeriesCandles) -> LODCandleSeries? {
        guard candles.series.allSatisfy(source.issued) else {
            assertionFailure("GPUSeriesStore: candles of \(candles.series.map(\.index)) name another data source's series")
            return nil
        }
        guard let levels = source.candles, levels.columns.all == candles.series.map(\.index) else { return nil }
        if let made = candleSeries { return made }
        let made = LODCandleSeries(device: device, levels: levels)
        candleSeries = made
        return made
    }
}
