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

    /// The uniforms of cached-plot.vert and cached-plot.frag, each named once.
    enum Uniforms {
        /// Left, bottom, width and height in the target's pixels from the bottom-left.
        static let plotRect = Uniform<SIMD4<Float>>("u_plotRect")
        static let framebufferSize = Uniform<SIMD2<Float>>("u_framebufferSize")
        /// The plot's bottom-left corner in the target's pixels.
        static let origin = Uniform<SIMD2<Float>>("u_origin")
    }

    /// Copies a transparent texture premultiplied over the plot.
    static let copyDescriptor: PipelineDescriptor = {
        var descriptor = PipelineDescriptor(label: "cached plot copy", vertexShader: "cached-plot.vert",
                                            fragmentShader: "cached-plot.frag")
        descriptor.primitive = .triangleStrip
        descriptor.blend = .premultiplied
        descriptor.samplers = ["u_texture"]
        descriptor.declare(Uniforms.plotRect, Uniforms.framebufferSize, Uniforms.origin)
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
        device.setUniform(Uniforms.plotRect, SIMD4(Float(plot.x), Float(bottom), Float(plot.width), Float(plot.height)))
        device.setUniform(Uniforms.framebufferSize, SIMD2(canvas))
        device.setUniform(Uniforms.origin, SIMD2(Float(plot.x), Float(bottom)))
        device.draw(count: 4)
    }
}
