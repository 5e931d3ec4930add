/// Handles the device issues. Distinct types keep a buffer from being passed where a
/// texture is expected; `raw` is the backend's own name for the object and is read by
/// backends only.

/// A GPU buffer: vertices, indices or points read through a buffer texture.
public struct BufferID: Hashable, Sendable { let raw: UInt32 }
/// A texture: an image, a coverage mask, a glyph atlas, or a view of a buffer.
public struct TextureID: Hashable, Sendable { let raw: UInt32 }
/// A pipeline: a program with its vertex layout and fixed-function state.
public struct PipelineID: Hashable, Sendable { let raw: UInt32 }
/// A linked shader program, shared by the pipelines that use the same two shaders.
struct ProgramID: Hashable, Sendable { let raw: UInt32 }
/// A vertex array (a pipeline's layout over one set of buffers), made by the device as
/// bindings first need it.
struct VertexArrayID: Hashable, Sendable { let raw: UInt32 }
/// A framebuffer: what a pass into a texture or a multisampled target draws into.
struct FramebufferID: Hashable, Sendable { let raw: UInt32 }
/// A GPU timer query.
struct TimerID: Hashable, Sendable { let raw: UInt32 }
