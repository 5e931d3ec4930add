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
}
