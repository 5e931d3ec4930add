import ChartCore
import ChartData

/// Renders charts to images with no window and no display: SDL's offscreen video
/// driver (EGL on Mesa) and a framebuffer object.
public final class OffscreenRenderer {
    public let device: RenderDevice

    public init() throws {
        device = RenderDevice(context: try GLContext(mode: .offscreen, size: (64, 64), vsync: false))
        // A failure here is thrown by `render`, not warned about.
        device.onFailure = { _ in }
    }

    /// Draws `scene` as `viewport` shows it into an image of `size`.
    /// - Throws: `RenderError.incomplete` when something the picture needs could not be
    ///   made (an image without it would pass for the chart).
    public func render(_ scene: ChartScene, viewport: Viewport, size: PixelSize) throws -> RGBAImage {
        let target = try TextureTarget(device: device, width: size.width, height: size.height)
        let failuresBefore = device.drawsAroundFailures
        scene.draw(viewport: viewport, into: target.passTarget)
        if device.drawsAroundFailures > failuresBefore {
            throw RenderError.incomplete(device.lastFailure ?? "something it needs could not be made")
        }
        return target.readPixels()
    }
}
