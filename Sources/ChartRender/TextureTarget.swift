import CGL
import ChartCore

/// An offscreen framebuffer (an RGBA8 texture) to draw into and read back.
public final class TextureTarget {
    public let width: Int
    public let height: Int
    public let texture: TextureID
    public let framebuffer: FramebufferID
    private let device: GLDevice

    public init(device: GLDevice, width: Int, height: Int, format: GLDevice.TextureFormat = .rgba8) throws {
        self.device = device
        self.width = width
        self.height = height
        texture = device.makeTexture(width: width, height: height, format: format)
        framebuffer = try device.makeFramebuffer(colorTexture: texture)
    }

    deinit {
        device.delete(framebuffer)
        device.delete(texture)
    }

    /// Makes this the framebuffer that draws go to.
    public func bind() {
        device.bind(framebuffer)
        glViewport(0, 0, GLsizei(width), GLsizei(height))
    }

    /// Fills the whole target with `color`.
    public func clear(to color: RGBAColor) {
        bind()
        glClearColor(color.red, color.green, color.blue, color.alpha)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
    }

    /// The pixels, rows from the top. Waits for the GPU to finish.
    public func readPixels() -> RGBAImage {
        device.bind(framebuffer)
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        var bottomUp = [UInt8](repeating: 0, count: width * height * 4)
        glReadPixels(0, 0, GLsizei(width), GLsizei(height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), &bottomUp)
        device.checkError("readPixels")
        let rowBytes = width * 4
        var topDown = [UInt8](repeating: 0, count: bottomUp.count)
        for row in 0..<height {
            let source = (height - 1 - row) * rowBytes
            topDown.replaceSubrange(row * rowBytes..<(row + 1) * rowBytes, with: bottomUp[source..<source + rowBytes])
        }
        return RGBAImage(width: width, height: height, pixels: topDown)
    }
}
