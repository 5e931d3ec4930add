import CGL
import ChartGeometry

/// `RenderBackend` on OpenGL 3.3 core: the only place (with `GLContext`) that calls GL.
/// Must be used on the thread whose context is current, and be the only user of it:
/// it remembers what is bound rather than asking the driver.
///
/// Making an object binds it; the pass's framebuffer, vertex array and program are
/// bound again afterwards, so objects may be made in the middle of a pass.
final class GLBackend: RenderBackend {
    let limits: DeviceLimits
    /// What the texture slots hold now, so a slot is rebound only when it changes; the
    /// active slot is always left at 0 (which is why making a texture forgets slot 0).
    private var boundTextures: [BoundTexture?] = []
    /// The pass's framebuffer (0: the window's), and what the last draws bound.
    private var passFramebuffer: GLuint = 0
    private var vertexArray: GLuint = 0
    private var program: GLuint = 0

    init() {
        var texels: GLint = 0
        glGetIntegerv(GLenum(GL_MAX_TEXTURE_BUFFER_SIZE), &texels)
        var textureSize: GLint = 0
        glGetIntegerv(GLenum(GL_MAX_TEXTURE_SIZE), &textureSize)
        var viewport: [GLint] = [0, 0]
        glGetIntegerv(GLenum(GL_MAX_VIEWPORT_DIMS), &viewport)
        limits = DeviceLimits(renderer: Self.string(GL_RENDERER), version: Self.string(GL_VERSION),
                              maxBufferTextureTexels: Int(texels), screenFormat: Self.screenFormat(),
                              maxTextureSize: Int(textureSize),
                              maxViewport: PixelSize(width: Int(viewport[0]), height: Int(viewport[1])))
    }

    /// Whether the window's framebuffer has 8 alpha bits (the context asks for them;
    /// where the display has no such visual, the window opens without).
    private static func screenFormat() -> PixelFormat {
        var bits: GLint = 0
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        glGetFramebufferAttachmentParameteriv(GLenum(GL_DRAW_FRAMEBUFFER), GLenum(GL_BACK_LEFT),
                                              GLenum(GL_FRAMEBUFFER_ATTACHMENT_ALPHA_SIZE), &bits)
        if glGetError() != GLenum(GL_NO_ERROR) { bits = 0 }
        return bits >= 8 ? .rgba8 : .rgb8
    }

    private static func string(_ name: Int32) -> String {
        guard let pointer = glGetString(GLenum(name)) else { return "unknown" }
        return String(cString: pointer)
    }

    // MARK: Objects

    private static func target(_ kind: BufferKind) -> GLenum {
        GLenum(kind == .index ? GL_ELEMENT_ARRAY_BUFFER : GL_ARRAY_BUFFER)
    }

    func makeBuffer(byteCount: Int, kind: BufferKind) -> BufferID {
        var id: GLuint = 0
        glGenBuffers(1, &id)
        // An index buffer is bound to the vertex array bound at the time: none.
        if kind == .index { glBindVertexArray(0) }
        glBindBuffer(Self.target(kind), id)
        glBufferData(Self.target(kind), GLsizeiptr(byteCount), nil, GLenum(GL_STATIC_DRAW))
        if kind == .index { glBindVertexArray(vertexArray) }
        return BufferID(raw: id)
    }

    func update(_ buffer: BufferID, kind: BufferKind, atByteOffset byteOffset: Int, with bytes: UnsafeRawBufferPointer) {
        if kind == .index { glBindVertexArray(0) }
        glBindBuffer(Self.target(kind), buffer.raw)
        glBufferSubData(Self.target(kind), GLintptr(byteOffset), GLsizeiptr(bytes.count), bytes.baseAddress)
        if kind == .index { glBindVertexArray(vertexArray) }
    }

    func replace(_ buffer: BufferID, with bytes: UnsafeRawBufferPointer) {
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer.raw)
        glBufferData(GLenum(GL_ARRAY_BUFFER), GLsizeiptr(bytes.count), bytes.baseAddress, GLenum(GL_STREAM_DRAW))
    }

    private static func formats(_ format: PixelFormat) -> (internal: Int32, pixels: Int32, type: Int32) {
        switch format {
        case .rgba8: (GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE)
        case .r8: (GL_R8, GL_RED, GL_UNSIGNED_BYTE)
        case .rgb8: (GL_RGB8, GL_RGB, GL_UNSIGNED_BYTE)
        case .rgba32f: (GL_RGBA32F, GL_RGBA, GL_FLOAT)
        }
    }

    func makeTexture(width: Int, height: Int, format: PixelFormat) -> TextureID {
        var id: GLuint = 0
        glGenTextures(1, &id)
        unbindTextureSlots()
        glBindTexture(GLenum(GL_TEXTURE_2D), id)
        let (internalFormat, pixelFormat, type) = Self.formats(format)
        glTexImage2D(GLenum(GL_TEXTURE_2D), 0, internalFormat, GLsizei(width), GLsizei(height), 0,
                     GLenum(pixelFormat), GLenum(type), nil)
        // Float texels are read one by one (texelFetch), never filtered.
        let filter = format == .rgba32f ? GL_NEAREST : GL_LINEAR
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), filter)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), filter)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        return TextureID(raw: id)
    }

    func update(_ texture: TextureID, region: PixelRect, with bytes: UnsafeRawBufferPointer) {
        unbindTextureSlots()
        glBindTexture(GLenum(GL_TEXTURE_2D), texture.raw)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        let channels = bytes.count / max(region.width * region.height, 1)
        let format = channels == 1 ? GL_RED : channels == 3 ? GL_RGB : GL_RGBA
        glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, GLint(region.x), GLint(region.y), GLsizei(region.width), GLsizei(region.height),
                        GLenum(format), GLenum(GL_UNSIGNED_BYTE), bytes.baseAddress)
    }

    func makeBufferTexture(over buffer: BufferID, format: BufferTexelFormat) -> TextureID {
        var id: GLuint = 0
        glGenTextures(1, &id)
        unbindTextureSlots()
        glBindTexture(GLenum(GL_TEXTURE_BUFFER), id)
        glTexBuffer(GLenum(GL_TEXTURE_BUFFER), GLenum(format == .twoFloats ? GL_RG32F : GL_R32F), buffer.raw)
        glBindTexture(GLenum(GL_TEXTURE_BUFFER), 0)
        return TextureID(raw: id)
    }

    /// Texture slot 0 is rebound by a texture's creation or update: forget what it held.
    private func unbindTextureSlots() {
        glActiveTexture(GLenum(GL_TEXTURE0))
        if !boundTextures.isEmpty { boundTextures[0] = nil }
    }

    func makeFramebuffer(colorTexture texture: TextureID) throws -> FramebufferID {
        var id: GLuint = 0
        glGenFramebuffers(1, &id)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), id)
        glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), texture.raw, 0)
        let status = glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), passFramebuffer)
        guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
            glDeleteFramebuffers(1, &id)
            throw RenderError.framebuffer(status: status)
        }
        return FramebufferID(raw: id)
    }

    /// Renderbuffers live as long as their framebuffer: deleted with it.
    private var renderbuffers: [GLuint: GLuint] = [:]

    func makeMultisampleFramebuffer(width: Int, height: Int, samples: Int) throws -> (FramebufferID, samples: Int) {
        var maxSamples: GLint = 0
        glGetIntegerv(GLenum(GL_MAX_SAMPLES), &maxSamples)
        let granted = min(samples, Int(maxSamples))
        var renderbuffer: GLuint = 0
        glGenRenderbuffers(1, &renderbuffer)
        glBindRenderbuffer(GLenum(GL_RENDERBUFFER), renderbuffer)
        glRenderbufferStorageMultisample(GLenum(GL_RENDERBUFFER), GLsizei(granted), GLenum(GL_RGBA8), GLsizei(width), GLsizei(height))
        var id: GLuint = 0
        glGenFramebuffers(1, &id)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), id)
        glFramebufferRenderbuffer(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_RENDERBUFFER), renderbuffer)
        let status = glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), passFramebuffer)
        guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
            glDeleteFramebuffers(1, &id)
            glDeleteRenderbuffers(1, &renderbuffer)
            throw RenderError.framebuffer(status: status)
        }
        renderbuffers[id] = renderbuffer
        return (FramebufferID(raw: id), granted)
    }

    func makeTimer() -> TimerID {
        var id: GLuint = 0
        glGenQueries(1, &id)
        return TimerID(raw: id)
    }

    func delete(_ resource: BackendResource) {
        switch resource {
        case let .buffer(buffer):
            var id = buffer.raw
            glDeleteBuffers(1, &id)
        case let .texture(texture):
            boundTextures = boundTextures.map { $0?.texture == texture ? nil : $0 }
            var id = texture.raw
            glDeleteTextures(1, &id)
        case let .framebuffer(framebuffer):
            if passFramebuffer == framebuffer.raw { passFramebuffer = 0 }
            var id = framebuffer.raw
            glDeleteFramebuffers(1, &id)
            if var renderbuffer = renderbuffers.removeValue(forKey: framebuffer.raw) { glDeleteRenderbuffers(1, &renderbuffer) }
        case let .vertexArray(array):
            if vertexArray == array.raw { vertexArray = 0 }
            var id = array.raw
            glDeleteVertexArrays(1, &id)
        case let .program(program):
            if self.program == program.raw { self.program = 0 }
            glDeleteProgram(program.raw)
        case let .timer(timer):
            var id = timer.raw
            glDeleteQueries(1, &id)
        }
    }

    func makeVertexArray(layout: VertexLayout, vertexBuffer: BufferID?, indexBuffer: BufferID?) -> VertexArrayID {
        var id: GLuint = 0
        glGenVertexArrays(1, &id)
        glBindVertexArray(id)
        if let vertexBuffer {
            glBindBuffer(GLenum(GL_ARRAY_BUFFER), vertexBuffer.raw)
            var offset = 0
            for (location, components) in layout.components.enumerated() {
                glEnableVertexAttribArray(GLuint(location))
                glVertexAttribPointer(GLuint(location), GLint(components), GLenum(GL_FLOAT), GLboolean(GL_FALSE),
                                      GLsizei(layout.stride), UnsafeRawPointer(bitPattern: offset))
                if layout.perInstance { glVertexAttribDivisor(GLuint(location), 1) }
                offset += components * MemoryLayout<Float>.size
            }
        }
        if let indexBuffer { glBindBuffer(GLenum(GL_ELEMENT_ARRAY_BUFFER), indexBuffer.raw) }
        glBindVertexArray(vertexArray)
        return VertexArrayID(raw: id)
    }

    // MARK: Programs

    func makeProgram(vertex: ShaderSource, fragment: ShaderSource) throws -> ProgramID {
        let vs = try compile(vertex, kind: GLenum(GL_VERTEX_SHADER))
        defer { glDeleteShader(vs) }
        let fs = try compile(fragment, kind: GLenum(GL_FRAGMENT_SHADER))
        defer { glDeleteShader(fs) }
        let program = glCreateProgram()
        glAttachShader(program, vs)
        glAttachShader(program, fs)
        glLinkProgram(program)
        var ok: GLint = 0
        glGetProgramiv(program, GLenum(GL_LINK_STATUS), &ok)
        guard ok == GL_TRUE else {
            let log = infoLog(program, getLength: glGetProgramiv, getLog: glGetProgramInfoLog)
            glDeleteProgram(program)
            throw RenderError.shader(name: "\(vertex.name) + \(fragment.name)", log: log)
        }
        return ProgramID(raw: program)
    }

    private func compile(_ source: ShaderSource, kind: GLenum) throws -> GLuint {
        let shader = glCreateShader(kind)
        source.text.withCString { text in
            var pointer: UnsafePointer<GLchar>? = text
            glShaderSource(shader, 1, &pointer, nil)
        }
        glCompileShader(shader)
        var ok: GLint = 0
        glGetShaderiv(shader, GLenum(GL_COMPILE_STATUS), &ok)
        guard ok == GL_TRUE else {
            let log = infoLog(shader, getLength: glGetShaderiv, getLog: glGetShaderInfoLog)
            glDeleteShader(shader)
            throw RenderError.shader(name: source.name, log: log)
        }
        return shader
    }

    private func infoLog(_ object: GLuint,
                         getLength: (GLuint, GLenum, UnsafeMutablePointer<GLint>?) -> Void,
                         getLog: (GLuint, GLsizei, UnsafeMutablePointer<GLsizei>?, UnsafeMutablePointer<GLchar>?) -> Void) -> String {
        var length: GLint = 0
        getLength(object, GLenum(GL_INFO_LOG_LENGTH), &length)
        var log = [GLchar](repeating: 0, count: Int(max(length, 1)))
        getLog(object, GLsizei(log.count), nil, &log)
        return String(decoding: log.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    func uniforms(in program: ProgramID) -> [String: UniformType] {
        var count: GLint = 0
        glGetProgramiv(program.raw, GLenum(GL_ACTIVE_UNIFORMS), &count)
        var longest: GLint = 0
        glGetProgramiv(program.raw, GLenum(GL_ACTIVE_UNIFORM_MAX_LENGTH), &longest)
        var uniforms: [String: UniformType] = [:]
        var name = [GLchar](repeating: 0, count: Int(max(longest, 1)))
        for index in 0..<GLuint(max(count, 0)) {
            var length: GLsizei = 0, size: GLint = 0, type: GLenum = 0
            glGetActiveUniform(program.raw, index, GLsizei(name.count), &length, &size, &type, &name)
            let full = String(decoding: name.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            // Built-in state a shader reads (gl_DepthRange) is no one's to declare.
            if full.hasPrefix("gl_") { continue }
            // An array is reported by its first element, "u_colors[0]".
            let isArray = full.hasSuffix("[0]")
            let element = Self.uniformType(type)
            uniforms[isArray ? String(full.dropLast(3)) : full] = isArray ? .array(element) : element
        }
        return uniforms
    }

    private static func uniformType(_ type: GLenum) -> UniformType {
        switch Int32(type) {
        case GL_FLOAT: .float
        case GL_INT: .int
        case GL_BOOL: .bool
        case GL_FLOAT_VEC2: .vec2
        case GL_FLOAT_VEC3: .vec3
        case GL_FLOAT_VEC4: .vec4
        case GL_SAMPLER_2D: .sampler2D
        case GL_SAMPLER_BUFFER: .samplerBuffer
        default: .other("GL type 0x\(String(type, radix: 16))")
        }
    }

    func uniformLocation(_ name: String, in program: ProgramID) -> Int32 {
        glGetUniformLocation(program.raw, name)
    }

    func bindSamplers(_ locations: [Int32], in program: ProgramID) {
        glUseProgram(program.raw)
        for (slot, location) in locations.enumerated() { glUniform1i(location, GLint(slot)) }
        glUseProgram(self.program)
    }

    // MARK: Passes and draws

    func beginPass(_ target: PassTarget, clearTo color: RGBAColor?) {
        passFramebuffer = target.framebuffer?.raw ?? 0
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), passFramebuffer)
        glViewport(0, 0, GLsizei(target.size.width), GLsizei(target.size.height))
        guard let color else { return }
        // A whole-target clear: llvmpipe clears a whole target fast and a scissored one
        // as a drawn quad.
        glDisable(GLenum(GL_SCISSOR_TEST))
        glColorMask(GLboolean(GL_TRUE), GLboolean(GL_TRUE), GLboolean(GL_TRUE), GLboolean(GL_TRUE))
        glClearColor(color.red, color.green, color.blue, color.alpha)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
    }

    func endPass() {
        vertexArray = 0
        glBindVertexArray(0)
        passFramebuffer = 0
    }

    func apply(_ pipeline: PipelineDescriptor, program: ProgramID) {
        self.program = program.raw
        glUseProgram(program.raw)
        let blend = pipeline.blend
        if blend.isEnabled {
            glEnable(GLenum(GL_BLEND))
            glBlendEquationSeparate(Self.operation(blend.colorOperation), Self.operation(blend.alphaOperation))
            glBlendFuncSeparate(Self.factor(blend.sourceColor), Self.factor(blend.destinationColor),
                                Self.factor(blend.sourceAlpha), Self.factor(blend.destinationAlpha))
        } else {
            glDisable(GLenum(GL_BLEND))
        }
        let color = GLboolean(pipeline.writes == .all ? GL_TRUE : GL_FALSE)
        glColorMask(color, color, color, GLboolean(GL_TRUE))
        if pipeline.usesScissor { glEnable(GLenum(GL_SCISSOR_TEST)) } else { glDisable(GLenum(GL_SCISSOR_TEST)) }
    }

    private static func operation(_ operation: BlendState.Operation) -> GLenum {
        switch operation {
        case .add: GLenum(GL_FUNC_ADD)
        case .minimum: GLenum(GL_MIN)
        case .maximum: GLenum(GL_MAX)
        }
    }

    private static func factor(_ factor: BlendState.Factor) -> GLenum {
        switch factor {
        case .zero: GLenum(GL_ZERO)
        case .one: GLenum(GL_ONE)
        case .sourceAlpha: GLenum(GL_SRC_ALPHA)
        case .oneMinusSourceAlpha: GLenum(GL_ONE_MINUS_SRC_ALPHA)
        case .destinationAlpha: GLenum(GL_DST_ALPHA)
        case .oneMinusDestinationAlpha: GLenum(GL_ONE_MINUS_DST_ALPHA)
        }
    }

    func applyScissor(x: Int, y: Int, width: Int, height: Int) {
        glScissor(GLint(x), GLint(y), GLsizei(max(width, 0)), GLsizei(max(height, 0)))
    }

    func applyBindings(vertexArray: VertexArrayID, textures: [BoundTexture]) {
        self.vertexArray = vertexArray.raw
        glBindVertexArray(vertexArray.raw)
        if boundTextures.count < textures.count {
            boundTextures += Array(repeating: nil, count: textures.count - boundTextures.count)
        }
        for (slot, texture) in textures.enumerated() where boundTextures[slot] != texture {
            glActiveTexture(GLenum(GL_TEXTURE0 + Int32(slot)))
            glBindTexture(GLenum(texture.kind == .buffer ? GL_TEXTURE_BUFFER : GL_TEXTURE_2D), texture.texture.raw)
            boundTextures[slot] = texture
        }
        glActiveTexture(GLenum(GL_TEXTURE0))
    }

    func setUniform(_ location: Int32, to value: UniformValue) {
        switch value {
        case let .float(v): glUniform1f(location, v)
        case let .int(v): glUniform1i(location, v)
        case let .vec2(a, b): glUniform2f(location, a, b)
        case let .vec4(a, b, c, d): glUniform4f(location, a, b, c, d)
        case let .vec2Array(values): glUniform2fv(location, GLsizei(values.count / 2), values)
        case let .vec3Array(values): glUniform3fv(location, GLsizei(values.count / 3), values)
        case let .floatArray(values): glUniform1fv(location, GLsizei(values.count), values)
        case let .vec4Array(values): glUniform4fv(location, GLsizei(values.count / 4), values)
        }
    }

    func draw(_ primitive: PipelineDescriptor.Primitive, indexed: Bool, count: Int, instances: Int) {
        let mode = GLenum(primitive == .triangles ? GL_TRIANGLES : GL_TRIANGLE_STRIP)
        switch (indexed, instances) {
        case (true, 1): glDrawElements(mode, GLsizei(count), GLenum(GL_UNSIGNED_INT), nil)
        case (true, _): glDrawElementsInstanced(mode, GLsizei(count), GLenum(GL_UNSIGNED_INT), nil, GLsizei(instances))
        case (false, 1): glDrawArrays(mode, 0, GLsizei(count))
        case (false, _): glDrawArraysInstanced(mode, 0, GLsizei(count), GLsizei(instances))
        }
    }

    func resolve(_ source: FramebufferID, into destination: FramebufferID?, size: PixelSize) {
        glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), source.raw)
        glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), destination?.raw ?? 0)
        glBlitFramebuffer(0, 0, GLint(size.width), GLint(size.height), 0, 0, GLint(size.width), GLint(size.height),
                          GLbitfield(GL_COLOR_BUFFER_BIT), GLenum(GL_NEAREST))
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), passFramebuffer)
    }

    func readPixels(_ framebuffer: FramebufferID, size: PixelSize) -> [UInt8] {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer.raw)
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        var pixels = [UInt8](repeating: 0, count: size.width * size.height * 4)
        glReadPixels(0, 0, GLsizei(size.width), GLsizei(size.height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), &pixels)
        return pixels
    }

    func beginTimer(_ timer: TimerID) { glBeginQuery(GLenum(GL_TIME_ELAPSED), timer.raw) }
    func endTimer() { glEndQuery(GLenum(GL_TIME_ELAPSED)) }

    func milliseconds(of timer: TimerID) -> Double {
        var nanoseconds: GLuint64 = 0
        glGetQueryObjectui64v(timer.raw, GLenum(GL_QUERY_RESULT), &nanoseconds)
        return Double(nanoseconds) / 1e6
    }

    func finish() { glFinish() }

    func takeError() -> String? {
        let error = glGetError()
        return error == GLenum(GL_NO_ERROR) ? nil : "GL error 0x\(String(error, radix: 16))"
    }
}
