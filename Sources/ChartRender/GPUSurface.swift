import ChartGeometry
import ChartStage

/// A surface that draws itself through the `RenderDevice`: first what it keeps in
/// textures of its own, in passes of their own (`prepare`), then onto the canvas, inside
/// the one pass its factory begins there (`draw`).
protocol GPUSurface: RenderSurface {
    /// Brings the surface's own textures up to date, between passes.
    func prepare(_ frame: SurfaceFrame)
    /// Draws onto the canvas, inside its pass.
    func draw(_ frame: SurfaceFrame)
    /// Whether its next draw paints every pixel of a canvas of `size` opaquely (then the
    /// stage need not clear first).
    func coversCanvas(_ size: PixelSize) -> Bool
    /// What decides its pixels besides the frame, for a cached layer to compare across
    /// frames; `nil` where the surface cannot say, and is never cached.
    var layerContent: SurfaceContent? { get }
}

extension GPUSurface {
    func prepare(_ frame: SurfaceFrame) {}
    func coversCanvas(_ size: PixelSize) -> Bool { false }
    var layerContent: SurfaceContent? { nil }
}
