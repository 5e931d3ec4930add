import CPNG
import ChartSupport
import Foundation

/// Reads and writes PNG files with libpng's simplified API, which reports errors in
/// its control structure instead of jumping out of the caller (no setjmp in Swift).
public enum PNGFile {
    /// Writes `image` as an 8-bit RGBA PNG through `OutputFile`: a regular file appears
    /// whole or not at all, a link's target is replaced, a device or FIFO is written
    /// into, and a path that is one of `inputs` is refused. libpng encodes to memory and
    /// never opens a path itself.
    /// - Throws: `RenderError.image` when encoding fails, `OutputFileError` when writing does.
    public static func write(_ image: RGBAImage, to path: String, refusing inputs: [String] = []) throws {
        let bytes = try encode(image, for: path)
        try OutputFile(path: path, refusing: inputs).write(bytes)
    }

    /// `image` as the bytes of an 8-bit RGBA PNG.
    /// - Parameter path: named in the error, if there is one.
    /// - Throws: `RenderError.image` with libpng's reason.
    public static func encode(_ image: RGBAImage, for path: String = "PNG") throws -> [UInt8] {
        var png = png_image()
        png.version = UInt32(PNG_IMAGE_VERSION)
        png.width = UInt32(image.width)
        png.height = UInt32(image.height)
        png.format = sightline_png_format_rgba
        let stride = Int32(image.width * 4)
        return try image.pixels.withUnsafeBytes { pixels in
            var size: png_alloc_size_t = 0
            guard png_image_write_to_memory(&png, nil, &size, 0, pixels.baseAddress, stride, nil) != 0, size > 0 else {
                throw RenderError.image(path: path, reason: "cannot encode PNG: \(message(of: &png))")
            }
            var bytes = [UInt8](repeating: 0, count: Int(size))
            let ok = bytes.withUnsafeMutableBytes { memory in
                png_image_write_to_memory(&png, memory.baseAddress, &size, 0, pixels.baseAddress, stride, nil)
            }
            guard ok != 0 else { throw RenderError.image(path: path, reason: "cannot encode PNG: \(message(of: &png))") }
            bytes.removeLast(bytes.count - Int(size))
            return bytes
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
