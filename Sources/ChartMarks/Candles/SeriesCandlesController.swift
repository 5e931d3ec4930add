import ChartGeometry
import ChartStage

/// A price's candlesticks (`ChartComposition.candles`), one `SeriesCandles` through
/// their axis's view in the theme's rising and falling colours. The close's legend
/// toggle shows and hides them, fading as a line does; the GPU maps them through the
/// viewport, so panning rebuilds nothing.
public final class SeriesCandlesController: RenderController {
    private let lines: SeriesLinesController
    /// What the last build emitted (for tests and the window's trace).
    public private(set) var candles: [SeriesCandles] = []
    private var surface: (any MarkSurface<SeriesCandles>)?
    private var environment: RenderEnvironment?

    public init(lines: SeriesLinesController) {
        self.lines = lines
        // A toggle without easing (a restored session) changes no fade to advance through.
        lines.observeVisibility { [weak self] in self?.environment?.invalidate() }
    }

    public var followsViewport: Bool { false }

    public func attach(to environment: RenderEnvironment) {
        // Over the bars (a volume), under any line.
        surface = environment.surface(for: SeriesCandles.self, layer: .series)
        self.environment = environment
    }

    public func advance(by seconds: Double) -> Bool {
        // The lines controller eases the fades; each step of the close's moves the candles.
        guard let columns = lines.composition.candles else { return false }
        return !lines.fades[columns.close].isSettled
    }

    public func build(in environment: RenderEnvironment) {
        candles = []
        guard let columns = lines.composition.candles else { return }
        let alpha = lines.fades[columns.close].value
        guard alpha > 0 else { return }
        let theme = environment.theme
        let handles = lines.handles
        let drawn = SeriesCandles(open: handles[columns.open], high: handles[columns.high], low: handles[columns.low],
                                  close: handles[columns.close],
                                  rising: theme.rising.withAlpha(alpha), falling: theme.falling.withAlpha(alpha),
                                  axis: lines.composition.axis(ofSeries: columns.close))
        candles.append(drawn)
        surface?.add(drawn)
    }
}
