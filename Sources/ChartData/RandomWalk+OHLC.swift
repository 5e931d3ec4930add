extension RandomWalk {
    /// Memory a period of `ohlcDataset()` takes beyond the walk's: three more series.
    public static let ohlcExtraBytesPerPoint = 3 * MemoryLayout<Double>.size

    /// The walk as a price's periods, drawn as candlesticks: each period's close is the
    /// walk's point, its open the close before (0 for the first), its high and low half a
    /// standard normal's size (seed + 1) beyond the higher and lower of the two.
    /// - Precondition: `count >= 0`.
    /// - Complexity: O(count).
    public func ohlcDataset() -> Dataset {
        let walk = dataset()
        let close = walk.series[0].ys
        var open = [Double](repeating: 0, count: count), high = open, low = open
        var generator = SplitMix64(seed: seed &+ 1)
        for i in 0..<count {
            open[i] = i == 0 ? 0 : close[i - 1]
            high[i] = max(open[i], close[i]) + abs(generator.nextStandardNormal()) / 2
            low[i] = min(open[i], close[i]) - abs(generator.nextStandardNormal()) / 2
        }
        var dataset = Dataset(source: "random walk candles (\(count) periods, seed \(seed))", xs: walk.xs,
                              series: [Series(name: "Open", ys: open), Series(name: "High", ys: high),
                                       Series(name: "Low", ys: low), Series(name: "Close", ys: close)])
        dataset.ohlc = OHLCColumns(open: 0, high: 1, low: 2, close: 3)
        return dataset
    }
}
