import ChartGeometry
import ChartStage

/// A passing message over the plot ("…/2020-03/14.json: no such file"): a panel with the
/// text at the top of the plot, shown for `duration` seconds and fading out over the last
/// `fadeDuration`, so a failure the user caused is said where they look, then gets out
/// of the way.
public final class NoticeController: RenderController {
    public var pointSize = 12.0
    /// Seconds a message stays, its fade included.
    public var duration = 4.0
    /// Seconds of fading at the end of `duration`.
    public var fadeDuration = 0.6
    /// The message shown now, if any.
    public private(set) var message: String?
    /// The panel's box at the last build, for tests.
    public private(set) var panelBox: PixelBox?
    /// Told when a message comes or goes (the info board keeps clear of the panel).
    public var onChange: (() -> Void)?
    private var age = 0.0
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

    /// Shows `message` from now for `duration` seconds, replacing one shown.
    public func show(_ message: String) {
        self.message = message
        age = 0
        environment?.invalidate()
        onChange?()
    }

    /// Where the panel stands while a message is shown, canvas pixels; `nil` without one.
    public var box: PixelBox? { environment.flatMap { layout(in: $0.geometry)?.box } }

    /// How opaque the message is now, 0…1.
    public var opacity: Double {
        guard message != nil else { return 0 }
        let left = duration - age
        return fadeDuration > 0 ? min(max(left / fadeDuration, 0), 1) : (left > 0 ? 1 : 0)
    }

    public func advance(by seconds: Double) -> Bool {
        guard message != nil else { return false }
        age += seconds
        if age >= duration {
            message = nil
            onChange?()
        }
        // Rebuilt once more after the message goes, so its last frame is cleared.
        return true
    }

    public func build(in environment: RenderEnvironment) {
        panelBox = nil
        guard let shapes, let text, let (shown, box) = layout(in: environment.geometry) else { return }
        panelBox = box
        let scale = environment.geometry.scale
        let alpha = opacity
        let theme = environment.theme
        shapes.add(.rect(box, fill: theme.text.withAlpha(0.85 * alpha), cornerRadius: 6 * scale))
        text.add(TextRun(shown, at: PixelPoint(x: box.x + box.width / 2, y: box.y + box.height / 2), anchor: .center,
                         pointSize: pointSize, color: theme.background.withAlpha(alpha)))
    }

    /// The message as it fits the plot and the panel's box, at the top of the plot.
    private func layout(in geometry: StageGeometry) -> (shown: String, box: PixelBox)? {
        guard let message, let text else { return nil }
        let scale = geometry.scale
        let plot = geometry.plotBox
        let shown = Self.fitting(message, into: plot.width - 24 * scale) { text.measure($0, pointSize: pointSize).width }
        let size = text.measure(shown, pointSize: pointSize)
        let width = min(size.width + 24 * scale, plot.width)
        let box = PixelBox(x: plot.x + (plot.width - width) / 2, y: plot.y + 12 * scale, width: width,
                           height: size.height + 12 * scale)
        return (shown, box)
    }

    /// `message`, or as much of its end as fits `width` after a "…" (a message names a
    /// file first and says what went wrong last: the end is what a person needs).
    /// - Complexity: O(log n) measurements.
    public static func fitting(_ message: String, into width: Double, measure: (String) -> Double) -> String {
        TextCut.cut(message, toWidth: width, keeping: .end, measure: measure) ?? "…"
    }
}
