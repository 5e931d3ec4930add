import ChartGeometry

/// What the driver allows and offers.
public struct DeviceLimits: Sendable {
    /// e.g. "llvmpipe (LLVM 15.0.6, 256 bits)".
    public var renderer: String
    public var version: String
    /// The most texels a buffer texture may hold (at least 65 536 by the GL 3.3 spec).
    public var maxBufferTextureTexels: Int
    /// The format of the window's framebuffer (alpha bits or none).
    public var screenFormat: PixelFormat
    /// The widest and tallest texture the driver makes (at least 1024 by the GL 3.3 spec).
    public var maxTextureSize: Int
    /// The largest viewport, pixels: what one pass can draw across.
    public var maxViewport = PixelSize(width: .max, height: .max)
}
