import ChartGeometry
import ChartStage

/// The gradient background, painted over the canvas each frame as a mesh that takes
/// the field's colours at its vertices (`GradientRenderer`).
final class GPUGradientSurface: GradientSurface, GPUSurface {
    let layer: RenderLayer
    private let renderer: GradientRenderer
    private var field: GradientField?

    init(layer: RenderLayer, renderer: GradientRenderer) {
        self.layer = layer
        self.renderer = renderer
    }

    func show(_ field: GradientField?) { self.field = field }
    /// Covers the canvas whenever it has a field: else the stage clears to the theme's colour.
    func coversCanvas(_ canvas: PixelSize) -> Bool { field != nil }
    func removeAll() { field = nil }

    func draw(_ frame: SurfaceFrame) {
        guard let field else { return }
        renderer.draw(field)
    }
}
