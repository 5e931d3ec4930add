import ChartData
import ChartGeometry
import ChartStage

/// The legend: one toggle per series, in its colour, left in the bar above the plot,
/// after the chart's title if it has one. A filled dot is a shown series, a ring a
/// hidden one. Toggles that do not fit are counted after the last one ("+3"). With two
/// y axes, a series read against the right one says so with an arrow after its name.
public final class LegendController: RenderController {
    private let names: [String]
    private let lines: SeriesLinesController
    public var pointSize = 12.0
    /// Written first, larger (a still picture's `--title`).
    public var title: String? {
        didSet { environment?.invalidate() }
    }
    public var titlePointSize = 15.0
    /// How much of the bar's width the legend may take (the rest is the presets').
    public var widthShare = 0.62
    /// Where the presets start, when known: the legend stops short of them, so no
    /// toggle hides under a button in a narrow window.
    public var presetsStart: (() -> Double?)?
    /// Where something left in the bar ends, when there is one (a day's zoom-out
    /// control): the legend starts a gap after it.
    public var leadingEnd: (() -> Double?)?
    /// Each toggle's box after the last build, in series order.
    public private(set) var boxes: [PixelBox] = []
    /// The series whose toggle has the keyboard's focus: a ring round it shows it.
    public var focusedSeries: Int? {
        didSet { if focusedSeries != oldValue { environment?.invalidate() } }
    }
    private var shapes: ShapeSurface?
    private var text: TextSurface?
    private var environment: RenderEnvironment?

    /// The toggle of a chart's candlesticks.
    public static let candlesName = "OHLC"

    public init(dataset: Dataset, lines: SeriesLinesController) {
        // Cut for the screen: a 10 MB header name would otherwise be drawn glyph by glyph.
        names = Self.markingRightAxis(dataset.series.map { DisplayText.name($0.name) }, ChartComposition(dataset: dataset))
        self.lines = lines
    }

    public var followsViewport: Bool { false }

    public func attach(to environment: RenderEnvironment) {
        shapes = environment.surface(for: Shape.self, layer: .overlay)
        text = environment.surface(for: TextRun.self, layer: .overlay)
        self.environment = environment
    }

    /// The series whose toggle is at `point`.
    public func series(at point: PixelPoint) -> Int? {
        boxes.firstIndex { $0.contains(point) }
    }

    /// Redraws the toggles (after a series was shown or hidden).
    public func refresh() { environment?.invalidate() }

    public func build(in environment: RenderEnvironment) {
        boxes = []
        guard let shapes, let text, let bar = environment.geometry.bar else { return }
        let scale = environment.geometry.scale
        var x = bar.x
        if let end = leadingEnd?() { x = max(x, end + 16 * scale) }
        if let title, !title.isEmpty {
            text.add(TextRun(title, at: PixelPoint(x: x, y: bar.y + bar.height / 2), anchor: .centerLeft,
                             pointSize: titlePointSize, color: environment.theme.text))
            x += text.measure(title, pointSize: titlePointSize).width + 16 * scale
        }
        var limit = bar.x + (bar.maxX - bar.x) * widthShare
        if let start = presetsStart?() { limit = start - 8 * scale }
        let candles = lines.composition.candles
        for (index, var name) in names.enumerated() {
            // Candles have one toggle, their close's (the four show and hide together):
            // the others keep their place in `boxes` off the canvas, where no pointer is.
            if let candles, candles.contains(index) {
                guard index == candles.close else {
                    boxes.append(PixelBox(x: -1, y: -1, width: 0, height: 0))
                    continue
                }
                // In a chart of several files, the close's file prefix names the candles' file.
                name = name.range(of: ": ", options: .backwards).map { name[..<$0.upperBound] + Self.candlesName }
                    ?? Self.candlesName
            }
            let size = text.measure(name, pointSize: pointSize)
            let box = PixelBox(x: x, y: bar.y, width: size.width + 30 * scale, height: bar.height)
            // Room for this toggle and, unless it is the last, for the "+N" after it.
            let more = index == names.count - 1 ? 0 : text.measure("+\(names.count - index - 1)", pointSize: pointSize).width + 8 * scale
            guard box.maxX + more <= limit || index == 0 else {
                // The toggles left out are counted, so none goes missing unsaid (Shift+digit still reaches them).
                text.add(TextRun("+\(names.count - index)", at: PixelPoint(x: x, y: bar.y + bar.height / 2), anchor: .centerLeft,
                                 pointSize: pointSize, color: environment.theme.text.withAlpha(0.7)))
                break
            }
            boxes.append(box)
            let isCandles = candles?.close == index
            // Candles: a dot of the rising colour ringed in the falling one.
            let color = isCandles ? environment.theme.falling : lines.color(ofSeries: index, theme: environment.theme)
            let fill = isCandles ? environment.theme.rising : color
            let shown = lines.isVisible(index)
            shapes.add(.rect(box, fill: environment.theme.panel, cornerRadius: box.height / 2))
            if index == focusedSeries {
                let ring = 2 * scale
                shapes.add(.outline(PixelBox(x: box.x - ring, y: box.y - ring, width: box.width + 2 * ring,
                                             height: box.height + 2 * ring),
                                    color: environment.theme.text, width: ring, cornerRadius: box.height / 2 + ring))
            }
            shapes.add(.circle(center: PixelPoint(x: box.x + 13 * scale, y: box.y + box.height / 2), radius: 5 * scale,
                               fill: shown ? fill : environment.theme.panel, stroke: color, strokeWidth: 2 * scale))
            text.add(TextRun(name, at: PixelPoint(x: box.x + 23 * scale, y: box.y + box.height / 2), anchor: .centerLeft,
                             pointSize: pointSize, color: environment.theme.text.withAlpha(shown ? 1 : 0.55)))
            x = box.maxX + 8 * scale
        }
    }
}
