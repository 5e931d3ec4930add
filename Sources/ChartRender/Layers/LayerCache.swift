import ChartGeometry
import ChartStage

/// The range selector's still layers (its panel and its lines, under the window that
/// moves with every pan) drawn once into a transparent texture the size of the canvas
/// and copied over the plot in one draw, until what decides their pixels changes.
///
/// On llvmpipe a pixel of a shape costs its signed distance, and the panel covers the
/// whole overview: one copy instead of the panel and the lines' own copy saves that
/// work every frame. The cache is premultiplied, as `LineCache`'s is, so the picture
/// differs from drawing directly only by the rounding of that one 8-bit step (at most a
/// level or two in a channel, inside the overview).
final class LayerCache {
    /// The surfaces of the layer, by identity (held, so another surface made at the same
    /// address cannot pass for one of them), with what each draws, and the frame's inputs.
    struct Key: Equatable {
        var surfaces: [RenderSurface]
        var contents: [SurfaceContent]
        var geometry: StageGeometry
        var theme: ChartTheme
        var visible: DataRect
        var rightVisible: DataRect

        static func == (a: Key, b: Key) -> Bool {
            a.surfaces.count == b.surfaces.count && zip(a.surfaces, b.surfaces).allSatisfy { $0 === $1 }
                && a.contents == b.contents && a.geometry == b.geometry && a.theme == b.theme
                && a.visible == b.visible && a.rightVisible == b.rightVisible
        }
    }

    private let device: RenderDevice
    private let copyPipeline: PipelineID
    private let slot: TextureTargetSlot
    private var drawn: Key?
    /// Times the layer was drawn into the texture (for tests).
    private(set) var renders = 0

    /// - Parameter copyPipeline: `LineCache.copyDescriptor`'s: a premultiplied texel copy.
    init(device: RenderDevice, copyPipeline: PipelineID) {
        self.device = device
        self.copyPipeline = copyPipeline
        slot = TextureTargetSlot(device: device, what: "a texture to cache the range selector's panel and lines",
                                 instead: "they are drawn every frame")
    }

    /// Brings the texture up to `key`, drawing the layer with `draw` (in canvas pixels)
    /// when it holds something else; `false` when the driver cannot make the texture,
    /// and the layer is to be drawn directly.
    func update(to key: Key, canvas: PixelSize, draw: () -> Void) -> Bool {
        guard let texture = slot.target(for: canvas, replaced: { drawn = nil }) else { return false }
        if key != drawn {
            device.withPass(into: texture.passTarget, clearTo: RGBAColor(red: 0, green: 0, blue: 0, alpha: 0), draw)
            drawn = key
            renders += 1
        }
        return true
    }

    /// Copies the layer over `region` (canvas pixels from the top-left) in the pass in
    /// progress, texel for pixel.
    func copy(over region: PixelRect) {
        guard let texture = slot.target, let canvas = device.currentTarget?.size, texture.size == canvas else { return }
        let bottom = canvas.height - region.y - region.height
        device.apply(copyPipeline)
        device.applyBindings(textures: [texture.texture])
        device.setUniform(LineCache.Uniforms.plotRect,
                          SIMD4(Float(region.x), Float(bottom), Float(region.width), Float(region.height)))
        device.setUniform(LineCache.Uniforms.framebufferSize, SIMD2(canvas))
        device.setUniform(LineCache.Uniforms.origin, SIMD2<Float>(0, 0))
        device.draw(count: 4)
    }
}
