import ChartData
import ChartGeometry
import ChartStage

/// A small padlock over each y axis the user has set by hand (Shift+wheel, a drag on its
/// labels): that axis no longer fits the data in view, and `0` or a double-click fits it
/// again. Drawn in the strip between the bar and the plot, at the axis's inner end:
/// left of the plot's top-left corner for the left axis, right of its top-right corner
/// for the right one.
public final class AxisLockController: RenderController {
    /// The axes set by hand.
    public var locked: Set<YAxisSide> = [] {
        didSet { if locked != oldValue { environment?.invalidate() } }
    }
    /// Each padlock's box after the last build (for tests and the axis titles).
    public private(set) var boxes: [YAxisSide: PixelBox] = [:]
    /// Where the axes' titles were drawn: a padlock goes beside its axis's title, not on it.
    public var titleBoxes: (() -> [AxisTitleSlot: PixelBox])?
    private var shapes: ShapeSurface?
    private var environment: RenderEnvironment?

    public init() {}

    public var followsViewport: Bool { false }

    public func attach(to environment: RenderEnvironment) {
        shapes = environment.surface(for: Shape.self, layer: .overlay)
        self.environment = environment
    }

    /// Where the padlock of `side` goes on a canvas laid out as `geometry`: 7 × 9 pixels
    /// (before the HiDPI scale), its foot 4 pixels above the plot, beside the axis line,
    /// or past the axis's `title` where that reaches so far.
    public static func box(for side: YAxisSide, in geometry: StageGeometry, title: PixelBox? = nil) -> PixelBox {
        let plot = geometry.plotBox, scale = geometry.scale
        let width = 7 * scale, height = 9 * scale, gap = 4 * scale
        var x = side == .left ? plot.x - gap - width : plot.maxX + gap
        if let title {
            x = side == .left ? max(x, title.maxX + gap) : min(x, title.x - gap - width)
        }
        return PixelBox(x: x, y: plot.y - gap - height, width: width, height: height)
    }

    public func build(in environment: RenderEnvironment) {
        boxes = [:]
        guard let shapes else { return }
        let geometry = environment.geometry, scale = geometry.scale
        guard geometry.plot.y > 0 else { return }
        let colour = environment.theme.text
        let titles = titleBoxes?() ?? [:]
        for side in [YAxisSide.left, .right] where locked.contains(side) {
            let box = Self.box(for: side, in: geometry, title: titles[side == .left ? .left : .right])
            boxes[side] = box
            // The body, and the shackle over it as three strokes.
            let body = PixelBox(x: box.x, y: box.y + box.height * 0.45, width: box.width, height: box.height * 0.55)
            shapes.add(.rect(body, fill: colour, cornerRadius: scale))
            let stroke = 1.3 * scale, inset = 1.6 * scale, top = box.y + stroke / 2
            let left = box.x + inset, right = box.maxX - inset
            shapes.add(.segment(from: PixelPoint(x: left, y: body.y), to: PixelPoint(x: left, y: top), width: stroke, color: colour))
            shapes.add(.segment(from: PixelPoint(x: left, y: top), to: PixelPoint(x: right, y: top), width: stroke, color: colour))
            shapes.add(.segment(from: PixelPoint(x: right, y: top), to: PixelPoint(x: right, y: body.y), width: stroke, color: colour))
        }
    }
}
