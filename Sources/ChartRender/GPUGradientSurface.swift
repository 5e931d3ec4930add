import ChartCore

/// The gradient background: redrawn into its small texture only when the field
/// changes (the centres move, the theme switches), stretched over the canvas each frame.
final class GPUGradientSurface: GradientSurface, GPUSurface {
    let layer: RenderLayer
    private let device: RenderDevice
    private let renderer: GradientRenderer
    private var field: GradientField?
    private var drawn: GradientField?
    private let slot: TextureTargetSlot

    init(layer: RenderLayer, device: RenderDevice, renderer: GradientRenderer) {
        self.layer = layer
        self.device = device
        self.renderer = renderer
        slot = TextureTargetSlot(device: device, what: "the gradient's texture", instead: "the background is the theme's flat colour")
    }

    func show(_ field: GradientField?) { self.field = field }
    /// Covers the canvas when its texture is drawn: else the stage clears to the theme's colour.
    func coversCanvas(_ canvas: PixelSize) -> Bool { field != nil && drawn == field && slot.target?.width == side(of: canvas) }
    func removeAll() { field = nil }

    private func side(of canvas: PixelSize) -> Int { max(16, (canvas.width + 9) / 10) }

    /// The texture of `side` texels, `nil` when the driver cannot make one.
    private func texture(side: Int) -> TextureTarget? {
        slot.target(for: PixelSize(width: side, height: side)) { drawn = nil }
    }

    func prepare(_ frame: SurfaceFrame) {
        guard let field, let texture = texture(side: side(of: frame.geometry.canvas)), drawn != field else { return }
        renderer.render(field, into: texture)
        drawn = field
    }

    func draw(_ frame: SurfaceFrame) {
        guard field != nil, drawn == field, let texture = texture(side: side(of: frame.geometry.canvas)) else { return }
        renderer.stretcher.stretch(texture)
    }
}
