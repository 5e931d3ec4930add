import ChartCore
import ChartData

/// Series lines: each at the level of detail the view needs, drawn by `LineRenderer`
/// through the viewport, so a pan changes uniforms only.
final class GLLineSurface: LineSurface, GLSurface {
    let layer: RenderLayer
    private let renderer: LineRenderer
    private let series: [LODLineSeries]
    private var lines: [SeriesLine] = []

    init(layer: RenderLayer, renderer: LineRenderer, series: [LODLineSeries]) {
        self.layer = layer
        self.renderer = renderer
        self.series = series
    }

    func add(_ line: SeriesLine) { lines.append(line) }
    func removeAll() { lines.removeAll() }

    func draw(_ frame: SurfaceFrame) {
        let plot = frame.geometry.plot
        let visible = frame.viewport.visible
        for line in lines where series.indices.contains(line.seriesIndex) {
            var style = LineStyle(widthInPixels: line.width * frame.geometry.scale)
            style.color = line.color
            let buffer = series[line.seriesIndex].buffer(forVisibleX: visible.minX...visible.maxX, plotWidth: plot.width)
            renderer.draw(buffer, viewport: frame.viewport, plotRect: plot, framebufferSize: frame.geometry.canvas, style: style)
        }
    }
}
