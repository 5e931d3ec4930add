import ChartData
import ChartGeometry
import ChartStage

/// The range preset buttons (1D … 5Y, All), right in the bar above the plot; the active
/// one is filled, the unavailable ones dimmed.
public final class PresetButtonsController: RenderController {
    public let presets: [RangePreset]
    public var active: RangePreset? {
        didSet { environment?.invalidate() }
    }
    /// Presets that would show fewer than two points (`RangePreset.showsTwoPoints`):
    /// drawn faint, and pressing them does nothing.
    public let unavailable: Set<RangePreset>
    /// The opacity of an unavailable preset's label and button.
    public static let dimmedAlpha = 0.35
    public var pointSize = 12.0
    public private(set) var boxes: [PixelBox] = []
    private var shapes: ShapeSurface?
    private var text: TextSurface?
    private var environment: RenderEnvironment?

    /// The presets of `dataset`'s x axis, those that would show fewer than two of its
    /// points over `data` (the chart's extent, `ChartComposition.extent`) unavailable.
    /// - Complexity: O(presets × log n).
    public init(dataset: Dataset, data: ClosedRange<Double>) {
        presets = RangePreset.available(for: dataset.xKind)
        // All shows everything there is, however little: it is never dimmed.
        unavailable = Set(presets.filter {
            $0 != .all && !$0.showsTwoPoints(of: dataset.xs, data: data, kind: dataset.xKind)
        })
    }

    public var followsViewport: Bool { false }

    public func attach(to environment: RenderEnvironment) {
        shapes = environment.surface(for: Shape.self, layer: .overlay)
        text = environment.surface(for: TextRun.self, layer: .overlay)
        self.environment = environment
    }

    public func preset(at point: PixelPoint) -> RangePreset? {
        boxes.firstIndex { $0.contains(point) }.map { presets[$0] }
    }

    public func build(in environment: RenderEnvironment) {
        boxes = []
        guard let shapes, let text, let bar = environment.geometry.bar else { return }
        let scale = environment.geometry.scale
        let widths = presets.map { text.measure($0.label, pointSize: pointSize).width + 16 * scale }
        var x = bar.maxX - widths.reduce(0, +) - 4 * scale * Double(presets.count - 1)
        let theme = environment.theme
        for (preset, width) in zip(presets, widths) {
            let box = PixelBox(x: x, y: bar.y, width: width, height: bar.height)
            boxes.append(box)
            let isActive = preset == active
            let dimming = unavailable.contains(preset) ? Self.dimmedAlpha : 1
            shapes.add(.rect(box, fill: (isActive ? theme.text : theme.panel).withAlpha(dimming), cornerRadius: bar.height / 2))
            text.add(TextRun(preset.label, at: PixelPoint(x: box.x + width / 2, y: box.y + box.height / 2), anchor: .center,
                             pointSize: pointSize, color: (isActive ? theme.panel.withAlpha(1) : theme.text).withAlpha(dimming)))
            x += width + 4 * scale
        }
    }
}
