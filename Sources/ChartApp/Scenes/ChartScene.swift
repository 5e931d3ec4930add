import ChartData
import ChartGeometry
import ChartInteraction
import ChartMarks
import ChartRender
import ChartStage
import Foundation

/// A still picture of a dataset: what the window draws minus its controls — the
/// background (the gradient, or the theme's flat colour), the y grid and labels, every
/// series as a line, the x labels, the value label, and a bar with the title and the
/// legend — each frame drawn with its animations finished (`sightline render`, the
/// no-display preview, `bench --plain`). `.plain` keeps the series alone on the theme's
/// flat background. The window draws an `ExplorerScene`.
public final class ChartScene {
    public let source: DataSource
    public let layout: ChartLayout
    public let stage: RenderStage
    /// The y range each axis fits to (the right one's follows every picture's x).
    public let fit: ChartFit
    /// The right axis's y as given (`render --y2-range`); `nil` fits it to each picture's x.
    public var rightY: ClosedRange<Double>?
    /// The dataset indices of the series drawn (all by default); the others are hidden
    /// as the window hides them, and the right axis fits to these alone.
    public var shownSeries: [Int] {
        didSet {
            for case let lines as SeriesLinesController in stage.controllers {
                for series in source.dataset.series.indices {
                    lines.setVisible(series, shownSeries.contains(series), animated: false)
                }
            }
            fitRightY()
        }
    }
    private let device: RenderDevice
    private let factory: GPUSurfaceFactory

    /// Prepares every series of `source`; levels go to the GPU as views first need them.
    /// - Parameters:
    ///   - gradient: paint the animated four-colour background (else the theme's flat one).
    ///   - font: the label font; `nil` draws no text.
    ///   - smooth: draw the lines as smooth curves where the points are sparse (`--smooth`).
    ///   - measure: a measure between two points' x, drawn with its band and figures (`--measure`).
    ///   - notes: the notes drawn on the chart (`--note`, the window's export).
    public init(device: RenderDevice, source: DataSource, layout: ChartLayout = .standard, theme: ChartTheme = .day,
                lineWidth: Double = 2, gradient: Bool = true, font: FontFace? = nil, title: String? = nil,
                smooth: Bool = false, measure: ClosedRange<Double>? = nil, notes: [ChartNote] = []) throws {
        self.source = source
        self.layout = layout
        self.device = device
        factory = try GPUSurfaceFactory(device: device, source: source, font: layout == .plain ? nil : font)
        fit = ChartFit(source: source, composition: ChartComposition(dataset: source.dataset))
        let initial = Viewport.fitting(source, fit: fit)?.visible
            ?? DataRect(minX: 0, maxX: 1, minY: 0, maxY: 1)
        stage = RenderStage(viewport: initial, geometry: StageGeometry(canvas: PixelSize(width: 1, height: 1), layout: layout),
                            theme: theme, factory: factory)
        shownSeries = Array(source.dataset.series.indices)
        fitRightY()
        for controller in ChartAssembly.still(source: source, plain: layout == .plain, lineWidth: lineWidth, gradient: gradient,
                                              title: title, smooth: smooth, measure: measure, notes: notes) {
            stage.add(controller)
        }
    }

    /// Fits the right axis to the shown series over the x in view.
    private func fitRightY() {
        let target = stage.viewport.target
        if let y = fit.y(for: .right, inX: target.minX...target.maxX, visible: shownSeries) {
            stage.rightViewport.set(.init(y: y))
        }
    }

    /// The plot's rectangle in a framebuffer of `size`.
    public func plotRect(in size: PixelSize, scale: Double = 1) -> PixelRect {
        layout.plotRect(in: size, scale: scale)
    }

    /// Draws `viewport` into `target`, with every animation (label fades) finished: a
    /// still picture.
    /// - Parameter scale: drawable pixels per window coordinate (HiDPI).
    public func draw(viewport: Viewport, into target: PassTarget, scale: Double = 1) {
        stage.setGeometry(StageGeometry(canvas: target.size, layout: layout, scale: scale))
        if stage.viewport.target != viewport.visible {
            let visible = viewport.visible
            let x = visible.minX...visible.maxX
            stage.setX(x)
            stage.viewport.set(.init(y: visible.minY...visible.maxY))
            fitRightY()
        }
        if let rightY, stage.rightViewport.target.minY...stage.rightViewport.target.maxY != FiniteDomain.clamp(rightY) {
            stage.rightViewport.set(.init(y: FiniteDomain.clamp(rightY)))
        }
        while stage.advance(by: 1) {}
        // The still picture's one commit; text is measured at the picture's scale.
        factory.scale = scale
        stage.frames.beginFrame()
        stage.prepareFrame()
        factory.draw(stage, into: target)
    }

    /// The label font at `FontFace.defaultLocation`, drawing the scalars it lacks from
    /// the fonts fontconfig finds for them, or `nil` with a warning that says where it
    /// looked and how to fix it (labels are then left out; nothing else fails).
    public static func loadDefaultFont(environment: [String: String] = ProcessInfo.processInfo.environment)
        -> (font: FontFace?, warning: String?) {
        let config = FontConfig()
        guard let location = FontFace.defaultLocation(environment: environment, config: config) else {
            return (nil, "no font found (fontconfig has no sans-serif; looked for \(FontFace.searchedPaths.joined(separator: ", "))); "
                + "labels are left out. Install fonts-dejavu-core or set SIGHTLINE_FONT to a .ttf file.")
        }
        do {
            return (try FontFace(location, fallback: config.map { FontFallback(config: $0) }), nil)
        } catch {
            return (nil, "\(error); labels are left out. Set SIGHTLINE_FONT to a readable .ttf file.")
        }
    }
}
