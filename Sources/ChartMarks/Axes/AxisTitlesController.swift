import ChartData
import ChartGeometry
import ChartStage

/// The axes' titles (`AxisTitles`: `--y-title`, `--y2-title`, `--x-title`, or a unit in
/// the columns' names), written level, since the text surface draws no rotated text:
/// each y axis's at its top, in the strip between the bar and the plot (the left one
/// from the canvas's left edge, the right one ending at its right edge), and x's in the
/// right margin level with the x labels, where nothing else is drawn. Each is cut to
/// its room, so none runs into the other or into the labels.
public final class AxisTitlesController: RenderController {
    /// The left axis's title, the right one's and x's; `nil` draws none.
    public let left: String?, right: String?, x: String?
    public var pointSize = 11.0
    /// Where each title was drawn at the last build (the padlocks keep clear of them).
    public private(set) var boxes: [AxisTitleSlot: PixelBox] = [:]
    private var text: TextSurface?

    /// The titles of `dataset`'s axes as `composition` puts its series on them; the right
    /// axis has none where nothing is read against it.
    public init(dataset: Dataset, composition: ChartComposition) {
        let titles = dataset.axisTitles
        func names(_ side: YAxisSide) -> [String] { composition.series(on: side).map { dataset.series[$0].name } }
        left = AxisTitles.title(given: titles.left, names: names(.left)).map { DisplayText.name($0) }
        right = composition.usesRightAxis ? AxisTitles.title(given: titles.right, names: names(.right)).map { DisplayText.name($0) }
            : nil
        x = titles.xTitle.map { DisplayText.name($0) }
    }

    public var followsViewport: Bool { false }

    public func attach(to environment: RenderEnvironment) {
        text = environment.surface(for: TextRun.self, layer: .overlay)
    }

    public func build(in environment: RenderEnvironment) {
        boxes = [:]
        guard let text else { return }
        let geometry = environment.geometry, scale = geometry.scale
        let plot = geometry.plotBox, canvasWidth = Double(geometry.canvas.width)
        // A plain picture has no margins to write in.
        guard plot.y > 0, plot.x > 0 else { return }
        let colour = environment.theme.text.withAlpha(0.85)
        let margin = 4 * scale, top = plot.y - 2 * scale
        // Each y title may take a little under half the width, so the two never meet.
        let half = canvasWidth / 2 - 2 * margin
        let slots: [(AxisTitleSlot, String?, PixelPoint, TextAnchor, Double)] = [
            (.left, left, PixelPoint(x: margin, y: top), .bottomLeft, half),
            (.right, right, PixelPoint(x: canvasWidth - margin, y: top), .bottomRight, half),
            (.x, x, PixelPoint(x: plot.maxX + 6 * scale, y: plot.maxY + 6 * scale), .topLeft, canvasWidth - plot.maxX - 6 * scale - margin),
        ]
        for (slot, title, at, anchor, room) in slots {
            guard let title, room > 0,
                  let fitted = TextCut.cut(title, toWidth: room, keeping: .start, measure: { text.measure($0, pointSize: self.pointSize).width })
            else { continue }
            boxes[slot] = text.measure(fitted, pointSize: pointSize).box(at: at, anchor: anchor)
            text.add(TextRun(fitted, at: at, anchor: anchor, pointSize: pointSize, color: colour))
        }
    }
}
