import ChartData
import ChartGeometry
import ChartRender
import ChartStage
import ChartSupport

/// What a still picture of a chart shows: `render` builds one from its options
/// (`RenderPlan`), the window's export (Ctrl+S) from the view, and both draw it and
/// write its alt text here, so the two give the same picture and words for the same view.
public struct StillPicture: Sendable {
    /// The x and left y shown, plotted units (log10 on a log axis).
    public var visible: DataRect
    /// The right axis's y, plotted units, where it was given (`--y2-range`, set by hand
    /// in the window); `nil` fits it to the shown series in view.
    public var rightY: ClosedRange<Double>?
    /// The dataset indices of the series drawn and described; `nil` for all of them.
    public var shownSeries: [Int]?
    /// The notes drawn and listed (those outside `visible` are neither).
    public var notes: [ChartNote]
    /// A measure between two points' x (data units), drawn with its band and figures.
    public var measure: ClosedRange<Double>?
    public var theme: ChartTheme
    /// The picture's size in pixels.
    public var size: PixelSize
    /// Drawable pixels per layout point (a HiDPI window's export draws its text larger).
    public var scale: Double
    /// The x the alt text summarises, data units: the points `render --x-range` names
    /// (without the next period's first instant), else `visible`'s x.
    public var describedX: ClosedRange<Double>

    public init(visible: DataRect, rightY: ClosedRange<Double>? = nil, shownSeries: [Int]? = nil, notes: [ChartNote] = [],
                measure: ClosedRange<Double>? = nil, theme: ChartTheme = .day, size: PixelSize, scale: Double = 1,
                describedX: ClosedRange<Double>? = nil) {
        self.visible = visible
        self.rightY = rightY
        self.shownSeries = shownSeries
        self.notes = notes
        self.measure = measure
        self.theme = theme
        self.size = size
        self.scale = scale
        self.describedX = describedX ?? visible.minX...visible.maxX
    }

    /// The scene that draws this picture of `source`, in the look given (`ChartScene.init`).
    public func scene(device: RenderDevice, source: DataSource, layout: ChartLayout = .standard, lineWidth: Double = 2,
                      gradient: Bool = false, font: FontFace?, title: String? = nil, smooth: Bool = false) throws -> ChartScene {
        let scene = try ChartScene(device: device, source: source, layout: layout, theme: theme, lineWidth: lineWidth,
                                   gradient: gradient, font: font, title: title, smooth: smooth, measure: measure, notes: notes)
        if let shownSeries { scene.shownSeries = shownSeries }
        scene.rightY = rightY
        return scene
    }

    /// Draws `scene` (made by `scene(device:source:…)`) as this picture.
    /// - Throws: `RenderError` when the picture cannot be drawn.
    public func render(_ scene: ChartScene, with renderer: OffscreenRenderer) throws -> RGBAImage {
        try renderer.render(size: size) { scene.draw(viewport: Viewport(visible: visible), into: $0, scale: scale) }
    }

    /// The picture's alt text (`render --alt-text`, the export's `.txt`): `describe`'s
    /// sentences and statistics over `describedX` for the series shown, then the notes in
    /// it, a line each.
    /// - Complexity: O(log n + points in range × series shown).
    public func altText(of source: DataSource) -> String {
        ChartSummary(source: source, series: shownSeries, overX: describedX)
            .withStatistics(from: source.values, series: shownSeries)
            .with(notes: notes).lines.joined(separator: "\n") + "\n"
    }
}
