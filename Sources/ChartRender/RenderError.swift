import ChartData
import ChartGeometry
import Glibc
#if canImport(Glibc)
#endif

/// A failure at the C boundary (SDL, OpenGL, libpng), in words, with the library's own
/// message where it gives one.
public enum RenderError: Error, CustomStringConvertible {
    /// SDL could not start, make a window or a context.
    case sdl(String)
    /// No display server answered for a window; the message names what was tried.
    case noDisplay(String)
    /// The context is older than OpenGL 3.3 core; `found` is what the driver offered.
    case openGLUnavailable(found: String)
    /// A shader failed to compile or link; `log` is the driver's info log.
    case shader(name: String, log: String)
    /// A pipeline's declared uniforms differ from its linked program's; each problem
    /// names a uniform.
    case pipeline(label: String, problems: [String])
    /// A framebuffer object is incomplete.
    case framebuffer(status: UInt32)
    /// Something a picture needs could not be made; the message says what.
    case incomplete(String)
    /// A texture larger than the driver makes.
    case textureTooLarge(width: Int, height: Int, limit: Int)
    /// An image of `size` would take `needed` bytes to draw and read back, more than the
    /// `available` ones (`limit` says what sets them); `fitting` is the largest of the
    /// same shape that fits.
    case imageNeedsMemory(size: PixelSize, needed: Int, available: Int, limit: String, fitting: PixelSize)
    /// The driver made no framebuffer of `size` (status `status`) although its sides are
    /// within `largest`: memory the process may not take, in practice.
    case imageUnavailable(size: PixelSize, status: UInt32, largest: PixelSize)
    /// Reading or writing an image failed.
    case image(path: String, reason: String)
    /// The label font could not be opened.
    case font(path: String, reason: String)

    public var description: String {
        switch self {
        case let .sdl(message):
            let hint = Self.memoryLimitHint
            return hint.isEmpty || message.hasSuffix(".") ? "SDL: \(message)\(hint)" : "SDL: \(message).\(hint)"
        case let .noDisplay(message):
            return "cannot open a window: \(message). Check that the display is running and reachable, or use 'sightline render' for a PNG without one."
        case let .openGLUnavailable(found):
            return "OpenGL 3.3 core is needed, but the driver offers \(found). On Linux without a GPU, Mesa's llvmpipe provides it (apt-get install libgl1-mesa-dri).\(Self.memoryLimitHint)"
        case let .shader(name, log): return "shader \(name): \(log)"
        case let .pipeline(label, problems): return "pipeline '\(label)': " + problems.joined(separator: "; ")
        case let .framebuffer(status): return "framebuffer incomplete (status 0x\(String(status, radix: 16)))"
        case let .incomplete(message): return "the picture would be incomplete: \(message)"
        case let .textureTooLarge(width, height, limit):
            return "a \(width)×\(height) image is larger than this OpenGL driver draws (at most \(limit) pixels a side)"
        case let .imageNeedsMemory(size, needed, available, limit, fitting):
            return "a \(size.width)×\(size.height) image is more than this OpenGL driver can draw here: it needs about "
                + "\(MemoryBudget.describe(bytes: needed)) of memory to draw and read back, and "
                + "\(MemoryBudget.describe(bytes: available)) is available (\(limit)); the largest of its shape that fits is "
                + "\(fitting.width)×\(fitting.height)"
        case let .imageUnavailable(size, status, largest):
            return "a \(size.width)×\(size.height) image is more than this OpenGL driver could make here (framebuffer status "
                + "0x\(String(status, radix: 16))), most likely for want of the \(MemoryBudget.describe(bytes: size.width * size.height * 4)) "
                + "of memory it takes; it draws at most \(largest.width)×\(largest.height) where memory allows: give a smaller size"
        case let .image(path, reason): return "\(DisplayText.escaped(path)): \(reason)"
        case let .font(path, reason): return "font \(DisplayText.escaped(path)): \(reason)"
        }
    }

    /// Under a limit on address space (`ulimit -v`), EGL and the GL driver fail to map
    /// what they need and say only "bad alloc" or "cannot open": the message says the
    /// limit may be why.
    static var memoryLimitHint: String {
        guard let limit = MemoryBudget.addressSpaceLimit else { return "" }
        return " This may be memory: the process may use at most \(limit / 1_048_576) MB of address space "
            + "(ulimit -v), and OpenGL drivers need several hundred MB; raise or lift the limit."
    }

    /// The sysexits(3) status: 69 (EX_UNAVAILABLE) when OpenGL 3.3, a display, or the
    /// size or memory an image needs is missing, 73 (EX_CANTCREAT) for an image we could
    /// not write, 70 (EX_SOFTWARE) else.
    public var exitCode: Int32 {
        switch self {
        case .sdl, .noDisplay, .openGLUnavailable, .textureTooLarge, .imageNeedsMemory, .imageUnavailable: return 69
        case .image: return 73
        case .font: return 66
        case .shader, .pipeline, .framebuffer, .incomplete: return 70
        }
    }
}
