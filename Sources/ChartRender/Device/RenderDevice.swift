import ChartCore
import ChartData
#if canImport(Glibc)
import Glibc
#endif

/// The one way to the GPU, in the manner of sokol_gfx: it makes buffers, textures,
/// targets and pipelines, runs passes, and applies pipelines, bindings and uniforms for
/// draws, checking their order; a backend turns each call into the graphics API's
/// (`GLBackend`) or writes it down (`RecordingBackend`). It counts every byte sent to
/// the GPU and reports a failure to make something once, in words.
///
/// Must be used on the thread whose context is current.
public final class RenderDevice {
    /// Bytes sent to GPU buffers and textures since creation. Uniforms do not count:
    /// they are the per-frame state, and the point is that nothing else changes.
    public private(set) var uploadedBytes = 0
    /// Bytes of interface sent to the GPU: per-frame geometry (label quads, grid lines,
    /// shapes, paint bands) and glyphs added to the atlas; counted apart from
    /// `uploadedBytes`, which is the data.
    public private(set) var streamedBytes = 0
    public let limits: DeviceLimits
    /// The OpenGL context the objects belong to (`nil` when recording); held so that it
    /// outlives them.
    public let context: GLContext?
    /// What could not be made, each said once (the renderer then draws without it).
    public private(set) var failures: [String] = []
    /// Hears each failure once when it first happens; by default a warning on stderr.
    public var onFailure: (String) -> Void = { message in
        fputs("sightline: warning: \(DisplayText.escaped(message))\n", stderr)
    }

    let backend: RenderBackend
    private var owned: [BackendResource] = []
    private var programs: [String: ProgramID] = [:]
    private var pipelines: [PipelineDescriptor] = []
    private var pipelineIDs: [PipelineDescriptor: PipelineID] = [:]
    private var pipelinePrograms: [ProgramID] = []
    private var uniformLocations: [ProgramID: [String: Int32]] = [:]
    private var vertexArrays: [VertexArrayKey: VertexArrayID] = [:]
    private var textureKinds: [TextureID: BoundTexture.Kind] = [:]
    private var pass: PassTarget?
    private var suspended: [PassTarget] = []
    private var applied: PipelineID?

    private struct VertexArrayKey: Hashable {
        var layout: VertexLayout
        var vertexBuffer: BufferID?
        var indexBuffer: BufferID?
    }

    /// A device for `context`, which must be current.
    public convenience init(context: GLContext) {
        self.init(backend: GLBackend(), context: context)
    }

    /// A device that records its calls into `recording` instead of drawing.
    public convenience init(recording: RecordingBackend) {
        self.init(backend: recording, context: nil)
    }

    init(backend: RenderBackend, context: GLContext?) {
        self.backend = backend
        self.context = context
        limits = backend.limits
    }

    deinit {
        for resource in owned.reversed() { backend.delete(resource) }
        for array in vertexArrays.values { backend.delete(.vertexArray(array)) }
    }

    /// The driver's renderer string, e.g. "llvmpipe (LLVM 15.0.6, 256 bits)".
    public var renderer: String { limits.renderer }

    // MARK: Buffers and textures

    /// A buffer of `byteCount` bytes with undefined content, to fill in parts.
    func makeBuffer(byteCount: Int, kind: BufferKind = .vertex) -> BufferID {
        let buffer = backend.makeBuffer(byteCount: byteCount, kind: kind)
        owned.append(.buffer(buffer))
        checkError("making a buffer of \(byteCount) bytes")
        return buffer
    }

    /// Copies `bytes` into `buffer` at `byteOffset`, and counts them.
    func upload(_ bytes: UnsafeRawBufferPointer, to buffer: BufferID, atByteOffset byteOffset: Int, kind: BufferKind = .vertex) {
        backend.update(buffer, kind: kind, atByteOffset: byteOffset, with: bytes)
        uploadedBytes += bytes.count
        checkError("uploading \(bytes.count) bytes")
    }

    /// Replaces the whole content of `buffer` with per-frame geometry, and counts it.
    func stream(_ bytes: UnsafeRawBufferPointer, into buffer: BufferID) {
        backend.replace(buffer, with: bytes)
        streamedBytes += bytes.count
        checkError("streaming \(bytes.count) bytes")
    }

    func delete(_ buffer: BufferID) {
        guard let index = owned.firstIndex(where: { if case .buffer(buffer) = $0 { true } else { false } }) else { return }
        owned.remove(at: index)
        for (key, array) in vertexArrays where key.vertexBuffer == buffer || key.indexBuffer == buffer {
            backend.delete(.vertexArray(array))
            vertexArrays[key] = nil
        }
        backend.delete(.buffer(buffer))
    }

    /// A texture of `width × height` with undefined content, linearly filtered.
    func makeTexture(width: Int, height: Int, format: PixelFormat = .rgba8) -> TextureID {
        let texture = backend.makeTexture(width: width, height: height, format: format)
        owned.append(.texture(texture))
        textureKinds[texture] = .image
        checkError("making a \(width)×\(height) texture")
        return texture
    }

    /// Copies tightly packed pixels into `region` of `texture` (from its top-left), and
    /// counts them as interface (glyphs).
    func update(_ texture: TextureID, region: PixelRect, with bytes: UnsafeRawBufferPointer) {
        backend.update(texture, region: region, with: bytes)
        streamedBytes += bytes.count
        checkError("updating a texture")
    }

    /// A texture over the whole of `buffer`, read as pairs of floats with `texelFetch`:
    /// shaders pull points by index, so one draw needs no instancing.
    func makeBufferTexture(over buffer: BufferID) -> TextureID {
        let texture = backend.makeBufferTexture(over: buffer)
        owned.append(.texture(texture))
        textureKinds[texture] = .buffer
        checkError("making a buffer texture")
        return texture
    }

    func delete(_ texture: TextureID) {
        guard let index = owned.firstIndex(where: { if case .texture(texture) = $0 { true } else { false } }) else { return }
        owned.remove(at: index)
        textureKinds[texture] = nil
        backend.delete(.texture(texture))
    }

    func makeFramebuffer(colorTexture texture: TextureID) throws -> FramebufferID {
        let framebuffer = try backend.makeFramebuffer(colorTexture: texture)
        owned.append(.framebuffer(framebuffer))
        return framebuffer
    }

    func makeMultisampleFramebuffer(width: Int, height: Int, samples: Int) throws -> (FramebufferID, samples: Int) {
        let made = try backend.makeMultisampleFramebuffer(width: width, height: height, samples: samples)
        owned.append(.framebuffer(made.0))
        return made
    }

    func delete(_ framebuffer: FramebufferID) {
        guard let index = owned.firstIndex(where: { if case .framebuffer(framebuffer) = $0 { true } else { false } }) else { return }
        owned.remove(at: index)
        backend.delete(.framebuffer(framebuffer))
    }

    func makeTimer() -> TimerID {
        let timer = backend.makeTimer()
        owned.append(.timer(timer))
        return timer
    }

    // MARK: Pipelines

    /// The pipeline `descriptor` describes, made the first time it is asked for and
    /// shared after that. Programs are shared by pipelines with the same two shaders (on
    /// llvmpipe each link JIT-compiles, tens of milliseconds before the first frame).
    /// - Throws: `RenderError.shader` with the driver's log.
    public func makePipeline(_ descriptor: PipelineDescriptor) throws -> PipelineID {
        if let made = pipelineIDs[descriptor] { return made }
        let program = try program(vertex: descriptor.vertexShader, fragment: descriptor.fragmentShader)
        let pipeline = PipelineID(raw: UInt32(pipelines.count))
        pipelines.append(descriptor)
        pipelinePrograms.append(program)
        pipelineIDs[descriptor] = pipeline
        // Samplers read their slots for good: each program is bound to them once here.
        if !descriptor.samplers.isEmpty {
            backend.bindSamplers(descriptor.samplers.map { location($0, in: program) }, in: program)
        }
        return pipeline
    }

    private func program(vertex: String, fragment: String) throws -> ProgramID {
        let key = vertex + "+" + fragment
        if let linked = programs[key] { return linked }
        guard let vertexText = ShaderLibrary.source(named: vertex) else {
            throw RenderError.shader(name: vertex, log: "not embedded in this binary")
        }
        guard let fragmentText = ShaderLibrary.source(named: fragment) else {
            throw RenderError.shader(name: fragment, log: "not embedded in this binary")
        }
        let program = try backend.makeProgram(vertex: ShaderSource(name: vertex, text: vertexText),
                                              fragment: ShaderSource(name: fragment, text: fragmentText))
        owned.append(.program(program))
        programs[key] = program
        return program
    }

    private func location(_ name: String, in program: ProgramID) -> Int32 {
        if let location = uniformLocations[program]?[name] { return location }
        let location = backend.uniformLocation(name, in: program)
        uniformLocations[program, default: [:]][name] = location
        return location
    }

    // MARK: Passes and draws

    /// The window's framebuffer (or the offscreen context's), `size` pixels.
    public func screen(size: PixelSize) -> PassTarget {
        PassTarget(framebuffer: nil, size: size, format: limits.screenFormat)
    }

    /// What the pass in progress draws into, `nil` between passes.
    public var currentTarget: PassTarget? { pass }

    /// Starts drawing into `target`, its whole area the viewport; with `color`, first
    /// fills it with that colour (no scissor, every channel).
    public func beginPass(_ target: PassTarget, clearTo color: RGBAColor? = nil) {
        precondition(pass == nil, "RenderDevice: a pass is in progress; end it first")
        pass = target
        applied = nil
        backend.beginPass(target, clearTo: color)
    }

    public func endPass() {
        precondition(pass != nil, "RenderDevice: no pass to end")
        backend.endPass()
        pass = nil
        applied = nil
        checkError("a pass")
    }

    /// Runs `body` in a pass into `target`. A pass in progress is ended first and begun
    /// again afterwards, keeping what it drew (a surface that draws into a texture of its
    /// own in the middle of the canvas's pass).
    public func withPass<Result>(into target: PassTarget, clearTo color: RGBAColor? = nil,
                                 _ body: () throws -> Result) rethrows -> Result {
        let interrupted = pass
        if interrupted != nil { endPass() }
        beginPass(target, clearTo: color)
        defer {
            endPass()
            if let interrupted { beginPass(interrupted) }
        }
        return try body()
    }

    /// Makes `pipeline` the one draws use until the next `apply` or the pass's end.
    public func apply(_ pipeline: PipelineID) {
        guard let pass else { preconditionFailure("RenderDevice: apply a pipeline inside a pass") }
        let descriptor = pipelines[Int(pipeline.raw)]
        if let format = descriptor.targetFormat {
            precondition(format == pass.format, "RenderDevice: pipeline '\(descriptor.label)' draws into \(format), not \(pass.format)")
        }
        applied = pipeline
        backend.apply(descriptor, program: pipelinePrograms[Int(pipeline.raw)])
    }

    /// The scissor rectangle of the applied pipeline, in the pass target's pixels from
    /// the top-left (as every rectangle in Sightline is).
    public func applyScissor(_ rect: PixelRect) {
        let (pass, descriptor) = current("applyScissor")
        precondition(descriptor.usesScissor, "RenderDevice: pipeline '\(descriptor.label)' does not use the scissor")
        backend.applyScissor(x: rect.x, y: pass.size.height - rect.y - rect.height, width: rect.width, height: rect.height)
    }

    /// The buffers and textures the next draws read: the vertex buffer through the
    /// applied pipeline's layout, indices from `indexBuffer`, `textures` in slot order.
    public func applyBindings(vertexBuffer: BufferID? = nil, indexBuffer: BufferID? = nil, textures: [TextureID] = []) {
        let (_, descriptor) = current("applyBindings")
        let key = VertexArrayKey(layout: descriptor.layout, vertexBuffer: vertexBuffer, indexBuffer: indexBuffer)
        let array = vertexArrays[key] ?? {
            let made = backend.makeVertexArray(layout: key.layout, vertexBuffer: vertexBuffer, indexBuffer: indexBuffer)
            vertexArrays[key] = made
            return made
        }()
        backend.applyBindings(vertexArray: array, textures: textures.map { BoundTexture(texture: $0, kind: textureKinds[$0] ?? .image) })
    }

    /// Sets the applied pipeline's uniform `name` (a name its program lacks is ignored,
    /// as OpenGL does for uniforms the compiler removed).
    public func setUniform(_ name: String, _ value: UniformValue) {
        let pipeline = applied.map { Int($0.raw) }
        guard let pipeline else { preconditionFailure("RenderDevice: setUniform needs an applied pipeline") }
        backend.setUniform(location(name, in: pipelinePrograms[pipeline]), to: value)
    }

    /// Draws `count` vertices (or indices, for an indexed pipeline) of the applied
    /// pipeline's primitive, `instances` times.
    public func draw(count: Int, instances: Int = 1) {
        let (_, descriptor) = current("draw")
        guard count > 0, instances > 0 else { return }
        backend.draw(descriptor.primitive, indexed: descriptor.isIndexed, count: count, instances: instances)
        checkError("drawing with '\(descriptor.label)'")
    }

    private func current(_ call: String) -> (PassTarget, PipelineDescriptor) {
        guard let pass, let applied else { preconditionFailure("RenderDevice: \(call) needs a pass and an applied pipeline") }
        return (pass, pipelines[Int(applied.raw)])
    }

    /// Averages `source`'s samples into `destination`, which must be the same size.
    public func resolve(_ source: MultisampleTarget, into destination: PassTarget) {
        precondition(pass == nil, "RenderDevice: resolve between passes")
        backend.resolve(source.framebuffer, into: destination.framebuffer, size: destination.size)
    }

    /// The pixels of `target`, rows from the top. Waits for the GPU to finish.
    func readPixels(of framebuffer: FramebufferID, size: PixelSize) -> RGBAImage {
        precondition(pass == nil, "RenderDevice: read pixels between passes")
        let bottomUp = backend.readPixels(framebuffer, size: size)
        checkError("reading pixels")
        let rowBytes = size.width * 4
        var topDown = [UInt8](repeating: 0, count: bottomUp.count)
        for row in 0..<size.height {
            let source = (size.height - 1 - row) * rowBytes
            topDown.replaceSubrange(row * rowBytes..<(row + 1) * rowBytes, with: bottomUp[source..<source + rowBytes])
        }
        return RGBAImage(width: size.width, height: size.height, pixels: topDown)
    }

    /// Waits until the GPU has finished every command sent so far.
    public func finish() { backend.finish() }

    // MARK: Failures

    /// Says once that `what` could not be made and what is drawn instead.
    func report(_ error: Error, making what: String, instead: String) {
        let message = "cannot make \(what) (\(error)); \(instead)"
        guard !failures.contains(message) else { return }
        failures.append(message)
        onFailure(message)
    }

    /// Traps with the API's error in debug builds; release builds skip the check, so a
    /// bad call costs a wrong frame, never a crash.
    func checkError(_ operation: @autoclosure () -> String) {
        #if DEBUG
        if let error = backend.takeError() {
            preconditionFailure("\(error) in \(operation())")
        }
        #endif
    }
}
