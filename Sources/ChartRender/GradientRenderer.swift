import ChartCore

/// Draws a `GradientField` into a small square texture with the gradient shader: the
/// seed's compression, a tenth of the window's width, later stretched with linear
/// filtering.
public final class GradientRenderer {
    private let device: RenderDevice
    private let pipeline: PipelineID
    let stretcher: TextureStretcher

    public init(device: RenderDevice) throws {
        self.device = device
        // One triangle over the whole target, its corners from gl_VertexID.
        var descriptor = PipelineDescriptor(label: "gradient", vertexShader: "gradient.vert", fragmentShader: "gradient.frag")
        descriptor.blend = .opaque
        pipeline = try device.makePipeline(descriptor)
        stretcher = try TextureStretcher(device: device)
    }

    /// Fills `target` with `field`, in a pass of its own.
    public func render(_ field: GradientField, into target: TextureTarget) {
        device.withPass(into: target.passTarget) {
            device.apply(pipeline)
            device.applyBindings()
            device.setUniform("u_centers", .vec2Array(field.centers.flatMap { [Float($0.x), Float($0.y)] }))
            device.setUniform("u_colors", .vec3Array(field.colors.flatMap { [$0.red, $0.green, $0.blue] }))
            device.setUniform("u_targetSize", .size(target.width, target.height))
            device.draw(count: 3)
        }
    }
}
