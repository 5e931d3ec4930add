import ChartGeometry
import ChartStage

/// Draws the range selector over the minimap's lines: a panel behind them, shading
/// outside the selected window, and the window's edges as handles.
public final class RangeSelectorController: RenderController {
    /// The selected x range; the presenter keeps it in step with the main chart.
    public var selected: ClosedRange<Double>? {
        didSet { if selected != oldValue { environment?.invalidate() } }
    }
    /// Whether the keyboard's focus is on the selector: a ring round the window shows it.
    public var isFocused = false {
        didSet { if isFocused != oldValue { environment?.invalidate() } }
    }
    private var panel: ShapeSurface?
    private var overlay: ShapeSurface?
    private var environment: RenderEnvironment?

    public init() {}

    public var followsViewport: Bool { false }

    public func attach(to environment: RenderEnvironment) {
        panel = environment.surface(for: Shape.self, layer: .grid)
        overlay = environment.surface(for: Shape.self, layer: .overlay)
        self.environment = environment
    }

    public func build(in environment: RenderEnvironment) {
        guard let panel, let overlay else { return }
        let plot = environment.geometry.plotBox
        let theme = environment.theme
        let scale = environment.geometry.scale
        panel.add(.rect(PixelBox(x: plot.x, y: plot.y, width: plot.width, height: plot.height), fill: theme.panel.withAlpha(0.6),
                        cornerRadius: 4 * scale))
        guard let selected else { return }
        let visible = environment.viewport.current
        guard visible.width > 0 else { return }
        let scales = environment.geometry.scales(showing: visible)
        let left = scales.canvasX(selected.lowerBound), right = scales.canvasX(selected.upperBound)
        let shade = theme.background.withAlpha(0.6)
        if left > plot.x { overlay.add(.rect(PixelBox(x: plot.x, y: plot.y, width: left - plot.x, height: plot.height), fill: shade)) }
        if right < plot.maxX {
            overlay.add(.rect(PixelBox(x: right, y: plot.y, width: plot.maxX - right, height: plot.height), fill: shade))
        }
        let edge = theme.text.withAlpha(0.55)
        let handle = 5 * scale
        overlay.add(.rect(PixelBox(x: left, y: plot.y, width: handle, height: plot.height), fill: edge, cornerRadius: 2 * scale))
        overlay.add(.rect(PixelBox(x: right - handle, y: plot.y, width: handle, height: plot.height), fill: edge, cornerRadius: 2 * scale))
        overlay.add(.segment(from: PixelPoint(x: left, y: plot.y + scale / 2), to: PixelPoint(x: right, y: plot.y + scale / 2),
                             width: scale, color: edge))
        overlay.add(.segment(from: PixelPoint(x: left, y: plot.maxY - scale / 2), to: PixelPoint(x: right, y: plot.maxY - scale / 2),
                             width: scale, color: edge))
        if isFocused {
            overlay.add(.outline(PixelBox(x: left - 2 * scale, y: plot.y - 2 * scale, width: right - left + 4 * scale,
                                          height: plot.height + 4 * scale),
                                 color: theme.text, width: 2 * scale, cornerRadius: 4 * scale))
        }
    }
}
