import ChartCore
import ChartData

/// The window's picture: the main chart's stage and the range selector's stage under it,
/// two presenters over one data source, drawn into one canvas.
public final class ExplorerScene {
    public let main: ChartPresenter
    public let selector: RangeSelectorPresenter
        private let mainFactory: GPUSurfaceFactory
    /// The range selector's surfaces; its lines are drawn once and cached.
    public let selectorFactory: GPUSurfaceFactory
    public private(set) var isAnimating = false

    /// - Parameters:
    ///   - initialFraction: the share of the data shown at first, newest last.
    ///   - smooth: draw the lines, in both stages, as smooth curves where the points are
    ///     sparse (`--smooth`).
    public init(device: RenderDevice, source: DataSource, canvas: PixelSize, scale: Double = 1, theme: ChartTheme = .day,
                lineWidth: Double = 2, gradient: Bool = true, font: FontFace?, initialFraction: Double = 0.2,
                smooth: Bool = false) throws {
        mainFactory = try GPUSurfaceFactory(device: device, source: source, font: font)
        selectorFactory = try GPUSurfaceFactory(device: device, source: source, font: nil, cachesLines: true)
        let layout = ChartLayout.explorer
        main = ChartPresenter(source: source, factory: mainFactory, geometry: StageGeometry(canvas: canvas, layout: layout, scale: scale),
                              theme: theme, lineWidth: lineWidth, gradient: gradient, initialFraction: initialFraction)
        selector = RangeSelectorPresenter(main: main, factory: selectorFactory,
                                          geometry: Self.selectorGeometry(canvas: canvas, scale: scale), lineWidth: 1)
        main.lines.isSmooth = smooth
        selector.lines.isSmooth = smooth
    }

    private static func selectorGeometry(canvas: PixelSize, scale: Double) -> StageGeometry {
        let rect = ChartLayout.explorer.minimapRect(in: canvas, scale: scale)
            ?? PixelRect(x: 0, y: canvas.height, width: canvas.width, height: 0)
        return StageGeometry(canvas: canvas, plot: rect, scale: scale)
    }

    /// Lays both stages out for a canvas of `size` (after a resize).
    public func resize(to size: PixelSize, scale: Double) {
        main.stage.setGeometry(StageGeometry(canvas: size, layout: .explorer, scale: scale))
        selector.stage.setGeometry(Self.selectorGeometry(canvas: size, scale: scale))
    }

    public func setTheme(_ theme: ChartTheme, animated: Bool) {
        main.stage.setTheme(theme, animated: animated)
        selector.stage.setTheme(theme, animated: animated)
        isAnimating = isAnimating || animated
    }

    /// Advances both presenters; returns whether anything still moves.
    @discardableResult
    public func advance(by seconds: Double) -> Bool {
        let mainMoving = main.advance(by: seconds)
        let selectorMoving = selector.advance(by: seconds)
        isAnimating = mainMoving || selectorMoving
        return isAnimating
    }

    /// Whether something changed since the last frame.
    public var needsFrame: Bool { main.stage.needsFrame || selector.stage.needsFrame }

    /// Draws both stages into `target` (the window's framebuffer, or an image).
    public func draw(into target: PassTarget) {
        mainFactory.draw(main.stage, into: target)
        selectorFactory.draw(selector.stage, into: target, clear: false)
    }
}
