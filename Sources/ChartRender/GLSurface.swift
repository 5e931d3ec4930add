import ChartCore

/// What a GL surface needs to draw one frame.
struct SurfaceFrame {
    var geometry: StageGeometry
    var viewport: Viewport
    var theme: ChartTheme
    /// The framebuffer drawn into (`nil`: the window's).
    var destination: FramebufferID?
}

/// A surface that draws itself with OpenGL.
protocol GLSurface: RenderSurface {
    func draw(_ frame: SurfaceFrame)
    /// Whether its next draw paints every pixel of the canvas opaquely (then the stage
    /// need not clear first).
    var coversCanvas: Bool { get }
}

extension GLSurface {
    var coversCanvas: Bool { false }
}
