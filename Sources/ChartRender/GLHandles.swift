import CGL

/// A GPU buffer issued by `GLDevice`; distinct types keep a buffer from being passed
/// where a program or texture is expected.
public struct BufferID: Hashable, Sendable { let raw: GLuint }
/// A linked shader program issued by `GLDevice`.
public struct ProgramID: Hashable, Sendable { let raw: GLuint }
/// A vertex array object issued by `GLDevice`.
public struct VertexArrayID: Hashable, Sendable { let raw: GLuint }
/// A texture issued by `GLDevice`.
public struct TextureID: Hashable, Sendable { let raw: GLuint }
/// A framebuffer object issued by `GLDevice`.
public struct FramebufferID: Hashable, Sendable { let raw: GLuint }
