import ChartStage

/// Candlesticks (`SeriesCandles`), drawn from the source's candle levels on the GPU by
/// `CandleRenderer`, through their axis's scales inside the plot, so a pan changes
/// uniforms only.
final class GPUCandleSurface: MarkSurface, GPUSurface {
    let layer: RenderLayer
    private let renderer: CandleRenderer
    /// The GPU candles a mark is drawn from (shared by the factory's surfaces); `nil`
    /// when it names another data source's series or one without candles.
    private let series: (SeriesCandles) -> LODCandleSeries?
    private var candles: [SeriesCandles] = []

    init(layer: RenderLayer, renderer: CandleRenderer, series: @escaping (SeriesCandles) -> LODCandleSeries?) {
        self.layer = layer
        self.renderer = renderer
        self.series = series
    }

    func add(_ mark: SeriesCandles) { candles.append(mark) }
    func removeAll() { candles.removeAll() }
    /// Candles are drawn from the store, which may be replaced under them: only an empty surface is cached.
    var layerContent: SurfaceContent? { candles.isEmpty ? .empty : nil }

    func draw(_ frame: SurfaceFrame) {
        for mark in candles {
            guard let series = series(mark) else { continue }
            renderer.draw(mark, series: series, scales: frame.scales(for: mark.axis), plotRect: frame.geometry.plot,
                          pixelScale: frame.geometry.scale)
        }
    }
}
