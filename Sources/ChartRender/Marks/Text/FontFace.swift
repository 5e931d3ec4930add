import CFreeType
import Foundation

/// A font file opened with FreeType, rendering glyphs at pixel sizes, with the faces
/// to draw the scalars it lacks (`fallback`).
public final class FontFace {
    public let location: FontLocation
    public var path: String { location.path }
    /// Where scalars this face lacks are drawn from; `nil`: they draw as its
    /// missing-glyph box.
    public let fallback: FontFallback?
    private var library: FT_Library?
    private var face: FT_Face?

    /// A rendered glyph: 8-bit coverage rows, and where it sits relative to the pen.
    public struct Glyph {
        public var width: Int
        public var height: Int
        /// Pixels from the pen to the bitmap's left edge.
        public var left: Int
        /// Pixels from the baseline up to the bitmap's top row.
        public var top: Int
        /// Pixels the pen moves after the glyph (hinted, whole pixels).
        public var advance: Int
        public var coverage: [UInt8]
    }

    /// Opens face `faceIndex` of `path`; throws `RenderError.font` naming the file if
    /// FreeType cannot.
    public init(path: String, faceIndex: Int = 0, fallback: FontFallback? = nil) throws {
        location = FontLocation(path: path, faceIndex: faceIndex)
        self.fallback = fallback
        guard FT_Init_FreeType(&library) == 0, let library else { throw RenderError.font(path: path, reason: "FreeType did not start") }
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw RenderError.font(path: path, reason: "no such file or not readable")
        }
        // A FIFO or a device would block FreeType's read, or never end it.
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw RenderError.font(path: path, reason: "not a regular file")
        }
        let status = FT_New_Face(library, path, FT_Long(faceIndex), &face)
        guard status == 0, face != nil else { throw RenderError.font(path: path, reason: "not a font FreeType can read (error \(status))") }
    }

    public convenience init(_ location: FontLocation, fallback: FontFallback? = nil) throws {
        try self.init(path: location.path, faceIndex: location.faceIndex, fallback: fallback)
    }

    deinit {
        if let face { FT_Done_Face(face) }
        if let library { FT_Done_FreeType(library) }
    }

    /// The line's ascent and descent (positive, pixels) at `pixelSize`.
    public func metrics(pixelSize: Int) -> (ascent: Int, descent: Int) {
        guard let face, FT_Set_Pixel_Sizes(face, 0, FT_UInt(pixelSize)) == 0 else { return (pixelSize, 0) }
        let size = face.pointee.size.pointee.metrics
        return (Int(size.ascender + 63) >> 6, Int(-size.descender + 63) >> 6)
    }

    /// Whether this face's character map has `scalar` (else FreeType draws its
    /// missing-glyph box).
    public func hasGlyph(_ scalar: Unicode.Scalar) -> Bool {
        guard let face else { return false }
        return FT_Get_Char_Index(face, FT_ULong(scalar.value)) != 0
    }

    /// The face that draws `scalar`: this one if it has it, else the fallback's, else
    /// this one (its missing-glyph box: no installed font has the scalar).
    public func face(drawing scalar: Unicode.Scalar) -> FontFace {
        if hasGlyph(scalar) { return self }
        return fallback?.face(for: scalar) ?? self
    }

    /// `scalar` rendered at `pixelSize` with light hinting (crisp horizontal stems,
    /// undistorted shapes); `nil` if the font cannot render it.
    public func glyph(_ scalar: Unicode.Scalar, pixelSize: Int) -> Glyph? {
        guard let face, FT_Set_Pixel_Sizes(face, 0, FT_UInt(pixelSize)) == 0,
              FT_Load_Char(face, FT_ULong(scalar.value), sightline_ft_load_render_light) == 0,
              let slot = face.pointee.glyph else { return nil }
        let bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width), height = Int(bitmap.rows), pitch = Int(bitmap.pitch)
        var coverage = [UInt8](repeating: 0, count: width * height)
        if let buffer = bitmap.buffer, width > 0 {
            for row in 0..<height {
                for column in 0..<width { coverage[row * width + column] = buffer[row * pitch + column] }
            }
        }
        return Glyph(width: width, height: height, left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top),
                     advance: Int(slot.pointee.advance.x + 32) >> 6, coverage: coverage)
    }

    /// The font labels use: `SIGHTLINE_FONT` if set (an explicit file wins), else
    /// fontconfig's `sans-serif` (the user's desktop choice), else the first readable
    /// file of `searchedPaths` (for a system without fontconfig's configuration or
    /// fonts it knows); `nil` when there is none.
    public static func defaultLocation(environment: [String: String] = ProcessInfo.processInfo.environment,
                                       config: FontConfig?, searchedPaths: [String] = searchedPaths) -> FontLocation? {
        if let path = environment["SIGHTLINE_FONT"], !path.isEmpty { return FontLocation(path: path) }
        if let location = config?.match(family: "sans-serif") { return location }
        return searchedPaths.first { FileManager.default.isReadableFile(atPath: $0) }.map { FontLocation(path: $0) }
    }

    /// Common sans fonts' files, for when fontconfig has no answer.
    public static let searchedPaths = [
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
        "/usr/share/fonts/TTF/DejaVuSans.ttf",
        "/usr/share/fonts/dejavu/DejaVuSans.ttf",
        "/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf",
        "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
    ]
}
