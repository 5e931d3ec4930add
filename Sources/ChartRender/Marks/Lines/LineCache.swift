import ChartGeometry
import ChartStage


/// The texture a caching line surface keeps, and what it last drew into it.
final class LineCache {
    struct Key: Equatable {
        var lines: [SeriesLine]
        var visible: DataRect
        var rightVisible: DataRect
        var plot: PixelRect
        var scale: Double
    }

    let device: RenderDevice
    private let copyPipeline: PipelineID
    private let slot: TextureTargetSlot
    private var drawn: Key?
    /// Times the lines were drawn into the texture (for tests).
    private(set) var renders = 0

    /// Copies a transparent texture premultiplied over the plot.
    static let copyDescriptor: PipelineDescriptor = {
        var descriptor = PipelineDescriptor(label: "cached plot copy", vertexShader: "cached-plot.vert",
                                            fragmentShader: "cached-plot.frag")
        descriptor.primitive = .triangleStrip
        descriptor.blend = .premultiplied
        descriptor.samplers = ["u_texture"]
        return descriptor
    }()

    init(device: RenderDevice, copyPipeline: PipelineID) {
        self.device = device
        self.copyPipeline = copyPipeline
        slot = TextureTargetSlot(device: device, what: "a texture to cache the range selector's lines",
                                 instead: "they are drawn every frame")
    }

    /// The texture for a plot of `size`, `nil` when the driver cannot make one: the
    /// lines are then drawn directly.
    func texture(for size: PixelSize) -> TextureTarget? {
        slot.target(for: size) { drawn = nil }
    }

    /// Whether the texture holds the lines of `key`.
    func holds(_ key: Key) -> Bool { key == drawn }

    /// The texture, if it holds the lines of `key`.
    func texture(holding key: Key) -> TextureTarget? { key == drawn ? slot.target : nil }

    func didDraw(_ key: Key) {
        drawn = key
        renders += 1
    }

    /// Copies `texture` (premultiplied) over `plot` in the pass in progress.
    func copy(_ texture: TextureTarget, over plot: PixelRect) {
        guard let canvas = device.currentTarget?.size else { return }
        let bottom = canvas.height - plot.y - plot.height
        device.apply(copyPipeline)
        device.applyBindings(textures: [texture.texture])
        device.setUniform("u_plotRect", .vec4(Float(plot.x), Float(bottom), Float(plot.width), Float(plot.height)))
        device.setUniform("u_framebufferSize", .size(canvas.width, canvas.height))
        device.setUniform("u_origin", .vec2(Float(plot.x), Float(bottom)))
        device.draw(count: 4)
    }
}
