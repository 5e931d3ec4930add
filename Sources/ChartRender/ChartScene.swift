import CGL
import ChartCore
import ChartData
import Foundation

/// A dataset on the GPU and the render stage that draws it: the gradient background,
/// the y grid and labels, the x labels and every series as a line. Shared by the
/// window, the offscreen renderer and the benchmark, so all draw the same picture.
/// `.plain` keeps the series alone on the theme's flat background.
public final class ChartScene {
    public let source: DataSource
    public var dataset: Dataset { source.dataset }
    public let layout: ChartLayout
    public let stage: RenderStage
    public let lines: SeriesLinesController
    public let gradient: GradientController?
    public let xAxis: XAxisController?
    public let yAxis: YAxisController?
    private let device: GLDevice
    private let factory: GLSurfaceFactory

    /// Prepares every series of `source`; levels go to the GPU as views first need them.
    /// - Parameters:
    ///   - gradient: paint the animated four-colour background (else the theme's flat one).
    ///   - font: the label font; `nil` draws no text.
    public init(device: GLDevice, source: DataSource, layout: ChartLayout = .standard, theme: ChartTheme = .day,
                lineWidth: Double = 2, gradient: Bool = true, font: FontFace? = nil) throws {
        self.source = source
        self.layout = layout
        self.device = device
        factory = try GLSurfaceFactory(device: device, source: source, font: layout == .plain ? nil : font)
        let initial = Viewport.fitting(source, gridAligned: layout != .plain)?.visible
            ?? DataRect(minX: 0, maxX: 1, minY: 0, maxY: 1)
        stage = RenderStage(viewport: initial, geometry: StageGeometry(canvas: PixelSize(width: 1, height: 1), layout: layout),
                            theme: theme, factory: factory)
        lines = SeriesLinesController(dataset: source.dataset, lineWidth: lineWidth)
        if layout == .plain {
            (self.gradient, xAxis, yAxis) = (nil, nil, nil)
            stage.add(lines)
        } else {
            let background = GradientController(enabled: gradient)
            let y = YAxisController(), x = XAxisController(xKind: source.dataset.xKind)
            (self.gradient, xAxis, yAxis) = (background, x, y)
            for controller: RenderController in [background, y, lines, x] { stage.add(controller) }
        }
    }

    public var theme: ChartTheme { stage.theme }

    /// The plot's rectangle in a framebuffer of `size`.
    public func plotRect(in size: PixelSize, scale: Double = 1) -> PixelRect {
        layout.plotRect(in: size, scale: scale)
    }

    /// Whether the x range in view should be fitted with grid-aligned y (round labels).
    public var fitsYToGrid: Bool { layout != .plain }

    /// Draws one frame of `viewport` into the bound framebuffer of `size` pixels.
    /// - Parameters:
    ///   - scale: drawable pixels per window coordinate (HiDPI).
    ///   - settled: finish every animation first (a still image: labels fully shown).
    public func draw(viewport: Viewport, framebufferSize size: PixelSize, scale: Double = 1, settled: Bool = false) {
        let destination = device.boundFramebuffer
        stage.setGeometry(StageGeometry(canvas: size, layout: layout, scale: scale))
        if stage.viewport.target != viewport.visible {
            stage.viewport.set(AnimatedViewport.Change(viewport.visible))
        }
        if settled {
            while stage.advance(by: 1) {}
        }
        factory.draw(stage, destination: destination)
    }

    /// Advances the stage's animations (label fades, the gradient, a theme switch) by
    /// `seconds`; returns whether any is still running.
    @discardableResult
    public func advance(by seconds: Double) -> Bool {
        isAnimating = stage.advance(by: seconds)
        return isAnimating
    }

    /// Whether the last `advance(by:)` left an animation running.
    public private(set) var isAnimating = false

    /// Whether something changed since the last frame was drawn.
    public var needsFrame: Bool { stage.needsFrame }

    public func setTheme(_ theme: ChartTheme, animated: Bool) {
        stage.setTheme(theme, animated: animated)
        isAnimating = animated
    }

    /// Fills the bound framebuffer of `size` with `color` (a window with no chart yet).
    public static func clear(to color: RGBAColor, framebufferSize size: PixelSize) {
        glViewport(0, 0, GLsizei(size.width), GLsizei(size.height))
        glDisable(GLenum(GL_SCISSOR_TEST))
        glClearColor(color.red, color.green, color.blue, color.alpha)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
    }

    /// The label font at `FontFace.defaultPath()`, or `nil` with a warning that says
    /// where it looked and how to fix it (labels are then left out; nothing else fails).
    public static func loadDefaultFont() -> (font: FontFace?, warning: String?) {
        guard let path = FontFace.defaultPath() else {
            return (nil, "no font found (looked for \(FontFace.searchedPaths.joined(separator: ", "))); "
                + "labels are left out. Install fonts-dejavu-core or set SIGHTLINE_FONT to a .ttf file.")
        }
        do {
            return (try FontFace(path: path), nil)
        } catch {
            return (nil, "\(error); labels are left out. Set SIGHTLINE_FONT to a readable .ttf file.")
        }
    }
}
