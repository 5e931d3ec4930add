import ChartGeometry
import ChartStage

/// The "‹ Zoom out" button of a day's chart (or of a pie of a range's shares), left in
/// the bar above the plot, and beside it which day or range is shown. A press on the
/// button goes back to the overview (`DayZoom` or the presenter takes the press before
/// the chart sees it); the legend starts after the label.
public final class ZoomOutController: RenderController {
    /// The button's text.
    public var title = "‹ Zoom out"
    /// Which day or range is shown ("Sat, Mar 14, 2020"), written after the button.
    public var label: String {
        didSet { environment?.invalidate() }
    }
    /// Whether the button is there (a pie's comes and goes).
    public var isShown = true {
        didSet { environment?.invalidate() }
    }
    public var pointSize = 12.0
    private var shapes: ShapeSurface?
    private var text: TextSurface?
    private var environment: RenderEnvironment?

    public init(label: String) {
        self.label = label
    }

    public var followsViewport: Bool { false }

    public func attach(to environment: RenderEnvironment) {
        shapes = environment.surface(for: Shape.self, layer: .overlay)
        text = environment.surface(for: TextRun.self, layer: .overlay)
        self.environment = environment
    }

    /// The button's box: at the bar's left, as tall as the bar; `nil` with no bar.
    public var buttonBox: PixelBox? {
        guard isShown, let text, let geometry = environment?.geometry, let bar = geometry.bar else { return nil }
        let width = text.measure(title, pointSize: pointSize).width + 20 * geometry.scale
        return PixelBox(x: bar.x, y: bar.y, width: width, height: bar.height)
    }

    /// Where the button and the day's name end, canvas pixels: the legend starts a gap
    /// after it. Measured when asked, so it holds whichever controller builds first.
    public var end: Double? {
        guard let text, let box = buttonBox, let scale = environment?.geometry.scale else { return nil }
        return box.maxX + 10 * scale + text.measure(label, pointSize: pointSize).width
    }

    /// Whether `point` is on the button.
    public func contains(_ point: PixelPoint) -> Bool { buttonBox?.contains(point) ?? false }

    public func build(in environment: RenderEnvironment) {
        guard let shapes, let text, let box = buttonBox else { return }
        let theme = environment.theme
        shapes.add(.rect(box, fill: theme.panel, cornerRadius: box.height / 2))
        text.add(TextRun(title, at: PixelPoint(x: box.x + box.width / 2, y: box.y + box.height / 2), anchor: .center,
                         pointSize: pointSize, color: theme.text))
        text.add(TextRun(label, at: PixelPoint(x: box.maxX + 10 * environment.geometry.scale, y: box.y + box.height / 2),
                         anchor: .centerLeft, pointSize: pointSize, color: theme.text))
    }
}
