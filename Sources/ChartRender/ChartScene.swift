import CGL
import ChartCore
import ChartData

/// A dataset on the GPU and how to draw it: the background, the plot area and every
/// series as a line. Shared by the window and the offscreen renderer, so both draw the
/// same picture.
public final class ChartScene {
    public let dataset: Dataset
    public var layout: ChartLayout
    public var theme: ChartTheme
    /// Stroke width of every series, pixels (before the HiDPI scale).
    public var lineWidth: Double
    private let lineRenderer: LineRenderer
    private let series: [LineSeriesBuffer]

    /// Uploads every series of `dataset` once.
    public init(device: GLDevice, dataset: Dataset, layout: ChartLayout = .standard,
                theme: ChartTheme = .day, lineWidth: Double = 2) throws {
        self.dataset = dataset
        self.layout = layout
        self.theme = theme
        self.lineWidth = lineWidth
        lineRenderer = try LineRenderer(device: device)
        series = dataset.series.map { LineSeriesBuffer(device: device, xs: dataset.xs, ys: $0.ys) }
    }

    /// GPU memory of all series, bytes.
    public var gpuByteCount: Int { series.reduce(0) { $0 + $1.gpuByteCount } }

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
        for (index, buffer) in series.enumerated() {
            var style = LineStyle(widthInPixels: lineWidth * scale)
            style.color = theme.color(forSeries: index)
            lineRenderer.draw(buffer, viewport: viewport, plotRect: plot, framebufferSize: size, style: style)
        }
    }

    private func clear(to color: RGBAColor) {
        glClearColor(color.red, color.green, color.blue, color.alpha)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
    }
}
