import CPNG
import Foundation

/// Reads and writes PNG files with libpng's simplified API, which reports errors in
/// its control structure instead of jumping out of the caller (no setjmp in Swift).
public enum PNGFile {
    /// Writes `image` as an 8-bit RGBA PNG. The file appears whole or not at all: the
    /// image goes to a temporary file beside it, which is then renamed.
    /// - Throws: `RenderError.image` naming the path and libpng's reason.
    public static func write(_ image: RGBAImage, to path: String) throws {
        var png = png_image()
        png.version = UInt32(PNG_IMAGE_VERSION)
        png.width = UInt32(image.width)
        png.height = UInt32(image.height)
        png.format = sightline_png_format_rgba
        let temporary = path + ".tmp-\(getpid())"
        let ok = image.pixels.withUnsafeBytes { bytes in
            png_image_write_to_file(&png, temporary, 0, bytes.baseAddress, Int32(image.width * 4), nil)
        }
        guard ok != 0 else {
            let reason = message(of: &png)
            unlink(temporary)
            throw RenderError.image(path: path, reason: "cannot write PNG: \(reason)")
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw RenderError.image(path: path, reason: "cannot write PNG: \(reason)")
        }
    }

    /// Reads any PNG into 8-bit RGBA.
    /// - Throws: `RenderError.image` naming the path and libpng's reason.
    public static func read(from path: String) throws -> RGBAImage {
        var png = png_image()
        png.version = UInt32(PNG_IMAGE_VERSION)
        guard png_image_begin_read_from_file(&png, path) != 0 else {
            throw RenderError.image(path: path, reason: "cannot read PNG: \(message(of: &png))")
        }
        png.format = sightline_png_format_rgba
        let width = Int(png.width)
        let height = Int(png.height)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let ok = pixels.withUnsafeMutableBytes { bytes in
            png_image_finish_read(&png, nil, bytes.baseAddress, Int32(width * 4), nil)
        }
        guard ok != 0 else {
            throw RenderError.image(path: path, reason: "cannot decode PNG: \(message(of: &png))")
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    private static func message(of png: inout png_image) -> String {
        withUnsafeBytes(of: &png.message) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
