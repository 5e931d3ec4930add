import ChartGeometry
import ChartStage

/// The `?` panel: every key and mouse action (`KeyBindings`), grouped, over the chart
/// from the legend's bar to the plot's foot, in the theme's panel and text colours so it
/// reads by day and by night. Shown and hidden by the window (`?`, Esc).
public final class KeyHelpController: RenderController {
    /// The preferred size of the text, points (smaller where the window is too small).
    public var pointSize = 12.0
    /// Whether the panel is shown.
    public var isShown = false {
        didSet { if isShown != oldValue { environment?.invalidate() } }
    }
    /// What the last build laid out, for tests and the window's trace; `nil` while hidden.
    public private(set) var layout: KeyHelpLayout?
    private var shapes: ShapeSurface?
    private var text: TextSurface?
    private var environment: RenderEnvironment?

    public init() {}

    public var followsViewport: Bool { false }

    public func attach(to environment: RenderEnvironment) {
        shapes = environment.surface(for: Shape.self, layer: .overlay)
        text = environment.surface(for: TextRun.self, layer: .overlay)
        self.environment = environment
    }

    public func build(in environment: RenderEnvironment) {
        layout = nil
        guard isShown, let shapes, let text else { return }
        let geometry = environment.geometry
        let scale = geometry.scale
        let plot = geometry.plotBox
        // The range selector's stage draws after this one: the panel stays above it.
        let top = geometry.bar?.y ?? plot.y
        let margin = 8 * scale
        let region = PixelBox(x: margin, y: top, width: Double(geometry.canvas.width) - 2 * margin,
                              height: plot.maxY - top)
        guard region.width > 0, region.height > 0 else { return }
        let layout = KeyHelpLayout(region: region, pointSize: pointSize, scale: scale) { text.measure($0, pointSize: $1) }
        self.layout = layout
        let theme = environment.theme
        // The theme's panel is translucent; lines behind a page of text only distract.
        var panel = theme.panel
        panel.alpha = 0.97
        shapes.add(.rect(layout.panel, fill: panel, cornerRadius: 8 * scale))
        shapes.add(.outline(layout.panel, color: theme.text.withAlpha(0.35), width: scale, cornerRadius: 8 * scale))
        let heading = theme.color(forSeries: 0).readable(on: panel)
        for run in layout.runs {
            let (size, color): (Double, RGBAColor) = switch run.role {
            case .title: (layout.pointSize + 2, theme.text)
            case .heading: (layout.pointSize, heading)
            case .keys: (layout.pointSize, theme.text)
            case .action: (layout.pointSize, theme.text.withAlpha(0.85))
            }
            text.add(TextRun(run.text, at: run.position, anchor: .topLeft, pointSize: size, color: color))
        }
    }
}
