/// The format of a texture or of what a pass draws into.
public enum PixelFormat: Hashable, Sendable {
    /// 8-bit red, green, blue and alpha: images, and windows with alpha bits.
    case rgba8
    /// One 8-bit channel: coverage masks, glyphs.
    case r8
    /// 8-bit red, green and blue, no alpha (like a window without alpha bits).
    case rgb8
    /// Four 32-bit float channels: a dense line's column spans, two extents a texel, in
    /// plot pixels.
    case rgba32f

    /// Whether the format keeps an 8-bit alpha channel (the line renderer keeps
    /// coverage there when it can).
    public var hasAlpha: Bool { self == .rgba8 }
}
