import ChartData
import ChartGeometry
import ChartStage

/// The value of the right-most visible point of each axis's first visible series (not
/// part of a stack): a horizontal line across the plot in the series' colour and a label
/// in the margin, moving with every pan and zoom (like the seed's
/// `estimateYValueForXValue` lookup, a binary search).
///
/// With one y axis the label sits right of the plot. With two, each axis's label sits in
/// that axis's margin, over its own tick labels (as a trading app puts the last price on
/// the price scale): it is read against the scale beside it, the two can never overlap
/// whatever their values, and a side stays put when the other axis's series are hidden.
/// A label stays in its margin: a value whose every digit does not fit it is written
/// compactly, as its axis writes values (`1.56B`), and the tick labels it covers fade
/// out (`YAxisController.coveringBoxes`).
public final class ValueAnnotationController: RenderController {
    /// One label as drawn.
    public struct Label: Equatable, Sendable {
        /// The axis the value is read against.
        public var side: YAxisSide
        /// The margin it sits in: its axis's, or the right one in a chart of one axis.
        public var margin: YAxisSide
        /// The series whose value it shows: the side's first shown series.
        public var series: Int
        /// The value shown, data units (as read, also on a log axis): the series'
        /// right-most finite value in view.
        public var value: Double
        /// The value as written: every digit, or compact where they do not fit the margin.
        public var text: String
        /// Where the label's tag stands, canvas pixels (in `margin`).
        public var box: PixelBox
    }

    public let source: DataSource
    public var dataset: Dataset { source.dataset }
    private let lines: SeriesLinesController
    public var pointSize = 11.0
    /// The labels after the last build, left axis first (for tests).
    public private(set) var labels: [Label] = []
    private var shapes: ShapeSurface?
    private var text: TextSurface?
    private var environment: RenderEnvironment?

    public init(source: DataSource, lines: SeriesLinesController) {
        self.source = source
        self.lines = lines
    }

    public func attach(to environment: RenderEnvironment) {
        shapes = environment.surface(for: Shape.self, layer: .overlay)
        text = environment.surface(for: TextRun.self, layer: .overlay)
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
        rightmostIndex(series: series, atOrBefore: maxX, notBefore: minX).map { dataset.series[series].ys[$0] }
    }

    /// The index of the right-most drawn point at or before `maxX` of `series`.
    /// - Complexity: O(log n) plus the gap skipped.
    func rightmostIndex(series: Int, atOrBefore maxX: Double, notBefore minX: Double) -> Int? {
        let ys = dataset.series[series].ys
        var i = dataset.firstIndex(atOrAfterX: maxX.nextUp) - 1
        while i >= 0, dataset.xs[i] >= minX {
            if !ys[i].isNaN { return i }
            i -= 1
        }
        return nil
    }

    public func build(in environment: RenderEnvironment) {
        labels = layout(in: environment)
        guard let shapes, let text else { return }
        let plot = environment.geometry.plotBox, scale = environment.geometry.scale
        for label in labels {
            // Candles have no colour of their own (rising and falling): their close's label is in the text's.
            let color = lines.composition.candles?.close == label.series ? environment.theme.text
                : lines.drawnColor(ofSeries: label.series, theme: environment.theme)
            let y = label.box.y + label.box.height / 2
            shapes.add(.segment(from: PixelPoint(x: plot.x, y: y), to: PixelPoint(x: plot.maxX, y: y), width: scale,
                                color: color.withAlpha(0.55)))
            shapes.add(.rect(label.box, fill: color, cornerRadius: 4 * scale))
            text.add(TextRun(label.text, at: PixelPoint(x: label.box.maxX - padding(scale), y: y), anchor: .centerRight,
                             pointSize: pointSize, color: color.textColor))
        }
    }

    /// The labels as they would be drawn now, left axis first, without drawing them
    /// (the y axes hide the tick labels these cover).
    /// - Complexity: O(log n) per axis, as `rightmostValue`.
    public func layout(in environment: RenderEnvironment) -> [Label] {
        let composition = lines.composition
        let sides: [YAxisSide] = composition.usesRightAxis ? [.left, .right] : [.left]
        return sides.compactMap { side in
            // A stack's first series alone says nothing of the stack.
            guard let series = lines.visibleSeries.first(where: { series in
                composition.axis(ofSeries: series) == side && composition.group(ofSeries: series).map { !$0.isStacked } ?? true
            }) else { return nil }
            // Candles are read by their close.
            let read = composition.candles.map { $0.contains(series) ? $0.close : series } ?? series
            return label(series: read, side: side, margin: composition.usesRightAxis ? side : .right, in: environment)
        }
    }

    private func padding(_ scale: Double) -> Double { 5 * scale }

    /// The label of `series`'s newest visible value, read on `side`'s axis, in the
    /// `margin` side's margin, pointing at the plot's edge.
    private func label(series: Int, side: YAxisSide, margin: YAxisSide, in environment: RenderEnvironment) -> Label? {
        guard let text else { return nil }
        let visible = environment.viewport(for: side).current
        guard visible.height > 0,
              let index = rightmostIndex(series: series, atOrBefore: visible.maxX, notBefore: visible.minX) else { return nil }
        // Placed at the drawn (plotted) y, written as read: on a log axis they differ.
        let y = dataset.series[series].ys[index], value = source.values.series[series].ys[index]
        let geometry = environment.geometry
        let plot = geometry.plotBox, scale = geometry.scale
        let py = geometry.scales(showing: visible).canvasY(y)
        guard py >= plot.y, py <= plot.maxY else { return nil }
        let gap = 4 * scale, edge = 2 * scale
        let room = (margin == .right ? Double(geometry.canvas.width) - plot.maxX : plot.x) - gap - edge - 2 * padding(scale)
        let written = Self.text(for: value, dataDecimals: source.decimals[series], fitting: room) {
            text.measure($0, pointSize: pointSize).width
        }
        let size = text.measure(written, pointSize: pointSize)
        let width = size.width + 2 * padding(scale)
        let x = margin == .right ? plot.maxX + gap : plot.x - gap - width
        let box = PixelBox(x: x, y: py - size.height / 2 - 2 * scale, width: width, height: size.height + 4 * scale)
        return Label(side: side, margin: margin, series: series, value: value, text: written, box: box)
    }

    /// `value` as the label writes it in `room` pixels: every digit where they fit,
    /// else compact as its axis is, in three significant digits (`1.56B`, `2,021`:
    /// more than the ticks say, and as a trading app's scale reads), two where three
    /// do not fit.
    static func text(for value: Double, dataDecimals: Int, fitting room: Double, width: (String) -> Double) -> String {
        let full = ValueFormat.string(value, dataDecimals: dataDecimals)
        guard width(full) > room, value.isFinite else { return full }
        let three = ValueFormat.withRealMinus(NumberLabel.format(value, significantDigits: 3))
        return width(three) <= room ? three : ValueFormat.withRealMinus(NumberLabel.format(value, significantDigits: 2))
    }
}
