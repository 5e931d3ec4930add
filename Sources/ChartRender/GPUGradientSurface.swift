import ChartCore

/// The gradient background: redrawn into its small texture only when the field
/// changes (the centres move, the theme switches), stretched over the canvas each frame.
final class GPUGradientSurface: GradientSurface, GPUSurface {
    let layer: RenderLayer
    private let device: RenderDevice
    private let renderer: GradientRenderer
    private var field: GradientField?
    private var drawn: GradientField?
    private var texture: TextureTarget?
    /// The side the texture could not be made at, and why.
    private var failure: (side: Int, reason: String)?

    init(layer: RenderLayer, device: RenderDevice, renderer: GradientRenderer) {
        self.layer = layer
        self.device = device
        self.renderer = renderer
    }

    func show(_ field: GradientField?) { self.field = field }
    /// Covers the canvas when its texture is drawn: else the stage clears to the theme's colour.
    func coversCanvas(_ canvas: PixelSize) -> Bool { field != nil && drawn == field && texture?.width == side(of: canvas) }
    func removeAll() { field = nil }

    private func side(of canvas: PixelSize) -> Int { max(16, (canvas.width + 9) / 10) }

    /// The texture of `side` texels; `nil` (said once by the device, counted at each
    /// use, tried again only at another side) when the driver cannot make one.
    private func texture(side: Int) -> TextureTarget? {
        if let texture, texture.width == side { return texture }
        texture = nil
        drawn = nil
        if let failure, failure.side == side {
            report(failure.reason)
            return nil
        }
        do {
            texture = try TextureTarget(device: device, width: side, height: side)
        } catch {
            failure = (side, "\(error)")
            report("\(error)")
        }
        return texture
    }

    private func report(_ reason: String) {
        device.report(making: "the gradient's texture", because: reason, instead: "the background is the theme's flat colour")
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
