/// The pipelines shape surfaces share.
struct ShapePipelines {
    /// Rectangles, circles and segments: one instance of 16 floats each (geometry,
    /// parameters, fill, stroke), drawn as a quad whose fragments measure the distance.
    let shape: PipelineID
    /// Filled areas: triangles of a position and a colour per vertex.
    let flat: PipelineID

    /// The canvas's size, pixels: the one uniform of shape.vert and of flat.vert.
    static let canvasSize = Uniform<SIMD2<Float>>("u_canvasSize")

    static let shapeDescriptor: PipelineDescriptor = {
        var shape = PipelineDescriptor(label: "shapes", vertexShader: "shape.vert", fragmentShader: "shape.frag")
        shape.layout = VertexLayout(components: [4, 4, 4, 4], perInstance: true)
        shape.primitive = .triangleStrip
        shape.declare(canvasSize)
        return shape
    }()

    static let flatDescriptor: PipelineDescriptor = {
        var flat = PipelineDescriptor(label: "filled areas", vertexShader: "flat.vert", fragmentShader: "flat.frag")
        flat.layout = VertexLayout(components: [2, 4])
        flat.declare(canvasSize)
        return flat
    }()

    init(device: RenderDevice) throws {
        shape = try device.makePipeline(Self.shapeDescriptor)
        flat = try device.makePipeline(Self.flatDescriptor)
    }
}
