import ChartData

/// The value of the right-most visible point of the first visible series (not part of
/// a stack; none in a chart with a right axis, whose labels take the margin): a horizontal
/// line across the plot and a label in the margin right of it, moving with every pan and
/// zoom (like the seed's `estimateYValueForXValue` lookup, a binary search).
public final class ValueAnnotationController: RenderController {
    public let source: DataSource
    public var dataset: Dataset { source.dataset }
    private let lines: SeriesLinesController
    public var pointSize = 11.0
    /// The annotated value after the last build (for tests).
    public private(set) var value: Double?
    private var shapes: ShapeSurface?
    private var text: TextSurface?

    public init(source: DataSource, lines: SeriesLinesController) {
        self.source = source
        self.lines = lines
    }

    public func attach(to environment: RenderEnvironment) {
        shapes = environment.shapeSurface(layer: .overlay)
        text = environment.textSurface(layer: .overlay)
    }

    /// The right-most finite point at or before `maxX` of `series`.
    /// - Complexity: O(log n) plus the gap skipped.
    public func rightmostValue(series: Int, atOrBefore maxX: Double, notBefore minX: Double) -> Double? {
        let ys = dataset.series[series].ys
        var i = dataset.firstIndex(atOrAfterX: maxX.nextUp) - 1
        while i >= 0, dataset.xs[i] >= minX {
            if !ys[i].isNaN { return ys[i] }
            i -= 1
        }
        return nil
    }

    public func build(in environment: RenderEnvironment) {
        value = nil
        // The right margin holds the right axis's labels where there is one; a stack's
        // first series alone says nothing of the stack.
        let composition = lines.composition
        guard !composition.usesRightAxis,
              let series = lines.visibleSeries.first(where: { composition.group(ofSeries: $0).map { !$0.isStacked } ?? true }),
              let shapes, let text else { return }
        let visible = environment.viewport.current
        guard visible.height > 0, let y = rightmostValue(series: series, atOrBefore: visible.maxX, notBefore: visible.minX) else { return }
        let geometry = environment.geometry
        let plot = geometry.plotBox
        let py = PlotScales(visible: visible, plot: plot).canvasY(y)
        guard py >= plot.y, py <= plot.maxY else { return }
        value = y
        // The colour its line is drawn in.
        let color = lines.drawnColor(ofSeries: series, theme: environment.theme)
        let scale = geometry.scale
        shapes.add(.segment(from: PixelPoint(x: plot.x, y: py), to: PixelPoint(x: plot.maxX, y: py), width: scale,
                            color: color.withAlpha(0.55)))
        let label = ValueFormat.string(y, dataDecimals: source.decimals[series])
        let size = text.measure(label, pointSize: pointSize)
        let padding = 5 * scale
        // In the right margin, pointing at the plot's edge; pushed left only as far as a
        // long label needs to stay on the canvas.
        let width = size.width + 2 * padding
        let x = min(plot.maxX + 4 * scale, Double(geometry.canvas.width) - width - 2 * scale)
        let box = PixelBox(x: x, y: py - size.height / 2 - 2 * scale, width: width, height: size.height + 4 * scale)
        shapes.add(.rect(box, fill: color, cornerRadius: 4 * scale))
        text.add(TextRun(label, at: PixelPoint(x: box.maxX - padding, y: py), anchor: .centerRight, pointSize: pointSize,
                         color: color.textColor))
    }
}
