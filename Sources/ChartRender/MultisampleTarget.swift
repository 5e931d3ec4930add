import CGL
import ChartCore

/// A multisampled framebuffer (an RGBA8 renderbuffer with `samples` samples per pixel)
/// to draw into and then resolve: the benchmark's `--msaa` knob. Sightline's lines and
/// shapes antialias in their shaders, so this measures what MSAA would add, not a need.
public final class MultisampleTarget {
    public let width: Int
    public let height: Int
    public let samples: Int
    public let framebuffer: FramebufferID
    private var renderbuffer: GLuint = 0
    private var framebufferRaw: GLuint = 0
    private let device: GLDevice

    public init(device: GLDevice, width: Int, height: Int, samples: Int) throws {
        self.device = device
        self.width = width
        self.height = height
        var maxSamples: GLint = 0
        glGetIntegerv(GLenum(GL_MAX_SAMPLES), &maxSamples)
        self.samples = min(samples, Int(maxSamples))
        glGenRenderbuffers(1, &renderbuffer)
        glBindRenderbuffer(GLenum(GL_RENDERBUFFER), renderbuffer)
        glRenderbufferStorageMultisample(GLenum(GL_RENDERBUFFER), GLsizei(self.samples), GLenum(GL_RGBA8), GLsizei(width), GLsizei(height))
        glGenFramebuffers(1, &framebufferRaw)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebufferRaw)
        glFramebufferRenderbuffer(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_RENDERBUFFER), renderbuffer)
        let status = glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
        framebuffer = FramebufferID(raw: framebufferRaw)
        guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else { throw RenderError.framebuffer(status: status) }
    }

    deinit {
        glDeleteFramebuffers(1, &framebufferRaw)
        glDeleteRenderbuffers(1, &renderbuffer)
    }

    public func bind() {
        device.bind(framebuffer)
        glViewport(0, 0, GLsizei(width), GLsizei(height))
    }

    /// Averages the samples into `destination` (`nil`: the window's framebuffer), which
    /// must be the same size.
    public func resolve(to destination: FramebufferID?) {
        glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), framebuffer.raw)
        glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), destination?.raw ?? 0)
        glBlitFramebuffer(0, 0, GLint(width), GLint(height), 0, 0, GLint(width), GLint(height),
                          GLbitfield(GL_COLOR_BUFFER_BIT), GLenum(GL_NEAREST))
        device.bind(destination)
    }
}
