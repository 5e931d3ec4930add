import ChartGeometry

/// Renders charts to images with no window and no display: SDL's offscreen video
/// driver (EGL on Mesa) and a framebuffer object.
public final class OffscreenRenderer {
    public let device: RenderDevice

    public init() throws {
        device = RenderDevice(context: try GLContext(mode: .offscreen, size: (64, 64), vsync: false))
        // A failure here is thrown by `render`, not warned about.
        device.onFailure = { _ in }
    }

    /// Draws offscreen through `device`, a window's, whose context is current: the
    /// window's export draws the picture `render` would without a second context.
    public init(device: RenderDevice) {
        self.device = device
    }

    /// Runs `draw` (a scene drawing itself) into an image of `size`. The renderer takes a
    /// drawing rather than a scene type so it stays below the scenes, which live in the app.
    /// - Throws: `RenderError.textureTooLarge` or `.imageNeedsMemory` before drawing an
    ///   image past the driver's sides or the memory left, `.imageUnavailable` when the
    ///   driver makes no framebuffer that large all the same; `RenderError.incomplete` when
    ///   something the picture needs could not be made (an image without it would pass
    ///   for the chart).
    public func render(size: PixelSize, _ draw: (PassTarget) -> Void) throws -> RGBAImage {
        try device.limits.requireImage(size, budget: DeviceLimits.budget(for: size))
        let target: TextureTarget
        do {
            target = try TextureTarget(device: device, width: size.width, height: size.height)
        } catch let RenderError.framebuffer(status) {
            throw RenderError.imageUnavailable(size: size, status: status, largest: device.limits.largestImage)
        }
        let failuresBefore = device.drawsAroundFailures
        draw(target.passTarget)
        if device.drawsAroundFailures > failuresBefore {
            throw RenderError.incomplete(device.lastFailure ?? "something it needs could not be made")
        }
        // Drawing took what it took: the copy read back must still fit.
        try device.limits.requireImage(size, budget: DeviceLimits.budget(for: size), drawn: true)
        return target.readPixels()
    }
}
