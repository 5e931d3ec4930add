import ChartGeometry

/// What a device needs from a graphics API: objects made and deleted, passes, state and
/// draws, one call each. `GLBackend` speaks OpenGL 3.3 core; `RecordingBackend` writes
/// the calls down, so the logic above can be tested without a GPU (through
/// `RenderDevice(recording:)`). Backends trust their
/// caller: `RenderDevice` checks the order of calls before they get here.
protocol RenderBackend: AnyObject {
    var limits: DeviceLimits { get }

    func makeBuffer(byteCount: Int, kind: BufferKind) -> BufferID
    /// Copies `bytes` into `buffer` at `byteOffset`.
    func update(_ buffer: BufferID, kind: BufferKind, atByteOffset byteOffset: Int, with bytes: UnsafeRawBufferPointer)
    /// Replaces the whole of `buffer`'s storage with `bytes` (orphaning the old, so the
    /// driver need not wait for draws still reading it).
    func replace(_ buffer: BufferID, with bytes: UnsafeRawBufferPointer)
    func makeTexture(width: Int, height: Int, format: PixelFormat) -> TextureID
    /// Copies tightly packed pixels of the texture's format into `region` (from the top-left).
    func update(_ texture: TextureID, region: PixelRect, with bytes: UnsafeRawBufferPointer)
    /// A texture reading `buffer` as texels of `format`, by index.
    func makeBufferTexture(over buffer: BufferID, format: BufferTexelFormat) -> TextureID
    /// A framebuffer drawing into `texture`; throws when the driver finds it incomplete.
    func makeFramebuffer(colorTexture texture: TextureID) throws -> FramebufferID
    /// A multisampled framebuffer, with the samples the driver granted (at most `samples`).
    func makeMultisampleFramebuffer(width: Int, height: Int, samples: Int) throws -> (FramebufferID, samples: Int)
    /// The program linked from two shader sources; throws `RenderError.shader` with the log.
    func makeProgram(vertex: ShaderSource, fragment: ShaderSource) throws -> ProgramID
    /// The uniforms `program` has, by name (an array's without its "[0]"), with their
    /// types: GL's active ones, the recording's as its sources declare them.
    func uniforms(in program: ProgramID) -> [String: UniformType]
    /// The location of a uniform in `program` (−1 when the program has none by that name).
    func uniformLocation(_ name: String, in program: ProgramID) -> Int32
    /// Points `program`'s samplers at texture slots 0, 1, … in the order of `locations`.
    func bindSamplers(_ locations: [Int32], in program: ProgramID)
    /// A vertex array reading `vertexBuffer` (if any) as `layout` says, with `indexBuffer` bound.
    func makeVertexArray(layout: VertexLayout, vertexBuffer: BufferID?, indexBuffer: BufferID?) -> VertexArrayID
    func makeTimer() -> TimerID
    func delete(_ resource: BackendResource)

    func beginPass(_ target: PassTarget, clearTo color: RGBAColor?)
    func endPass()
    /// Makes `pipeline`'s program and fixed state current.
    func apply(_ pipeline: PipelineDescriptor, program: ProgramID)
    /// The scissor rectangle, in the pass target's pixels from the bottom-left.
    func applyScissor(x: Int, y: Int, width: Int, height: Int)
    func applyBindings(vertexArray: VertexArrayID, textures: [BoundTexture])
    func setUniform(_ location: Int32, to value: UniformValue)
    func draw(_ primitive: PipelineDescriptor.Primitive, indexed: Bool, count: Int, instances: Int)
    /// Averages a multisampled target's samples into `destination` (the same size).
    func resolve(_ source: FramebufferID, into destination: FramebufferID?, size: PixelSize)
    /// The target's pixels, rows from the bottom, 4 bytes each.
    func readPixels(_ framebuffer: FramebufferID, size: PixelSize) -> [UInt8]
    func beginTimer(_ timer: TimerID)
    func endTimer()
    /// The timer's measured milliseconds; waits for the GPU.
    func milliseconds(of timer: TimerID) -> Double
    /// Waits until the GPU has finished everything sent so far.
    func finish()
    /// The first error the API reported since the last call (`nil`: none), in words.
    func takeError() -> String?
}

enum BufferKind: Sendable {
    /// Vertices, or points read through a buffer texture.
    case vertex
    /// 32-bit indices.
    case index
}

/// What one texel of a buffer texture holds.
enum BufferTexelFormat: Sendable {
    /// Two floats: a line's point (x, y offsets).
    case twoFloats
    /// One float: a stack's step is several texels in a row (x, then each series' y).
    case oneFloat
}

/// A texture bound to a slot for a draw.
struct BoundTexture: Hashable, Sendable {
    enum Kind: Hashable, Sendable { case image, buffer }
    let texture: TextureID
    let kind: Kind
}

/// A shader's source, with the name it is reported by.
struct ShaderSource: Sendable {
    var name: String
    var text: String
}

/// An object a backend made, to delete.
enum BackendResource: Hashable, Sendable {
    case buffer(BufferID), texture(TextureID), framebuffer(FramebufferID), vertexArray(VertexArrayID),
         program(ProgramID), timer(TimerID)
}
