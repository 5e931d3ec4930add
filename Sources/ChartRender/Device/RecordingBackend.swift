import ChartGeometry

/// A backend that draws nothing and writes down what it was asked to do (sokol_gfx's
/// dummy backend, with a memory): `ChartRender`'s own logic — which pieces upload when,
/// the paint bands, cache invalidation, the order of a frame's passes — is tested
/// through it in milliseconds, without a GPU. Pixels stay the llvmpipe tests' business.
public final class RecordingBackend: RenderBackend {
    /// One call, as a test reads it: objects by number, pipelines by label, bytes by
    /// count (and, for per-frame geometry, as floats).
    public enum Command: Equatable, Sendable {
        case makeBuffer(Int, bytes: Int)
        case upload(buffer: Int, offset: Int, bytes: Int)
        case stream(buffer: Int, floats: [Float])
        case makeTexture(Int, width: Int, height: Int, format: PixelFormat)
        case updateTexture(Int, region: PixelRect)
        case makeBufferTexture(Int, buffer: Int)
        case makeFramebuffer(Int, texture: Int)
        case makeProgram(vertex: String, fragment: String)
        case delete(String)
        /// `target`: a framebuffer's number, 0 for the screen.
        case beginPass(target: Int, size: PixelSize, clear: RGBAColor?)
        case endPass
        case apply(pipeline: String)
        /// From the bottom-left, as the backend receives it.
        case scissor(x: Int, y: Int, width: Int, height: Int)
        /// The buffers a draw reads (0: none) and the textures in slot order.
        case bindings(vertexBuffer: Int, indexBuffer: Int, textures: [Int])
        case uniform(String, UniformValue)
        case draw(count: Int, instances: Int)
        case resolve(from: Int, into: Int)
        case readPixels(Int)
    }

    /// What can be made to fail, to test what the renderer does then.
    public enum Failure: Hashable, Sendable {
        /// Every framebuffer of a texture with this format.
        case framebuffer(PixelFormat)
        /// The program linked from this shader.
        case shader(String)
    }

    public private(set) var commands: [Command] = []
    public var failing: Set<Failure> = []
    public let limits: DeviceLimits
    private var nextID: UInt32 = 1
    private var textureFormats: [UInt32: PixelFormat] = [:]
    /// Each program's uniforms as its two sources declare them (a linker that removes none).
    private var programUniforms: [UInt32: [String: UniformType]] = [:]
    private var uniformNames: [Int32: String] = [:]
    /// Uniform locations are numbered apart from objects, so looking them up leaves the
    /// objects' numbers as they were.
    private var nextLocation: Int32 = 0
    private var vertexArrayBuffers: [UInt32: (vertex: Int, index: Int)] = [:]
    /// Whether buffers' bytes are kept (`bufferBytes`), for tests that read what was
    /// uploaded where.
    public var keepsBufferBytes = false
    /// Each buffer's bytes as uploaded, by number, while `keepsBufferBytes`.
    public private(set) var bufferBytes: [Int: [UInt8]] = [:]
    /// The buffer each buffer texture reads, by number.
    public private(set) var textureBuffers: [Int: Int] = [:]

    /// - Parameter screenFormat: the window's format (`.rgb8`: a window without alpha bits).
    public init(screenFormat: PixelFormat = .rgba8, maxBufferTextureTexels: Int = 1 << 27, maxTextureSize: Int = 16_384) {
        // The viewport as large as textures, as in Mesa's llvmpipe.
        limits = DeviceLimits(renderer: "recording", version: "none", maxBufferTextureTexels: maxBufferTextureTexels,
                              screenFormat: screenFormat, maxTextureSize: maxTextureSize,
                              maxViewport: PixelSize(width: maxTextureSize, height: maxTextureSize))
    }

    /// The status a driver gives a framebuffer it cannot draw into
    /// (`GL_FRAMEBUFFER_UNSUPPORTED`).
    static let unsupportedFramebuffer: UInt32 = 0x8CDD

    /// Forgets the commands so far (objects keep their numbers).
    public func clear() { commands.removeAll() }

    private func issue() -> UInt32 {
        defer { nextID += 1 }
        return nextID
    }

    func makeBuffer(byteCount: Int, kind: BufferKind) -> BufferID {
        let id = issue()
        commands.append(.makeBuffer(Int(id), bytes: byteCount))
        if keepsBufferBytes { bufferBytes[Int(id)] = [UInt8](repeating: 0, count: byteCount) }
        return BufferID(raw: id)
    }

    func update(_ buffer: BufferID, kind: BufferKind, atByteOffset byteOffset: Int, with bytes: UnsafeRawBufferPointer) {
        commands.append(.upload(buffer: Int(buffer.raw), offset: byteOffset, bytes: bytes.count))
        bufferBytes[Int(buffer.raw)]?.replaceSubrange(byteOffset..<(byteOffset + bytes.count), with: bytes)
    }

    func replace(_ buffer: BufferID, with bytes: UnsafeRawBufferPointer) {
        commands.append(.stream(buffer: Int(buffer.raw), floats: Array(bytes.bindMemory(to: Float.self))))
    }

    func makeTexture(width: Int, height: Int, format: PixelFormat) -> TextureID {
        let id = issue()
        textureFormats[id] = format
        commands.append(.makeTexture(Int(id), width: width, height: height, format: format))
        return TextureID(raw: id)
    }

    func update(_ texture: TextureID, region: PixelRect, with bytes: UnsafeRawBufferPointer) {
        commands.append(.updateTexture(Int(texture.raw), region: region))
    }

    func makeBufferTexture(over buffer: BufferID, format: BufferTexelFormat) -> TextureID {
        let id = issue()
        commands.append(.makeBufferTexture(Int(id), buffer: Int(buffer.raw)))
        textureBuffers[Int(id)] = Int(buffer.raw)
        return TextureID(raw: id)
    }

    func makeFramebuffer(colorTexture texture: TextureID) throws -> FramebufferID {
        if let format = textureFormats[texture.raw], failing.contains(.framebuffer(format)) {
            throw RenderError.framebuffer(status: Self.unsupportedFramebuffer)
        }
        let id = issue()
        commands.append(.makeFramebuffer(Int(id), texture: Int(texture.raw)))
        return FramebufferID(raw: id)
    }

    func makeMultisampleFramebuffer(width: Int, height: Int, samples: Int) throws -> (FramebufferID, samples: Int) {
        (FramebufferID(raw: issue()), samples)
    }

    func makeProgram(vertex: ShaderSource, fragment: ShaderSource) throws -> ProgramID {
        for shader in [vertex, fragment] where failing.contains(.shader(shader.name)) {
            throw RenderError.shader(name: shader.name, log: "made to fail by the recording")
        }
        commands.append(.makeProgram(vertex: vertex.name, fragment: fragment.name))
        let id = issue()
        programUniforms[id] = ShaderUniforms.declared(in: vertex.text)
            .merging(ShaderUniforms.declared(in: fragment.text)) { first, _ in first }
        return ProgramID(raw: id)
    }

    func uniforms(in program: ProgramID) -> [String: UniformType] { programUniforms[program.raw] ?? [:] }

    func uniformLocation(_ name: String, in program: ProgramID) -> Int32 {
        guard programUniforms[program.raw]?[name] != nil else { return -1 }
        nextLocation += 1
        uniformNames[nextLocation] = name
        return nextLocation
    }

    func bindSamplers(_ locations: [Int32], in program: ProgramID) {}

    func makeVertexArray(layout: VertexLayout, vertexBuffer: BufferID?, indexBuffer: BufferID?) -> VertexArrayID {
        let id = issue()
        vertexArrayBuffers[id] = (Int(vertexBuffer?.raw ?? 0), Int(indexBuffer?.raw ?? 0))
        return VertexArrayID(raw: id)
    }

    func makeTimer() -> TimerID { TimerID(raw: issue()) }

    func delete(_ resource: BackendResource) {
        switch resource {
        case let .buffer(id): commands.append(.delete("buffer \(id.raw)"))
        case let .texture(id): commands.append(.delete("texture \(id.raw)"))
        case let .framebuffer(id): commands.append(.delete("framebuffer \(id.raw)"))
        case let .vertexArray(id):
            vertexArrayBuffers[id.raw] = nil
            commands.append(.delete("vertex array \(id.raw)"))
        case let .program(id): commands.append(.delete("program \(id.raw)"))
        case let .timer(id): commands.append(.delete("timer \(id.raw)"))
        }
    }

    func beginPass(_ target: PassTarget, clearTo color: RGBAColor?) {
        commands.append(.beginPass(target: Int(target.framebuffer?.raw ?? 0), size: target.size, clear: color))
    }

    func endPass() { commands.append(.endPass) }

    func apply(_ pipeline: PipelineDescriptor, program: ProgramID) {
        commands.append(.apply(pipeline: pipeline.label))
    }

    func applyScissor(x: Int, y: Int, width: Int, height: Int) {
        commands.append(.scissor(x: x, y: y, width: width, height: height))
    }

    func applyBindings(vertexArray: VertexArrayID, textures: [BoundTexture]) {
        let buffers = vertexArrayBuffers[vertexArray.raw] ?? (0, 0)
        commands.append(.bindings(vertexBuffer: buffers.vertex, indexBuffer: buffers.index,
                                  textures: textures.map { Int($0.texture.raw) }))
    }

    func setUniform(_ location: Int32, to value: UniformValue) {
        commands.append(.uniform(uniformNames[location] ?? "?", value))
    }

    func draw(_ primitive: PipelineDescriptor.Primitive, indexed: Bool, count: Int, instances: Int) {
        commands.append(.draw(count: count, instances: instances))
    }

    func resolve(_ source: FramebufferID, into destination: FramebufferID?, size: PixelSize) {
        commands.append(.resolve(from: Int(source.raw), into: Int(destination?.raw ?? 0)))
    }

    func readPixels(_ framebuffer: FramebufferID, size: PixelSize) -> [UInt8] {
        commands.append(.readPixels(Int(framebuffer.raw)))
        return [UInt8](repeating: 0, count: size.width * size.height * 4)
    }

    func beginTimer(_ timer: TimerID) {}
    func endTimer() {}
    func milliseconds(of timer: TimerID) -> Double { 0 }
    func finish() {}
    func takeError() -> String? { nil }
}
