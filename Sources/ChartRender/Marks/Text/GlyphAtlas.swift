import ChartGeometry

/// Every glyph the labels use, rendered once by FreeType into one 8-bit texture (rows
/// of glyphs packed on shelves), so all text draws in one batch from one texture.
/// Glyphs come from the label font or, for scalars it lacks, from its fallback faces;
/// all sit on the label font's baseline and line metrics.
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

    /// A glyph is a scalar drawn by one face at one size: the face is part of the key,
    /// since two faces draw the same scalar differently.
    private struct Key: Hashable {
        var face: ObjectIdentifier
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

    /// The glyph for `scalar` at `pixelSize` from the face that draws it (the label
    /// font's missing-glyph box when no installed font has it), rendered and packed on
    /// first use; `nil` when FreeType cannot render it or the atlas is full.
    public func entry(_ scalar: Unicode.Scalar, pixelSize: Int) -> Entry? {
        // The fallback faces outlive the atlas's entries (the label font keeps them open),
        // so their identities are never reused for another face while keyed here.
        let face = font.face(drawing: scalar)
        let key = Key(face: ObjectIdentifier(face), scalar: scalar.value, pixelSize: pixelSize)
        if let entry = entries[key] { return entry }
        guard let glyph = face.glyph(scalar, pixelSize: pixelSize) else { return nil }
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
