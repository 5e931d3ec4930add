import ChartData
import ChartGeometry

extension DeviceLimits {
    /// The widest and tallest image an offscreen render makes: a texture it can draw
    /// into across one viewport.
    public var largestImage: PixelSize {
        PixelSize(width: min(maxTextureSize, maxViewport.width), height: min(maxTextureSize, maxViewport.height))
    }

    /// What drawing maps besides the image, bytes: the driver's threads and compiled
    /// shaders, measured at 30–60 MB with llvmpipe.
    static let drawingBytes = 96 << 20

    /// Throws unless an image of `size` is one the driver draws and `budget` has room
    /// for, checked before anything is allocated: past either, the driver's framebuffer
    /// comes out incomplete (`GL_FRAMEBUFFER_UNSUPPORTED`) or an allocation traps.
    ///
    /// The memory is the driver's texture (a software driver such as llvmpipe keeps it
    /// in process memory) and the copy read back, 4 bytes a pixel each, and what drawing
    /// maps; once `drawn`, only the copy read back is still to come.
    /// - Throws: `RenderError.textureTooLarge` past the sides the driver draws,
    ///   `RenderError.imageNeedsMemory` past the memory left, with the largest image of
    ///   the same shape that fits.
    /// - Complexity: O(1).
    public func requireImage(_ size: PixelSize, budget: MemoryBudget, drawn: Bool = false) throws {
        let largest = largestImage
        guard size.width <= largest.width, size.height <= largest.height else {
            throw RenderError.textureTooLarge(width: size.width, height: size.height, limit: min(largest.width, largest.height))
        }
        let imageBytes = size.width * size.height * 4
        let (perImage, fixed) = drawn ? (imageBytes, 0) : (imageBytes * 2, Self.drawingBytes)
        guard let available = budget.availableBytes, perImage + fixed > available else { return }
        let scale = (Double(max(available - fixed, 0)) / Double(perImage)).squareRoot()
        let fitting = PixelSize(width: max(Int(Double(size.width) * scale), 1), height: max(Int(Double(size.height) * scale), 1))
        throw RenderError.imageNeedsMemory(size: size, needed: perImage + fixed, available: available, limit: budget.limit,
                                           fitting: fitting)
    }

    /// The memory left for an image of `size`: unknown (nothing refused) for an image too
    /// small to be worth reading `/proc` for.
    public static func budget(for size: PixelSize) -> MemoryBudget {
        size.width * size.height * 4 < MemoryBudget.smallestChecked ? MemoryBudget(availableBytes: nil) : .current()
    }
}
