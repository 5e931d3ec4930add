import ChartData
import ChartGeometry
import ChartStage

/// What a GPU surface needs to draw one frame.
struct SurfaceFrame {
    var geometry: StageGeometry
    var viewport: Viewport
    /// The view of series on the right y axis.
    var rightViewport: Viewport

    func viewport(for side: YAxisSide) -> Viewport { side == .left ? viewport : rightViewport }
    var theme: ChartTheme
}
