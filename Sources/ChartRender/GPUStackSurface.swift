import ChartCore

/// Bars and filled areas (`SeriesStack`), drawn from the series' columns on the GPU.
final class GPUStackSurface: StackSurface, GPUSurface {
    let layer: RenderLayer
    private var stacks: [SeriesStack] = []

    init(layer: RenderLayer) {
        self.layer = layer
    }

    func add(_ stack: SeriesStack) { stacks.append(stack) }
    func removeAll() { stacks.removeAll() }

    func draw(_ frame: SurfaceFrame) {}
}
