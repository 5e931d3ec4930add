

/// Paints a texture over the whole target of the pass in progress, linearly filtered: a
/// textured triangle rather than a framebuffer blit, which costs several times more on
/// llvmpipe at 1280 × 720 (the benchmark's `--scale` upscale).
public final class TextureStretcher {
    private let device: RenderDevice
    private let pipeline: PipelineID

    public init(device: RenderDevice) throws {
        self.device = device
        var descriptor = PipelineDescriptor(label: "stretch", vertexShader: "whole-target.vert", fragmentShader: "stretch.frag")
        descriptor.blend = .opaque
        descriptor.samplers = ["u_texture"]
        pipeline = try device.makePipeline(descriptor)
    }

    /// Paints `source` over the whole target of the pass in progress.
    public func stretch(_ source: TextureTarget) {
        guard let size = device.currentTarget?.size else { preconditionFailure("TextureStretcher: stretch inside a pass") }
        device.apply(pipeline)
        device.applyBindings(textures: [source.texture])
        device.setUniform("u_targetSize", .size(size.width, size.height))
        device.draw(count: 3)
    }
}
