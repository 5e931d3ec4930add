import ChartCore
import ChartData

/// Series lines: each at the level of detail the view needs, drawn by `LineRenderer`
/// through the viewport, so a pan changes uniforms only. A smoothed line in a view
/// sparse enough for it is drawn from its `SmoothLineSeries` instead, made for the view.
///
/// A caching surface (the range selector's, whose view rarely changes) draws its lines
/// once into a texture the size of the plot and copies that each frame, until the lines,
/// the view or the geometry change.
final class GPULineSurface: LineSurface, GPUSurface {
    let layer: RenderLayer
    private let renderer: LineRenderer
    private let series: [LODLineSeries]
    private let smoothSeries: [SmoothLineSeries]
    private var lines: [SeriesLine] = []
    private let cache: LineCache?

    init(layer: RenderLayer, renderer: LineRenderer, series: [LODLineSeries], smoothSeries: [SmoothLineSeries],
         cache: LineCache?) {
        self.layer = layer
        self.renderer = renderer
        self.series = series
        self.smoothSeries = smoothSeries
        self.cache = cache
    }

    func add(_ line: SeriesLine) { lines.append(line) }
    func removeAll() { lines.removeAll() }

    func prepare(_ frame: SurfaceFrame) {
        let plot = frame.geometry.plot
        guard let cache, plot.width > 0, plot.height > 0, let texture = cache.texture(for: plot.size) else { return }
        let key = LineCache.Key(lines: lines, visible: frame.viewport.visible, rightVisible: frame.rightViewport.visible,
                                plot: plot, scale: frame.geometry.scale)
        guard !cache.holds(key) else { return }
        // The cache is transparent (it is copied premultiplied over the canvas).
        cache.device.withPass(into: texture.passTarget, clearTo: RGBAColor(red: 0, green: 0, blue: 0, alpha: 0)) {
            drawLines(frame, plot: PixelRect(size: plot.size), opaqueBehind: false)
        }
        cache.didDraw(key)
    }

    func draw(_ frame: SurfaceFrame) {
        let plot = frame.geometry.plot
        let key = LineCache.Key(lines: lines, visible: frame.viewport.visible, rightVisible: frame.rightViewport.visible,
                                plot: plot, scale: frame.geometry.scale)
        if let cache, let texture = cache.texture(holding: key) {
            cache.copy(texture, over: plot)
        } else {
            drawLines(frame, plot: plot, opaqueBehind: true)
        }
    }

    private func drawLines(_ frame: SurfaceFrame, plot: PixelRect, opaqueBehind: Bool) {
        for line in lines where series.indices.contains(line.seriesIndex) {
            let viewport = frame.viewport(for: line.axis)
            let visible = viewport.visible
            var style = LineStyle(widthInPixels: line.width * frame.geometry.scale)
            style.color = line.color
            let pieces: [LineSeriesBuffer]
            if line.isSmooth, smoothSeries.indices.contains(line.seriesIndex),
               smoothSeries[line.seriesIndex].smooths(visible, plotWidth: plot.width) {
                pieces = smoothSeries[line.seriesIndex].buffer(forVisible: visible, plotSize: plot.size).map { [$0] } ?? []
            } else {
                pieces = series[line.seriesIndex].buffers(forVisibleX: visible.minX...visible.maxX, plotWidth: plot.width)
            }
            renderer.draw(pieces, viewport: viewport, plotRect: plot, style: style, opaqueBehind: opaqueBehind)
        }
    }
}
