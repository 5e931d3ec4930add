import ChartData
import ChartGeometry
import Glibc
#if canImport(Glibc)
#endif

/// The one way to the GPU, in the manner of sokol_gfx: it makes buffers, textures,
/// targets and pipelines, runs passes, and applies pipelines, bindings and uniforms for
/// draws; a backend turns each call into the graphics API's (`GLBackend`) or writes it
/// down (`RecordingBackend`). It counts every byte sent to the GPU and says, once, what
/// could not be made.
///
/// Its validation is sokol's: a call out of order (a draw outside a pass, bindings that
/// do not match the pipeline, a uniform the pipeline does not declare) stops a debug
/// build with the rule in words; a release build skips the call instead of crashing. A
/// pipeline whose declared uniforms are not its program's is refused when it is made,
/// in every build.
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
    /// Draws that went without something that could not be made, counted every time
    /// (a still picture with any is incomplete).
    public private(set) var drawsAroundFailures = 0
    /// The failure the latest such draw went without.
    public private(set) var lastFailure: String?
    /// Hears each failure once when it first happens; by default a warning on stderr.
    public var onFailure: (String) -> Void = { message in
        var line = "sightline: warning: \(DisplayText.escaped(message))\n"
        _ = line.withUTF8 { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }

    let backend: RenderBackend
    private var owned: Set<BackendResource> = []
    private var programs: [String: ProgramID] = [:]
    private var programSamplers: [ProgramID: [String]] = [:]
    private var pipelines: [PipelineDescriptor] = []
    private var pipelineIDs: [PipelineDescriptor: PipelineID] = [:]
    private var pipelinePrograms: [ProgramID] = []
    /// Each pipeline's declared uniforms by name, their locations looked up when it was made.
    private var pipelineUniforms: [[String: UniformSlot]] = []
    private var vertexArrays: [VertexArrayKey: VertexArrayID] = [:]
    private var textureKinds: [TextureID: BoundTexture.Kind] = [:]
    private var pass: PassTarget?
    private var applied: PipelineID?
    private var timing: TimerID?

    private struct UniformSlot {
        var location: Int32
        var type: UniformType
    }

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
        for array in vertexArrays.values { backend.delete(.vertexArray(array)) }
        for resource in owned { backend.delete(resource) }
    }

    /// The driver's renderer string, e.g. "llvmpipe (LLVM 15.0.6, 256 bits)".
    public var renderer: String { limits.renderer }

    // MARK: Buffers and textures

    /// A buffer of `byteCount` bytes with undefined content, to fill in parts.
    func makeBuffer(byteCount: Int, kind: BufferKind = .vertex) -> BufferID {
        let buffer = backend.makeBuffer(byteCount: byteCount, kind: kind)
        owned.insert(.buffer(buffer))
        checkCreation("a buffer of \(byteCount) bytes", instead: "what it was to hold is not drawn")
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
        guard owned.remove(.buffer(buffer)) != nil else { return }
        for (key, array) in vertexArrays where key.vertexBuffer == buffer || key.indexBuffer == buffer {
            backend.delete(.vertexArray(array))
            vertexArrays[key] = nil
        }
        backend.delete(.buffer(buffer))
    }

    /// A texture of `width × height` with undefined content, linearly filtered.
    /// - Throws: `RenderError.textureTooLarge` beyond the driver's largest texture.
    func makeTexture(width: Int, height: Int, format: PixelFormat = .rgba8) throws -> TextureID {
        guard (1...limits.maxTextureSize).contains(width), (1...limits.maxTextureSize).contains(height) else {
            throw RenderError.textureTooLarge(width: width, height: height, limit: limits.maxTextureSize)
        }
        let texture = backend.makeTexture(width: width, height: height, format: format)
        owned.insert(.texture(texture))
        textureKinds[texture] = .image
        checkCreation("a \(width)×\(height) texture", instead: "what it was to hold is not drawn")
        return texture
    }

    /// Copies tightly packed pixels into `region` of `texture` (from its top-left), and
    /// counts them as interface (glyphs).
    func update(_ texture: TextureID, region: PixelRect, with bytes: UnsafeRawBufferPointer) {
        backend.update(texture, region: region, with: bytes)
        streamedBytes += bytes.count
        checkError("updating a texture")
    }

    /// A texture over the whole of `buffer`, read as texels of `format` (pairs of floats
    /// by default) with `texelFetch`: shaders pull points by index, so one draw needs no
    /// instancing.
    func makeBufferTexture(over buffer: BufferID, format: BufferTexelFormat = .twoFloats) -> TextureID {
        let texture = backend.makeBufferTexture(over: buffer, format: format)
        owned.insert(.texture(texture))
        textureKinds[texture] = .buffer
        checkCreation("a buffer texture", instead: "the points it reads are not drawn")
        return texture
    }

    func delete(_ texture: TextureID) {
        guard owned.remove(.texture(texture)) != nil else { return }
        textureKinds[texture] = nil
        backend.delete(.texture(texture))
    }

    func makeFramebuffer(colorTexture texture: TextureID) throws -> FramebufferID {
        let framebuffer = try backend.makeFramebuffer(colorTexture: texture)
        owned.insert(.framebuffer(framebuffer))
        return framebuffer
    }

    func makeMultisampleFramebuffer(width: Int, height: Int, samples: Int) throws -> (FramebufferID, samples: Int) {
        let made = try backend.makeMultisampleFramebuffer(width: width, height: height, samples: samples)
        owned.insert(.framebuffer(made.0))
        return made
    }

    func delete(_ framebuffer: FramebufferID) {
        guard owned.remove(.framebuffer(framebuffer)) != nil else { return }
        backend.delete(.framebuffer(framebuffer))
    }

    // MARK: Timers

    func makeTimer() -> TimerID {
        let timer = backend.makeTimer()
        owned.insert(.timer(timer))
        return timer
    }

    func delete(_ timer: TimerID) {
        guard owned.remove(.timer(timer)) != nil else { return }
        backend.delete(.timer(timer))
    }

    func beginTimer(_ timer: TimerID) {
        guard valid(timing == nil, "a timer is running; end it before beginning another") else { return }
        timing = timer
        backend.beginTimer(timer)
    }

    func endTimer() {
        guard valid(timing != nil, "no timer is running") else { return }
        timing = nil
        backend.endTimer()
    }

    func milliseconds(of timer: TimerID) -> Double {
        guard valid(timing != timer, "end the timer before reading it") else { return 0 }
        return backend.milliseconds(of: timer)
    }

    // MARK: Pipelines

    /// The pipeline `descriptor` describes, made the first time it is asked for and
    /// shared after that. Programs are shared by pipelines with the same two shaders (on
    /// llvmpipe each link JIT-compiles, tens of milliseconds before the first frame).
    /// The uniforms and samplers it declares must be the linked program's, name for name
    /// and type for type; their locations are looked up here, once.
    /// - Throws: `RenderError.shader` with the driver's log; `RenderError.pipeline` naming
    ///   each uniform that is misspelt, missing, undeclared or of another type.
    public func makePipeline(_ descriptor: PipelineDescriptor) throws -> PipelineID {
        if let made = pipelineIDs[descriptor] { return made }
        let program = try program(vertex: descriptor.vertexShader, fragment: descriptor.fragmentShader)
        let problems = descriptor.uniformProblems(in: backend.uniforms(in: program))
        guard problems.isEmpty else { throw RenderError.pipeline(label: descriptor.label, problems: problems) }
        // Samplers read their slots for good: each program is bound to them once (the check
        // above makes them the program's; only their order can differ).
        if let bound = programSamplers[program] {
            _ = valid(bound == descriptor.samplers,
                      "'\(descriptor.label)' names samplers \(descriptor.samplers) in another order than its program's \(bound)")
        } else {
            programSamplers[program] = descriptor.samplers
            if !descriptor.samplers.isEmpty {
                backend.bindSamplers(descriptor.samplers.map { backend.uniformLocation($0, in: program) }, in: program)
            }
        }
        let pipeline = PipelineID(raw: UInt32(pipelines.count))
        pipelines.append(descriptor)
        pipelinePrograms.append(program)
        pipelineUniforms.append(Dictionary(uniqueKeysWithValues: descriptor.uniforms.map { uniform in
            (uniform.name, UniformSlot(location: backend.uniformLocation(uniform.name, in: program), type: uniform.type))
        }))
        pipelineIDs[descriptor] = pipeline
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
        owned.insert(.program(program))
        programs[key] = program
        return program
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
        guard valid(pass == nil, "a pass is in progress; end it before beginning another") else { return }
        pass = target
        applied = nil
        backend.beginPass(target, clearTo: color)
    }

    public func endPass() {
        guard valid(pass != nil, "no pass to end") else { return }
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

    /// Makes `pipeline` the one draws use until the next `apply` or the pass's end; a
    /// scissoring pipeline starts with the whole target.
    public func apply(_ pipeline: PipelineID) {
        applied = nil
        guard let pass = valid(pass, "apply a pipeline inside a pass"),
              let descriptor = valid(pipelines.indices.contains(Int(pipeline.raw)) ? pipelines[Int(pipeline.raw)] : nil,
                                     "no pipeline \(pipeline.raw)") else { return }
        checkError("the calls before applying '\(descriptor.label)'")
        if let format = descriptor.targetFormat {
            guard valid(format == pass.format, "pipeline '\(descriptor.label)' draws into \(format), not \(pass.format)") else { return }
        }
        applied = pipeline
        backend.apply(descriptor, program: pipelinePrograms[Int(pipeline.raw)])
        if descriptor.usesScissor { backend.applyScissor(x: 0, y: 0, width: pass.size.width, height: pass.size.height) }
        checkError("applying '\(descriptor.label)'")
    }

    /// The scissor rectangle of the applied pipeline, in the pass target's pixels from
    /// the top-left (as every rectangle in Sightline is).
    public func applyScissor(_ rect: PixelRect) {
        guard let (pass, descriptor) = current("applyScissor"),
              valid(descriptor.usesScissor, "pipeline '\(descriptor.label)' does not use the scissor") else { return }
        backend.applyScissor(x: rect.x, y: pass.size.height - rect.y - rect.height, width: rect.width, height: rect.height)
    }

    /// The buffers and textures the next draws read: the vertex buffer through the
    /// applied pipeline's layout, indices from `indexBuffer`, `textures` in the slots of
    /// the pipeline's samplers.
    public func applyBindings(vertexBuffer: BufferID? = nil, indexBuffer: BufferID? = nil, textures: [TextureID] = []) {
        guard let (_, descriptor) = current("applyBindings"),
              valid(textures.count == descriptor.samplers.count,
                    "'\(descriptor.label)' samples \(descriptor.samplers.count) textures, given \(textures.count)"),
              valid((vertexBuffer != nil) == !descriptor.layout.components.isEmpty,
                    "'\(descriptor.label)' reads \(descriptor.layout.components.isEmpty ? "no" : "a") vertex buffer"),
              valid((indexBuffer != nil) == descriptor.isIndexed,
                    "'\(descriptor.label)' is \(descriptor.isIndexed ? "" : "not ")indexed"),
              valid(textures.allSatisfy { textureKinds[$0] != nil }, "a texture bound to '\(descriptor.label)' was deleted")
        else {
            applied = nil
            return
        }
        let key = VertexArrayKey(layout: descriptor.layout, vertexBuffer: vertexBuffer, indexBuffer: indexBuffer)
        let array = vertexArrays[key] ?? {
            let made = backend.makeVertexArray(layout: key.layout, vertexBuffer: vertexBuffer, indexBuffer: indexBuffer)
            vertexArrays[key] = made
            return made
        }()
        backend.applyBindings(vertexArray: array, textures: textures.map { BoundTexture(texture: $0, kind: textureKinds[$0]!) })
        checkError("binding buffers and textures for '\(descriptor.label)'")
    }

    /// Sets the applied pipeline's `uniform` to `value`. The pipeline must declare it: a
    /// debug build stops, naming both, when it does not; a release build skips the call.
    public func setUniform<Value>(_ uniform: Uniform<Value>, _ value: Value) {
        guard let applied = valid(applied, "setUniform needs an applied pipeline") else { return }
        let index = Int(applied.raw)
        guard let slot = valid(pipelineUniforms[index][uniform.name],
                               "pipeline '\(pipelines[index].label)' declares no uniform \(uniform.name)") else { return }
        // The declaration was checked against the program when the pipeline was made; only
        // two keys of one name and different types can differ here.
        #if DEBUG
        precondition(slot.type == Value.uniformType,
                     "RenderDevice: pipeline '\(pipelines[index].label)' declares \(uniform.name) as \(slot.type), set as \(Value.uniformType)")
        #endif
        backend.setUniform(slot.location, to: value.uniformValue)
        checkError("setting \(uniform.name) of '\(pipelines[index].label)'")
    }

    /// Draws `count` vertices (or indices, for an indexed pipeline) of the applied
    /// pipeline's primitive, `instances` times.
    public func draw(count: Int, instances: Int = 1) {
        guard let (_, descriptor) = current("draw"), count > 0, instances > 0 else { return }
        backend.draw(descriptor.primitive, indexed: descriptor.isIndexed, count: count, instances: instances)
        checkError("drawing with '\(descriptor.label)'")
    }

    private func current(_ call: String) -> (PassTarget, PipelineDescriptor)? {
        guard let pass = valid(pass, "\(call) needs a pass"),
              let applied = valid(applied, "\(call) needs an applied pipeline (a pipeline whose apply or bindings failed is skipped)")
        else { return nil }
        return (pass, pipelines[Int(applied.raw)])
    }

    /// Averages `source`'s samples into `destination`, which must be the same size.
    public func resolve(_ source: MultisampleTarget, into destination: PassTarget) {
        guard valid(pass == nil, "resolve between passes"),
              valid(destination.size == source.size, "resolve \(source.size) into \(destination.size): sizes differ") else { return }
        backend.resolve(source.framebuffer, into: destination.framebuffer, size: destination.size)
    }

    /// The pixels of `framebuffer`, rows from the top. Waits for the GPU to finish.
    func readPixels(of framebuffer: FramebufferID, size: PixelSize) -> RGBAImage {
        guard valid(pass == nil, "read pixels between passes") else {
            return RGBAImage(width: size.width, height: size.height, pixels: [UInt8](repeating: 0, count: size.width * size.height * 4))
        }
        var pixels = backend.readPixels(framebuffer, size: size)
        checkError("reading pixels")
        // Rows swapped in place: a second copy of a large image may not fit in memory.
        let rowBytes = size.width * 4
        var spare = [UInt8](repeating: 0, count: rowBytes)
        spare.withUnsafeMutableBytes { spare in
            pixels.withUnsafeMutableBytes { bytes in
                for row in 0..<size.height / 2 {
                    let top = bytes.baseAddress! + row * rowBytes
                    let bottom = bytes.baseAddress! + (size.height - 1 - row) * rowBytes
                    memcpy(spare.baseAddress!, top, rowBytes)
                    memcpy(top, bottom, rowBytes)
                    memcpy(bottom, spare.baseAddress!, rowBytes)
                }
            }
        }
        return RGBAImage(width: size.width, height: size.height, pixels: pixels)
    }

    /// Waits until the GPU has finished every command sent so far.
    public func finish() { backend.finish() }

    // MARK: Validation and failures

    /// Whether a rule of the API holds; a debug build stops when it does not.
    private func valid(_ rule: Bool, _ message: @autoclosure () -> String) -> Bool {
        #if DEBUG
        precondition(rule, "RenderDevice: \(message())")
        #endif
        return rule
    }

    /// `value` when it is there; a debug build stops when it is not.
    private func valid<Value>(_ value: Value?, _ message: @autoclosure () -> String) -> Value? {
        _ = valid(value != nil, message())
        return value
    }

    /// Counts a draw made without `what`, which could not be made, and says so the
    /// first time (the same failure is said once however often it recurs).
    func report(making what: String, because reason: String, instead: String) {
        drawsAroundFailures += 1
        let message = "cannot make \(what) (\(reason)); \(instead)"
        lastFailure = message
        guard !failures.contains(message) else { return }
        failures.append(message)
        onFailure(message)
    }

    /// Reports an error the API gave when making `what`, in every build (creation is
    /// rare, and an object that silently failed would draw nothing).
    private func checkCreation(_ what: @autoclosure () -> String, instead: String) {
        guard let error = backend.takeError() else { return }
        report(making: what(), because: error, instead: instead)
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
