/// The pipelines shape surfaces share.
struct ShapePipelines {
    /// Rectangles, circles and segments: one instance of 16 floats each (geometry,
    /// parameters, fill, stroke), drawn as a quad whose fragments measure the distance.
    let shape: PipelineID
    /// Filled areas: triangles of a position and a colour per vertex.
    let flat: PipelineID

    init(device: RenderDevice) throws {
        var shape = PipelineDescriptor(label: "shapes", vertexShader: "shape.vert", fragmentShader: "shape.frag")
        shape.layout = VertexLayout(components: [4, 4, 4, 4], perInstance: true)
        shape.primitive = .triangleStrip
        self.shape = try device.makePipeline(shape)
        var flat = PipelineDescriptor(label: "filled areas", vertexShader: "flat.vert", fragmentShader: "flat.frag")
        flat.layout = VertexLayout(components: [2, 4])
        self.flat = try device.makePipeline(flat)
    }
}
