/// Paints a texture over the whole target of the pass in progress, linearly filtered: a
/// textured triangle rather than a framebuffer blit, which costs several times more on
/// llvmpipe at 1280 × 720 (the benchmark's `--scale` upscale).
public final class TextureStretcher {
    private let device: RenderDevice
    private let pipeline: PipelineID

    /// The size of the target painted, pixels (stretch.frag).
    static let targetSize = Uniform<SIMD2<Float>>("u_targetSize")

    static let descriptor: PipelineDescriptor = {
        var descriptor = PipelineDescriptor(label: "stretch", vertexShader: "whole-target.vert", fragmentShader: "stretch.frag")
        descriptor.blend = .opaque
        descriptor.samplers = ["u_texture"]
        descriptor.declare(targetSize)
        return descriptor
    }()

    public init(device: RenderDevice) throws {
        self.device = device
        pipeline = try device.makePipeline(Self.descriptor)
    }

    /// Paints `source` over the whole target of the pass in progress.
    public func stretch(_ source: TextureTarget) {
        guard let size = device.currentTarget?.size else { preconditionFailure("TextureStretcher: stretch inside a pass") }
        device.apply(pipeline)
        device.applyBindings(textures: [source.texture])
        device.setUniform(Self.targetSize, SIMD2(size))
        device.draw(count: 3)
    }
}
