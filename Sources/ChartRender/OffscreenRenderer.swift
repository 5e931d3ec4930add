import ChartCore
import ChartData

/// Renders charts to images with no window and no display: SDL's offscreen video
/// driver (EGL on Mesa) and a framebuffer object.
public final class OffscreenRenderer {
    public let device: GLDevice

    public init() throws {
        device = GLDevice(context: try GLContext(mode: .offscreen, size: (64, 64), vsync: false))
    }

    /// Draws `scene` as `viewport` shows it into an image of `size`.
    public func render(_ scene: ChartScene, viewport: Viewport, size: PixelSize) throws -> RGBAImage {
        let target = try TextureTarget(device: device, width: size.width, height: size.height)
        target.bind()
        scene.draw(viewport: viewport, framebufferSize: size)
        return target.readPixels()
    }
}
