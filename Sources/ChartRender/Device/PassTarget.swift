import ChartGeometry

/// What a pass draws into: the window's framebuffer, or a texture or multisampled
/// target the device made.
public struct PassTarget: Hashable, Sendable {
    /// `nil`: the window's own framebuffer.
    let framebuffer: FramebufferID?
    public let size: PixelSize
    public let format: PixelFormat
}
