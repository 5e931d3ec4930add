import ChartGeometry
import ChartInteraction
import ChartStage
import XCTest

/// A stage over recording surfaces: a 1000 × 500 plot inside a 1080 × 560 canvas.
struct RecordedStage {
    let stage: RenderStage
    let surfaces = RecordingSurfaceFactory()

    init(viewport: DataRect, theme: ChartTheme = .day) {
        let geometry = StageGeometry(canvas: PixelSize(width: 1080, height: 560),
                                     plot: PixelRect(x: 60, y: 20, width: 1000, height: 500))
        stage = RenderStage(viewport: viewport, geometry: geometry, theme: theme, factory: surfaces)
    }

    /// Advances time by one 60 Hz frame and rebuilds what is invalid, as the window's
    /// loop does.
    func frame() {
        stage.advance(by: 1.0 / 60)
        stage.frames.beginFrame()
        stage.prepareFrame()
    }
}

/// Steps `presenter`'s time at 60 Hz until every animation has finished (failing the
/// test after ten seconds of them).
func settle(_ presenter: ChartPresenter, file: StaticString = #filePath, line: UInt = #line) {
    for _ in 0..<600 {
        let moving = presenter.advance(by: 1.0 / 60)
        presenter.stage.frames.beginFrame()
        presenter.stage.prepareFrame()
        if !moving { return }
    }
    XCTFail("still animating after 10 s", file: file, line: line)
}
