import ChartCore

/// The texture a caching line surface keeps, and what it last drew into it.
final class LineCache {
    struct Key: Equatable {
        var lines: [SeriesLine]
        var visible: DataRect
        var plot: PixelRect
        var scale: Double
    }

    let device: RenderDevice
    private let copyPipeline: PipelineID
    private var target: TextureTarget?
    private var drawn: Key?
    /// The size a texture could not be made at, and why.
    private var failure: (size: PixelSize, reason: String)?
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
    }

    /// The texture for a plot of `size`, remade when the size changes; `nil` (said once
    /// by the device, counted at each frame, tried again only at another size) when the
    /// driver cannot make one: the lines are then drawn directly.
    func texture(for size: PixelSize) -> TextureTarget? {
        if let target, target.size == size { return target }
        target = nil
        drawn = nil
        if let failure, failure.size == size {
            report(failure.reason)
            return nil
        }
        do {
            target = try TextureTarget(device: device, width: size.width, height: size.height)
        } catch {
            failure = (size, "\(error)")
            report("\(error)")
        }
        return target
    }

    private func report(_ reason: String) {
        device.report(making: "a texture to cache the range selector's lines", because: reason, instead: "they are drawn every frame")
    }

    /// Whether the texture holds the lines of `key`.
    func holds(_ key: Key) -> Bool { key == drawn }

    /// The texture, if it holds the lines of `key`.
    func texture(holding key: Key) -> TextureTarget? { key == drawn ? target : nil }

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
