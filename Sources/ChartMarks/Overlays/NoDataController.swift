import ChartData
import ChartGeometry
import ChartStage

/// Says so when no visible series has a point in the x range in view (zoomed into a
/// gap), rather than leaving an empty plot that looks broken.
public final class NoDataController: RenderController {
    private let source: DataSource
    private let lines: SeriesLinesController
    public var pointSize = 14.0
    public var message = "No data in this range"
    /// Whether the message showed at the last build (for tests).
    public private(set) var isShowing = false
    private var text: TextSurface?

    public init(source: DataSource, lines: SeriesLinesController) {
        self.source = source
        self.lines = lines
    }

    public func attach(to environment: RenderEnvironment) {
        text = environment.surface(for: TextRun.self, layer: .overlay)
    }

    /// - Complexity: O(log n) per visible series.
    public func build(in environment: RenderEnvironment) {
        let visible = environment.viewport.current
        // The points just outside the view count: a segment between them crosses it.
        isShowing = visible.width > 0 && source.yBounds(inX: visible.minX...visible.maxX, series: lines.visibleSeries) == nil
        guard isShowing, let text else { return }
        let plot = environment.geometry.plotBox
        text.add(TextRun(message, at: PixelPoint(x: plot.x + plot.width / 2, y: plot.y + plot.height / 2), anchor: .center,
                         pointSize: pointSize, color: environment.theme.text))
    }
}
