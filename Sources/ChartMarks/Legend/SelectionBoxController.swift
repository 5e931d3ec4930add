import ChartGeometry
import ChartStage

/// The box of a right-drag zoom: a translucent band over the plot between the press
/// and the pointer.
public final class SelectionBoxController: RenderController {
    /// The band's ends in canvas pixels; `nil` when no box zoom is under way.
    public var band: ClosedRange<Double>? {
        didSet { environment?.invalidate() }
    }
    private var shapes: ShapeSurface?
    private var environment: RenderEnvironment?

    public init() {}

    public var followsViewport: Bool { false }

    public func attach(to environment: RenderEnvironment) {
        shapes = environment.surface(for: Shape.self, layer: .overlay)
        self.environment = environment
    }

    public func build(in environment: RenderEnvironment) {
        guard let band, let shapes else { return }
        let plot = environment.geometry.plotBox
        let low = max(band.lowerBound, plot.x), high = min(band.upperBound, plot.maxX)
        guard high > low else { return }
        shapes.add(.rect(PixelBox(x: low, y: plot.y, width: high - low, height: plot.height),
                         fill: environment.theme.text.withAlpha(0.15)))
    }
}
