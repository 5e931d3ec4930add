/// Everything about a draw that is fixed when the pipeline is made (sokol_gfx's
/// `sg_pipeline_desc`): the two shaders, how vertices are read, the primitive, the
/// blend state, which channels are written, whether the scissor applies, and the
/// format of the targets it may draw into, and the uniforms its shaders have. What changes
/// per draw (uniform values, buffers, textures, the scissor rectangle) is applied on the
/// device.
public struct PipelineDescriptor: Hashable, Sendable {
    /// For messages and recordings, e.g. "line coverage into alpha".
    public var label: String
    /// File names in `Shaders/`, e.g. "line.vert".
    public var vertexShader: String
    public var fragmentShader: String
    public var layout = VertexLayout()
    public var primitive: Primitive = .triangles
    /// Draws read 32-bit indices from the bound index buffer.
    public var isIndexed = false
    public var blend: BlendState = .alpha
    public var writes: ColorWrites = .all
    /// Whether fragments outside the rectangle given to `applyScissor` are discarded.
    public var usesScissor = false
    /// The format every pass this pipeline draws in must have; `nil`: any.
    public var targetFormat: PixelFormat?
    /// The shaders' sampler uniforms, in texture slot order: slot 0 is the first.
    public var samplers: [String] = []
    /// Every other uniform of the shaders, with its type (`declare` adds `Uniform` keys):
    /// checked against the linked program when the pipeline is made, and the only ones
    /// draws may set.
    public var uniforms: [UniformDeclaration] = []

    public init(label: String, vertexShader: String, fragmentShader: String) {
        self.label = label
        self.vertexShader = vertexShader
        self.fragmentShader = fragmentShader
    }

    public enum Primitive: Hashable, Sendable {
        case triangles, triangleStrip
    }

    /// Which channels a draw writes.
    public enum ColorWrites: Hashable, Sendable {
        case all
        /// Alpha only: coverage kept in the target's alpha channel.
        case alphaOnly
    }
}

/// How a pipeline reads its vertex buffer: 32-bit float attributes at locations 0, 1, …
/// in the order given, interleaved with one stride. An empty layout draws with no
/// vertex buffer (the shader makes its corners from `gl_VertexID`).
public struct VertexLayout: Hashable, Sendable {
    /// Floats per attribute, in location order.
    public var components: [Int]
    /// Whether one vertex of the buffer serves a whole instance (instanced quads).
    public var perInstance: Bool

    public init(components: [Int] = [], perInstance: Bool = false) {
        self.components = components
        self.perInstance = perInstance
    }

    /// Bytes from one vertex to the next.
    public var stride: Int { components.reduce(0, +) * MemoryLayout<Float>.size }

    /// Floats from one vertex to the next.
    public var floatsPerVertex: Int { components.reduce(0, +) }
}
