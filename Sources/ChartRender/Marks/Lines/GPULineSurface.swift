import ChartGeometry
import ChartStage

/// Series lines: each at the level of detail the view needs, drawn by `LineRenderer`
/// through the frame's scales for its axis, so a pan changes uniforms only. A smoothed line in a view
/// sparse enough for it is drawn from its `SmoothLineSeries` instead, made for the view.
///
/// A dense line (`ColumnSpans.suit`) is drawn from its column spans, gathered in
/// `prepare` into the surface's `ColumnSpans` target before the pass that paints them.
///
/// A caching surface (the range selector's, whose view rarely changes) draws its lines
/// once into a texture the size of the plot and copies that each frame, until the lines,
/// the view or the geometry change.
final class GPULineSurface: MarkSurface, GPUSurface {
    let layer: RenderLayer
    private let renderer: LineRenderer
    /// The series' GPU copies, shared with the other charts of the data source.
    private let store: GPUSeriesStore?
    private let smoothSeries: [SmoothLineSeries]
    private var lines: [SeriesLine] = []
    private let cache: LineCache?
    private let spans: ColumnSpans

    /// One line of the frame: what it is drawn from, and where its spans are if dense.
    private struct PlannedLine {
        var parts: [LineSeriesBuffer]
        var scales: PlotScales
        var style: LineStyle
        var spans: ColumnSpans.Rows?

        var dense: ColumnSpans.Line { ColumnSpans.Line(parts: parts, scales: scales, style: style) }
    }

    /// The frame's lines, planned in `prepare` and drawn in `draw` (empty when a cache
    /// holds them).
    private var planned: [PlannedLine] = []

    init(layer: RenderLayer, device: RenderDevice, renderer: LineRenderer, store: GPUSeriesStore?, smoothSeries: [SmoothLineSeries],
         cache: LineCache?) {
        self.layer = layer
        self.renderer = renderer
        self.store = store
        self.smoothSeries = smoothSeries
        self.cache = cache
        spans = ColumnSpans(device: device)
    }

    func add(_ line: SeriesLine) { lines.append(line) }
    func removeAll() { lines.removeAll() }

    func prepare(_ frame: SurfaceFrame) {
        let plot = frame.geometry.plot
        // Without a cache (or one that cannot be made) the lines are drawn on the canvas.
        guard let cache, plot.width > 0, plot.height > 0, let texture = cache.texture(for: plot.size) else {
            planned = plan(frame, plotSize: plot.size)
            return
        }
        let key = LineCache.Key(lines: lines, visible: frame.scales.visible, rightVisible: frame.rightScales.visible,
                                plot: plot, scale: frame.geometry.scale)
        guard !cache.holds(key) else {
            planned = []
            return
        }
        planned = plan(frame, plotSize: plot.size)
        // The cache is transparent (it is copied premultiplied over the canvas).
        cache.device.withPass(into: texture.passTarget, clearTo: RGBAColor(red: 0, green: 0, blue: 0, alpha: 0)) {
            drawLines(plot: PixelRect(size: plot.size), opaqueBehind: false)
        }
        cache.didDraw(key)
    }

    func draw(_ frame: SurfaceFrame) {
        let plot = frame.geometry.plot
        let key = LineCache.Key(lines: lines, visible: frame.scales.visible, rightVisible: frame.rightScales.visible,
                                plot: plot, scale: frame.geometry.scale)
        if let cache, let texture = cache.texture(holding: key) {
            cache.copy(texture, over: plot)
        } else {
            drawLines(plot: plot, opaqueBehind: true)
        }
    }

    /// What each line is drawn from this frame; the dense ones' spans gathered, in a pass
    /// of their own, into the span target.
    private func plan(_ frame: SurfaceFrame, plotSize: PixelSize) -> [PlannedLine] {
        var planned: [PlannedLine] = []
        var dense: [Int] = []
        for line in lines {
            guard let series = store?.lineSeries(for: line.series) else { continue }
            let index = line.series.index
            let scales = frame.scales(for: line.axis)
            let visible = scales.visible
            var style = LineStyle(widthInPixels: line.width * frame.geometry.scale)
            style.color = line.color
            let pieces: [LineSeriesBuffer]
            if line.isSmooth, smoothSeries.indices.contains(index), smoothSeries[index].smooths(visible, plotWidth: plotSize.width) {
                pieces = smoothSeries[index].buffer(for: scales, plotSize: plotSize).map { [$0] } ?? []
            } else {
                // A caching surface's view (the overview) is not the one prepared around.
                pieces = series.buffers(forVisibleX: visible.minX...visible.maxX, plotWidth: plotSize.width, leading: cache == nil)
                if ColumnSpans.suit(pieces, visible: visible, plotWidth: plotSize.width) { dense.append(planned.count) }
            }
            planned.append(PlannedLine(parts: pieces, scales: scales, style: style))
        }
        if let rows = spans.gather(dense.map { planned[$0].dense }, plotSize: plotSize, with: renderer) {
            for (lineIndex, rows) in zip(dense, rows) { planned[lineIndex].spans = rows }
        }
        return planned
    }

    private func drawLines(plot: PixelRect, opaqueBehind: Bool) {
        for line in planned {
            if let rows = line.spans {
                renderer.drawSpans(line.parts, from: rows, scales: line.scales, plotRect: plot, style: line.style)
            } else {
                renderer.draw(line.parts, scales: line.scales, plotRect: plot, style: line.style, opaqueBehind: opaqueBehind)
            }
        }
    }
}
