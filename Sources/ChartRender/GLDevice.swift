import CGL
import CShaders

/// The one owner of GL objects for a context: it issues typed handles, counts every
/// byte sent to the GPU, and checks `glGetError` in one place (debug builds only).
///
/// Must be used on the thread whose GL context is current.
public final class GLDevice {
    /// Bytes sent to GPU buffers and textures since creation. Uniforms do not count:
    /// they are the per-frame state, and the point is that nothing else changes.
    public private(set) var uploadedBytes = 0
    /// Bytes of per-frame interface geometry (label glyphs, grid lines, shapes) streamed
    /// to the GPU; counted apart from `uploadedBytes`, which is the data.
    public private(set) var streamedBytes = 0

    private var buffers: Set<GLuint> = []
    private var programs: Set<GLuint> = []
    private var vertexArrays: Set<GLuint> = []
    private var textures: Set<GLuint> = []
    private var framebuffers: Set<GLuint> = []
    private var uniformLocations: [ProgramID: [String: GLint]] = [:]
    private var linkedPrograms: [String: ProgramID] = [:]

    /// The driver's renderer and version strings, e.g. "llvmpipe (LLVM 15.0.6, 256 bits)".
    public let renderer: String
    public let version: String
    /// The most texels a buffer texture may hold (at least 65 536 by the GL 3.3 spec).
    public let maxBufferTextureTexels: Int
    /// The context the handles belong to; held so that it outlives them.
    public let context: GLContext

    /// A device for `context`, which must be current.
    public init(context: GLContext) {
        self.context = context
        renderer = Self.string(GL_RENDERER)
        version = Self.string(GL_VERSION)
        var texels: GLint = 0
        glGetIntegerv(GLenum(GL_MAX_TEXTURE_BUFFER_SIZE), &texels)
        maxBufferTextureTexels = Int(texels)
    }

    deinit {
        for b in buffers { var id = b; glDeleteBuffers(1, &id) }
        for p in programs { glDeleteProgram(p) }
        for v in vertexArrays { var id = v; glDeleteVertexArrays(1, &id) }
        for t in textures { var id = t; glDeleteTextures(1, &id) }
        for f in framebuffers { var id = f; glDeleteFramebuffers(1, &id) }
    }

    // MARK: Buffers

    /// A vertex buffer of `byteCount` bytes with undefined content, for filling in parts.
    /// `target` is where it is bound: an element array buffer stays with the vertex
    /// array bound at the time.
    public func makeBuffer(byteCount: Int, target: GLenum = GLenum(GL_ARRAY_BUFFER)) -> BufferID {
        var id: GLuint = 0
        glGenBuffers(1, &id)
        glBindBuffer(target, id)
        glBufferData(target, GLsizeiptr(byteCount), nil, GLenum(GL_STATIC_DRAW))
        buffers.insert(id)
        checkError("makeBuffer")
        return BufferID(raw: id)
    }

    /// Copies `bytes` into `buffer` at `byteOffset`, and counts them.
    public func upload(_ bytes: UnsafeRawBufferPointer, to buffer: BufferID, atByteOffset byteOffset: Int,
                       target: GLenum = GLenum(GL_ARRAY_BUFFER)) {
        glBindBuffer(target, buffer.raw)
        glBufferSubData(target, GLintptr(byteOffset), GLsizeiptr(bytes.count), bytes.baseAddress)
        uploadedBytes += bytes.count
        checkError("upload")
    }

    /// Replaces the whole content of `buffer` with `bytes` (orphaning the old storage,
    /// so the driver need not wait for draws still reading it), and counts them.
    public func stream(_ bytes: UnsafeRawBufferPointer, into buffer: BufferID) {
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer.raw)
        glBufferData(GLenum(GL_ARRAY_BUFFER), GLsizeiptr(bytes.count), bytes.baseAddress, GLenum(GL_STREAM_DRAW))
        streamedBytes += bytes.count
        checkError("stream")
    }

    public func delete(_ buffer: BufferID) {
        guard buffers.remove(buffer.raw) != nil else { return }
        var id = buffer.raw
        glDeleteBuffers(1, &id)
    }

    // MARK: Programs

    /// The program linked from two shaders embedded from `Shaders/`, compiled the first
    /// time the pair is asked for and shared after that (programs never change; on
    /// llvmpipe each link JIT-compiles, tens of milliseconds before the first frame).
    /// - Throws: `RenderError.shader` with the driver's log.
    public func makeProgram(vertex: String, fragment: String) throws -> ProgramID {
        let key = vertex + "+" + fragment
        if let linked = linkedPrograms[key] { return linked }
        let made = try linkProgram(vertex: vertex, fragment: fragment)
        linkedPrograms[key] = made
        return made
    }

    private func linkProgram(vertex: String, fragment: String) throws -> ProgramID {
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
            throw RenderError.shader(name: "\(vertex) + \(fragment)", log: log)
        }
        programs.insert(program)
        return ProgramID(raw: program)
    }

    public func use(_ program: ProgramID) { glUseProgram(program.raw) }

    /// The location of a uniform, looked up once per program and name.
    public func uniform(_ name: String, in program: ProgramID) -> GLint {
        if let location = uniformLocations[program]?[name] { return location }
        let location = glGetUniformLocation(program.raw, name)
        uniformLocations[program, default: [:]][name] = location
        return location
    }

    private func compile(_ name: String, kind: GLenum) throws -> GLuint {
        guard let source = ShaderLibrary.source(named: name) else {
            throw RenderError.shader(name: name, log: "not embedded in this binary")
        }
        let shader = glCreateShader(kind)
        source.withCString { text in
            var pointer: UnsafePointer<GLchar>? = text
            glShaderSource(shader, 1, &pointer, nil)
        }
        glCompileShader(shader)
        var ok: GLint = 0
        glGetShaderiv(shader, GLenum(GL_COMPILE_STATUS), &ok)
        guard ok == GL_TRUE else {
            let log = infoLog(shader, getLength: glGetShaderiv, getLog: glGetShaderInfoLog)
            glDeleteShader(shader)
            throw RenderError.shader(name: name, log: log)
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

    // MARK: Vertex arrays, textures, framebuffers

    public func makeVertexArray() -> VertexArrayID {
        var id: GLuint = 0
        glGenVertexArrays(1, &id)
        vertexArrays.insert(id)
        return VertexArrayID(raw: id)
    }

    /// A texture's pixel format.
    public enum TextureFormat {
        /// 8-bit red, green, blue and alpha: images.
        case rgba8
        /// One 8-bit channel: coverage masks.
        case r8
        /// 8-bit red, green and blue, no alpha (like a window without alpha bits).
        case rgb8
    }

    /// A texture of `width × height` with undefined content, linearly filtered.
    public func makeTexture(width: Int, height: Int, format: TextureFormat = .rgba8) -> TextureID {
        var id: GLuint = 0
        glGenTextures(1, &id)
        glBindTexture(GLenum(GL_TEXTURE_2D), id)
        let (internalFormat, pixelFormat) = switch format {
        case .rgba8: (GL_RGBA8, GL_RGBA)
        case .r8: (GL_R8, GL_RED)
        case .rgb8: (GL_RGB8, GL_RGB)
        }
        glTexImage2D(GLenum(GL_TEXTURE_2D), 0, internalFormat, GLsizei(width), GLsizei(height), 0,
                     GLenum(pixelFormat), GLenum(GL_UNSIGNED_BYTE), nil)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_LINEAR)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_LINEAR)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        textures.insert(id)
        checkError("makeTexture")
        return TextureID(raw: id)
    }

    /// A buffer texture over the whole of `buffer`, read as pairs of floats (RG32F)
    /// with `texelFetch`: shaders pull points by index, so one draw needs no instancing.
    public func makeBufferTexture(over buffer: BufferID) -> TextureID {
        var id: GLuint = 0
        glGenTextures(1, &id)
        glBindTexture(GLenum(GL_TEXTURE_BUFFER), id)
        glTexBuffer(GLenum(GL_TEXTURE_BUFFER), GLenum(GL_RG32F), buffer.raw)
        glBindTexture(GLenum(GL_TEXTURE_BUFFER), 0)
        textures.insert(id)
        checkError("makeBufferTexture")
        return TextureID(raw: id)
    }


    /// The framebuffer draws go to now: an object this device made, or `nil` for the
    /// window's own.
    public var boundFramebuffer: FramebufferID? {
        var raw: GLint = 0
        glGetIntegerv(GLenum(GL_DRAW_FRAMEBUFFER_BINDING), &raw)
        return raw == 0 ? nil : FramebufferID(raw: GLuint(raw))
    }

    public func delete(_ texture: TextureID) {
        guard textures.remove(texture.raw) != nil else { return }
        var id = texture.raw
        glDeleteTextures(1, &id)
    }

    /// A framebuffer object drawing into `texture`.
    /// - Throws: `RenderError.framebuffer` when the driver finds it incomplete.
    public func makeFramebuffer(colorTexture texture: TextureID) throws -> FramebufferID {
        var id: GLuint = 0
        glGenFramebuffers(1, &id)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), id)
        glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), texture.raw, 0)
        let status = glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
        framebuffers.insert(id)
        guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else { throw RenderError.framebuffer(status: status) }
        return FramebufferID(raw: id)
    }

    public func delete(_ framebuffer: FramebufferID) {
        guard framebuffers.remove(framebuffer.raw) != nil else { return }
        var id = framebuffer.raw
        glDeleteFramebuffers(1, &id)
    }

    /// Draws into `framebuffer`, or into the window when `nil`.
    public func bind(_ framebuffer: FramebufferID?) {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer?.raw ?? 0)
    }

    // MARK: Errors

    /// Traps with the GL error in debug builds; release builds skip the check, so a bad
    /// call costs a wrong frame, never a crash.
    public func checkError(_ operation: @autoclosure () -> String) {
        #if DEBUG
        let error = glGetError()
        precondition(error == GLenum(GL_NO_ERROR), "GL error 0x\(String(error, radix: 16)) in \(operation())")
        #endif
    }

    private static func string(_ name: Int32) -> String {
        guard let pointer = glGetString(GLenum(name)) else { return "unknown" }
        return String(cString: pointer)
    }
}
