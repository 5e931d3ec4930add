import ChartGeometry
import ChartStage

/// The audiograph's sweep: a vertical line through the plot at the x the sound has
/// reached, in the colour of the series heard, so the eye follows the ear.
public final class AudiographCursorController: RenderController {
    /// Where the line stands, data x; `nil` hides it.
    public var x: Double? {
        didSet { if x != oldValue { environment?.invalidate() } }
    }
    /// The series heard, whose colour the line takes.
    public var series = 0
    /// Line width, pixels before the HiDPI scale.
    public var width = 2.0
    private let lines: SeriesLinesController
    private var shapes: ShapeSurface?
    private var environment: RenderEnvironment?

    /// The line drawn at the last build, canvas pixels; `nil` when none was (for tests).
    public private(set) var drawnX: Double?

    public init(lines: SeriesLinesController) {
        self.lines = lines
    }

    public func attach(to environment: RenderEnvironment) {
        // Over the series, under the board it moves (the board is on the overlay).
        shapes = environment.surface(for: Shape.self, layer: .series)
        self.environment = environment
    }

    public func build(in environment: RenderEnvironment) {
        drawnX = nil
        guard let x, let shapes else { return }
        let plot = environment.geometry.plotBox
        let view = environment.viewport.current
        guard x >= view.minX, x <= view.maxX, view.width > 0 else { return }
        let canvasX = environment.scales(for: .left).canvasX(x)
        let color = lines.drawnColor(ofSeries: series, theme: environment.theme)
        shapes.add(.segment(from: PixelPoint(x: canvasX, y: plot.y), to: PixelPoint(x: canvasX, y: plot.maxY),
                            width: width * environment.geometry.scale, color: color))
        drawnX = canvasX
    }
}
