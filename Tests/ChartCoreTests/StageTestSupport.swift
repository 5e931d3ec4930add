import ChartCore

/// A stage over recording surfaces: a 1000 × 500 plot inside a 1080 × 560 canvas.
struct RecordedStage {
    let stage: RenderStage
    let surfaces = RecordingSurfaceFactory()

    init(viewport: DataRect, theme: ChartTheme = .day) {
        let geometry = StageGeometry(canvas: PixelSize(width: 1080, height: 560),
                                     plot: PixelRect(x: 60, y: 20, width: 1000, height: 500))
        stage = RenderStage(viewport: viewport, geometry: geometry, theme: theme, factory: surfaces)
    }

    /// Advances time by one 60 Hz frame and rebuilds what is invalid.
    func frame() {
        stage.advance(by: 1.0 / 60)
        stage.prepareFrame()
    }
}
