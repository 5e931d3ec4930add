import CGL
import ChartCore
import ChartData

/// A dataset on the GPU and how to draw it: the background, the plot area and every
/// series as a line at the level of detail the view needs. Shared by the window and the
/// offscreen renderer, so both draw the same picture.
public final class ChartScene {
    public let source: DataSource
    public var dataset: Dataset { source.dataset }
    public var layout: ChartLayout
    public var theme: ChartTheme
    /// Stroke width of every series, pixels (before the HiDPI scale).
    public var lineWidth: Double
    private let lineRenderer: LineRenderer
    private let series: [LODLineSeries]
    /// The colours the file names, parsed once; `nil` leaves a series to the theme.
    private let fileColors: [RGBAColor?]

    /// Prepares every series of `source`; levels go to the GPU as views first need them.
    public init(device: GLDevice, source: DataSource, layout: ChartLayout = .standard,
                theme: ChartTheme = .day, lineWidth: Double = 2) throws {
        self.source = source
        self.layout = layout
        self.theme = theme
        self.lineWidth = lineWidth
        lineRenderer = try LineRenderer(device: device)
        series = source.details.enumerated().map { index, detail in
            LODLineSeries(device: device, dataset: source.dataset, seriesIndex: index, detail: detail)
        }
        fileColors = source.dataset.series.map { $0.colorHex.flatMap(RGBAColor.init(hex:)) }
    }

    /// The plot's rectangle in a framebuffer of `size`.
    public func plotRect(in size: PixelSize, scale: Double = 1) -> PixelRect {
        layout.plotRect(in: size, scale: scale)
    }

    /// Draws one frame into the bound framebuffer of `size` pixels.
    /// - Parameter scale: drawable pixels per window coordinate (HiDPI).
    public func draw(viewport: Viewport, framebufferSize size: PixelSize, scale: Double = 1) {
        glViewport(0, 0, GLsizei(size.width), GLsizei(size.height))
        clear(to: theme.background)
        let plot = plotRect(in: size, scale: scale)
        if theme.plotBackground != theme.background {
            glEnable(GLenum(GL_SCISSOR_TEST))
            glScissor(GLint(plot.x), GLint(size.height - plot.y - plot.height), GLsizei(plot.width), GLsizei(plot.height))
            clear(to: theme.plotBackground)
            glDisable(GLenum(GL_SCISSOR_TEST))
        }
        let visible = viewport.visible.minX...viewport.visible.maxX
        for (index, lines) in series.enumerated() {
            var style = LineStyle(widthInPixels: lineWidth * scale)
            style.color = color(ofSeries: index)
            lineRenderer.draw(lines.buffer(forVisibleX: visible, plotWidth: plot.width), viewport: viewport,
                              plotRect: plot, framebufferSize: size, style: style)
        }
    }

    /// The file's colour for a series where it names one, else the theme's.
    private func color(ofSeries index: Int) -> RGBAColor {
        fileColors[index] ?? theme.color(forSeries: index)
    }

    private func clear(to color: RGBAColor) {
        glClearColor(color.red, color.green, color.blue, color.alpha)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
    }

    /// Fills the bound framebuffer of `size` with `color` (a window with no chart yet).
    public static func clear(to color: RGBAColor, framebufferSize size: PixelSize) {
        glViewport(0, 0, GLsizei(size.width), GLsizei(size.height))
        glClearColor(color.red, color.green, color.blue, color.alpha)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
    }
}
