import ChartData
import ChartGeometry
import ChartStage

/// What a GPU surface needs to draw one frame: the mappings come ready from the stage
/// (`RenderStage.scales(for:)`), made once a frame, so no surface or renderer works out
/// data ↔ pixels itself.
struct SurfaceFrame {
    var geometry: StageGeometry
    /// Data ↔ canvas pixels for series on the left y axis.
    var scales: PlotScales
    /// Data ↔ canvas pixels for series on the right y axis (the same x).
    var rightScales: PlotScales
    var theme: ChartTheme

    init(stage: RenderStage) {
        geometry = stage.geometry
        scales = stage.scales(for: .left)
        rightScales = stage.scales(for: .right)
        theme = stage.theme
    }

    func scales(for side: YAxisSide) -> PlotScales { side == .left ? scales : rightScales }
}
