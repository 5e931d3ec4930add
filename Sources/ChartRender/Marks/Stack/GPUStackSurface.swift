import ChartStage

/// Bars and filled areas (`SeriesStack`), drawn from the series' columns on the GPU by
/// `StackRenderer`, each through its axis's scales inside the plot, so a pan or a
/// toggle's easing changes uniforms only.
final class GPUStackSurface: MarkSurface, GPUSurface {
    let layer: RenderLayer
    private let renderer: StackRenderer
    /// The GPU series a stack is drawn from (shared by the factory's surfaces); `nil`
    /// when the stack names another data source's series.
    private let series: (SeriesStack) -> LODStackSeries?
    private var stacks: [SeriesStack] = []

    init(layer: RenderLayer, renderer: StackRenderer, series: @escaping (SeriesStack) -> LODStackSeries?) {
        self.layer = layer
        self.renderer = renderer
        self.series = series
    }

    func add(_ stack: SeriesStack) { stacks.append(stack) }
    func removeAll() { stacks.removeAll() }
    /// Bars and areas are drawn from the store, which may be replaced under them: only an empty surface is cached.
    var layerContent: SurfaceContent? { stacks.isEmpty ? .empty : nil }

    func draw(_ frame: SurfaceFrame) {
        for stack in stacks {
            guard let series = series(stack) else { continue }
            renderer.draw(stack, series: series, scales: frame.scales(for: stack.axis), plotRect: frame.geometry.plot)
        }
    }
}
