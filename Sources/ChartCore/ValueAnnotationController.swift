import ChartData

/// The value of the right-most visible point of each axis's first visible series (not
/// part of a stack): a horizontal line across the plot in the series' colour and a label
/// in the margin, moving with every pan and zoom (like the seed's
/// `estimateYValueForXValue` lookup, a binary search).
///
/// With one y axis the label sits right of the plot. With two, each axis's label sits in
/// that axis's margin, over its own tick labels (as a trading app puts the last price on
/// the price scale): it is read against the scale beside it, the two can never overlap
/// whatever their values, and a side stays put when the other axis's series are hidden.
public final class ValueAnnotationController: RenderController {
    /// One label as drawn.
    public struct Label: Equatable, Sendable {
        /// The axis the value is read against, which is also the margin it sits in.
        public var side: YAxisSide
        /// The series whose value it shows: the side's first shown series.
        public var series: Int
        /// The value shown, data units: the series' right-most finite value in view.
        public var value: Double
        /// Where the label's tag stands, canvas pixels (in the side's margin).
        public var box: PixelBox
    }

    public let source: DataSource
    public var dataset: Dataset { source.dataset }
    private let lines: SeriesLinesController
    public var pointSize = 11.0
    /// The labels after the last build, left axis first (for tests).
    public private(set) var labels: [Label] = []
    /// The first label's value (the only one in a chart with one axis).
    public var value: Double? { labels.first?.value }
    private var shapes: ShapeSurface?
    private var text: TextSurface?
    private var environment: RenderEnvironment?

    public init(source: DataSource, lines: SeriesLinesController) {
        self.source = source
        self.lines = lines
    }

    public func attach(to environment: RenderEnvironment) {
        shapes = environment.shapeSurface(layer: .overlay)
        text = environment.textSurface(layer: .overlay)
        self.environment = environment
    }

    /// Rebuilds the labels before the next frame for the series shown now (a hidden
    /// series' label goes at once).
    public func setNeedsBuild() {
        environment?.invalidate()
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
        labels = []
        let composition = lines.composition
        let sides: [YAxisSide] = composition.usesRightAxis ? [.left, .right] : [.left]
        for side in sides {
            // A stack's first series alone says nothing of the stack.
            guard let series = lines.visibleSeries.first(where: { series in
                composition.axis(ofSeries: series) == side && composition.group(ofSeries: series).map { !$0.isStacked } ?? true
            }) else { continue }
            annotate(series: series, side: side, margin: composition.usesRightAxis ? side : .right, in: environment)
        }
    }

    /// Draws the line and label of `series`'s newest visible value, read on `side`'s
    /// axis, with the label in the `margin` side's margin.
    private func annotate(series: Int, side: YAxisSide, margin: YAxisSide, in environment: RenderEnvironment) {
        guard let shapes, let text else { return }
        let visible = environment.viewport(for: side).current
        guard visible.height > 0, let y = rightmostValue(series: series, atOrBefore: visible.maxX, notBefore: visible.minX) else { return }
        let geometry = environment.geometry
        let plot = geometry.plotBox
        let py = PlotScales(visible: visible, plot: plot).canvasY(y)
        guard py >= plot.y, py <= plot.maxY else { return }
        // The colour its line is drawn in.
        let color = lines.drawnColor(ofSeries: series, theme: environment.theme)
        let scale = geometry.scale
        shapes.add(.segment(from: PixelPoint(x: plot.x, y: py), to: PixelPoint(x: plot.maxX, y: py), width: scale,
                            color: color.withAlpha(0.55)))
        let label = ValueFormat.string(y, dataDecimals: source.decimals[series])
        let size = text.measure(label, pointSize: pointSize)
        let padding = 5 * scale
        // In the margin, pointing at the plot's edge; pushed over the plot only as far as
        // a long label needs to stay on the canvas.
        let width = size.width + 2 * padding
        let x = margin == .right ? min(plot.maxX + 4 * scale, Double(geometry.canvas.width) - width - 2 * scale)
            : max(plot.x - 4 * scale - width, 2 * scale)
        let box = PixelBox(x: x, y: py - size.height / 2 - 2 * scale, width: width, height: size.height + 4 * scale)
        labels.append(Label(side: side, series: series, value: y, box: box))
        shapes.add(.rect(box, fill: color, cornerRadius: 4 * scale))
        text.add(TextRun(label, at: PixelPoint(x: box.maxX - padding, y: py), anchor: .centerRight, pointSize: pointSize,
                         color: color.textColor))
    }
}
