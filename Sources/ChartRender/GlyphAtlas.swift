import ChartCore

/// Every glyph the labels use, rendered once by FreeType into one 8-bit texture (rows
/// of glyphs packed on shelves), so all text draws in one batch from one texture.
public final class GlyphAtlas {
    public struct Entry {
        /// Top-left texel of the glyph in the atlas.
        public var x: Int
        public var y: Int
        public var glyph: FontFace.Glyph
    }

    public let font: FontFace
    public let size: Int
    let texture: TextureID
    private let device: RenderDevice
    private var entries: [Key: Entry] = [:]
    private var metricsCache: [Int: (ascent: Int, descent: Int)] = [:]
    private var shelfX = 0, shelfY = 0, shelfHeight = 0

    private struct Key: Hashable {
        var scalar: UInt32
        var pixelSize: Int
    }

    /// - Throws: `RenderError.textureTooLarge` when the driver makes no texture of `size`.
    public init(device: RenderDevice, font: FontFace, size: Int = 1024) throws {
        self.device = device
        self.font = font
        self.size = size
        texture = try device.makeTexture(width: size, height: size, format: .r8)
    }

    deinit { device.delete(texture) }

    public func metrics(pixelSize: Int) -> (ascent: Int, descent: Int) {
        if let cached = metricsCache[pixelSize] { return cached }
        let metrics = font.metrics(pixelSize: pixelSize)
        metricsCache[pixelSize] = metrics
        return metrics
    }

    /// The glyph for `scalar` at `pixelSize`, rendered and packed on first use; `nil`
    /// when the font lacks it or the atlas is full.
    public func entry(_ scalar: Unicode.Scalar, pixelSize: Int) -> Entry? {
        let key = Key(scalar: scalar.value, pixelSize: pixelSize)
        if let entry = entries[key] { return entry }
        guard let glyph = font.glyph(scalar, pixelSize: pixelSize) else { return nil }
        // One texel of padding keeps neighbours out of each other's edges.
        if shelfX + glyph.width + 1 > size {
            shelfY += shelfHeight + 1
            shelfX = 0
            shelfHeight = 0
        }
        guard shelfY + glyph.height + 1 <= size else { return nil }
        let entry = Entry(x: shelfX, y: shelfY, glyph: glyph)
        if glyph.width > 0, glyph.height > 0 {
            glyph.coverage.withUnsafeBytes {
                device.update(texture, region: PixelRect(x: shelfX, y: shelfY, width: glyph.width, height: glyph.height), with: $0)
            }
        }
        shelfX += glyph.width + 1
        shelfHeight = max(shelfHeight, glyph.height)
        entries[key] = entry
        return entry
    }
}
