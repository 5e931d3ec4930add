import CFreeType
import Foundation

/// A font file opened with FreeType, rendering glyphs at pixel sizes.
public final class FontFace {
    public let path: String
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

    /// Opens `path`; throws `RenderError.font` naming the file if FreeType cannot.
    public init(path: String) throws {
        self.path = path
        guard FT_Init_FreeType(&library) == 0, let library else { throw RenderError.font(path: path, reason: "FreeType did not start") }
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw RenderError.font(path: path, reason: "no such file or not readable")
        }
        // A FIFO or a device would block FreeType's read, or never end it.
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw RenderError.font(path: path, reason: "not a regular file")
        }
        let status = FT_New_Face(library, path, 0, &face)
        guard status == 0, face != nil else { throw RenderError.font(path: path, reason: "not a font FreeType can read (error \(status))") }
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

    /// The font labels use: `SIGHTLINE_FONT` if set, else DejaVu Sans (Debian's
    /// fonts-dejavu-core) or another common sans from the system's font folders.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let path = environment["SIGHTLINE_FONT"], !path.isEmpty { return path }
        return searchedPaths.first { FileManager.default.isReadableFile(atPath: $0) }
    }

    public static let searchedPaths = [
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
        "/usr/share/fonts/TTF/DejaVuSans.ttf",
        "/usr/share/fonts/dejavu/DejaVuSans.ttf",
        "/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf",
        "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
    ]
}
