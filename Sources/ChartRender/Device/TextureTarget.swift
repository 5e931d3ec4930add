import ChartGeometry

/// An offscreen target (a texture the device made) to draw into in a pass, sample from
/// afterwards, or read back.
public final class TextureTarget {
    public let width: Int
    public let height: Int
    public let format: PixelFormat
    let texture: TextureID
    let framebuffer: FramebufferID
    private let device: RenderDevice

    /// - Throws: `RenderError.textureTooLarge` beyond the driver's largest texture,
    ///   `RenderError.framebuffer` when the driver cannot draw into such a texture.
    public init(device: RenderDevice, width: Int, height: Int, format: PixelFormat = .rgba8) throws {
        self.device = device
        self.width = width
        self.height = height
        self.format = format
        texture = try device.makeTexture(width: width, height: height, format: format)
        do {
            framebuffer = try device.makeFramebuffer(colorTexture: texture)
        } catch {
            device.delete(texture)
            throw error
        }
    }

    deinit {
        device.delete(framebuffer)
        device.delete(texture)
    }

    public var size: PixelSize { PixelSize(width: width, height: height) }

    /// What a pass into this target draws into.
    public var passTarget: PassTarget { PassTarget(framebuffer: framebuffer, size: size, format: format) }

    /// The pixels, rows from the top. Waits for the GPU to finish; call between passes.
    public func readPixels() -> RGBAImage { device.readPixels(of: framebuffer, size: size) }
}
