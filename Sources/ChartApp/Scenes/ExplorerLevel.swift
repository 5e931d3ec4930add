import ChartData
import ChartGeometry
import ChartInteraction
import ChartMarks
import ChartRender
import ChartStage

/// One chart of the window with what draws it: the main chart's presenter and the range
/// selector's over one data source, each with its surface factory (the glyph atlas, the
/// selector's cache), both drawing from one store of the series' GPU copies (levels of
/// detail, stacks), so what both draw is uploaded once. The overview's level stays alive
/// while a day's is shown, so going back is instant.
final class ExplorerLevel {
    let main: ChartPresenter
    let selector: RangeSelectorPresenter
    let mainFactory: GPUSurfaceFactory
    /// The range selector's surfaces; its lines are drawn once and cached.
    let selectorFactory: GPUSurfaceFactory
    /// The `?` panel, over this level's chart.
    let keyHelp: KeyHelpController
    /// The summary `s` shows over this level's chart.
    let summaryPanel: SummaryPanelController

    /// - Parameters:
    ///   - initialFraction: the share of the data shown at first, newest last.
    ///   - smooth: draw the lines, in both stages, as smooth curves where the points are sparse.
    ///   - frames: the window's frame flag, raised by both stages.
    convenience init(device: RenderDevice, source: DataSource, canvas: PixelSize, scale: Double, theme: ChartTheme,
                     lineWidth: Double, gradient: Bool, font: FontFace?, initialFraction: Double, smooth: Bool = false,
                     frames: FrameRequest) throws {
        let store = GPUSeriesStore(device: device, source: source)
        self.init(source: source, mainFactory: try GPUSurfaceFactory(device: device, store: store, font: font),
                  selectorFactory: try GPUSurfaceFactory(device: device, store: store, font: nil, cachesLines: true),
                  canvas: canvas, scale: scale, theme: theme, lineWidth: lineWidth, gradient: gradient,
                  initialFraction: initialFraction, smooth: smooth, frames: frames)
    }

    /// A level drawing through factories already made, whose store's source is
    /// `source` (a followed file's grown source: `ExplorerScene+Follow`).
    init(source: DataSource, mainFactory: GPUSurfaceFactory, selectorFactory: GPUSurfaceFactory, canvas: PixelSize,
         scale: Double, theme: ChartTheme, lineWidth: Double, gradient: Bool, initialFraction: Double, smooth: Bool,
         frames: FrameRequest) {
        self.mainFactory = mainFactory
        self.selectorFactory = selectorFactory
        // Text measured before the first frame (a control's box) is measured at the right scale.
        mainFactory.scale = scale
        selectorFactory.scale = scale
        main = ChartPresenter(source: source, factory: mainFactory,
                              geometry: StageGeometry(canvas: canvas, layout: .explorer, scale: scale),
                              theme: theme, lineWidth: lineWidth, gradient: gradient, initialFraction: initialFraction,
                              frames: frames)
        selector = RangeSelectorPresenter(main: main, factory: selectorFactory,
                                          geometry: Self.selectorGeometry(canvas: canvas, scale: scale), lineWidth: 1)
        main.lines.isSmooth = smooth
        selector.lines.isSmooth = smooth
        (keyHelp, summaryPanel) = ChartAssembly.windowPanels(over: main)
    }

    static func selectorGeometry(canvas: PixelSize, scale: Double) -> StageGeometry {
        let rect = ChartLayout.explorer.minimapRect(in: canvas, scale: scale)
            ?? PixelRect(x: 0, y: canvas.height, width: canvas.width, height: 0)
        return StageGeometry(canvas: canvas, plot: rect, scale: scale)
    }

    /// Lays both stages out for a canvas of `size`.
    func resize(to size: PixelSize, scale: Double) {
        // Text is measured when the stages are committed, at the new scale.
        mainFactory.scale = scale
        selectorFactory.scale = scale
        main.stage.setGeometry(StageGeometry(canvas: size, layout: .explorer, scale: scale))
        selector.stage.setGeometry(Self.selectorGeometry(canvas: size, scale: scale))
    }

    func setTheme(_ theme: ChartTheme, animated: Bool) {
        main.stage.setTheme(theme, animated: animated)
        selector.stage.setTheme(theme, animated: animated)
    }

    /// Advances the selector (the main chart advances through `DayZoom`); returns
    /// whether it still moves.
    func advanceSelector(by seconds: Double) -> Bool {
        selector.advance(by: seconds)
    }

    /// The frame's commit: rebuilds what changed in both stages, together (a build in
    /// one may change what the other shows).
    func commit() {
        RenderStage.prepareFrame(of: [main.stage, selector.stage])
    }

    /// Draws both stages, committed, into `target`.
    func draw(into target: PassTarget) {
        mainFactory.draw(main.stage, into: target)
        selectorFactory.draw(selector.stage, into: target, clear: false)
    }
}
