import ChartCore

/// What a GPU surface needs to draw one frame.
struct SurfaceFrame {
    var geometry: StageGeometry
    var viewport: Viewport
    var theme: ChartTheme
}
