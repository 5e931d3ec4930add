import ChartData
import ChartGeometry
import ChartStage

/// The series drawn as lines (`ChartComposition.lines`, each through its axis's view),
/// in the file's colours where it names them, else the theme's. It keeps every
/// series' visibility, lines or not: a series fades out or in when toggled. While a range preset is active (`trendRange`)
/// its range's trend is shown: a dashed baseline at the first visible series' first
/// value there and, when that series is the only one shown, the line green when its
/// last value is at or above the first, red when below (with several series a trend
/// colour would read as another series'). The trend is read from the preset's range
/// once, so the line keeps one colour through the preset's morph. The GPU maps the
/// lines through the viewport, so panning rebuilds nothing unless the trend shows.
public final class SeriesLinesController: RenderController {
    public let dataset: Dataset
    /// Each series' handle from the data source, in the dataset's order: what a line or
    /// a stack names.
    public let handles: [SeriesHandle]
    public let composition: ChartComposition
    public var lineWidth: Double
    /// Seconds a toggle takes (a line's fade, a stack's heights).
    public static let toggleDuration = 0.3
    /// Opacity per series, animated when toggled.
    public private(set) var fades: [Fade]
    /// The x range a preset shows, whose trend is drawn; `nil`: no trend.
    public var trendRange: ClosedRange<Double>? {
        didSet { environment?.invalidate() }
    }
    /// Whether the lines are drawn as smooth curves through the points (`SmoothCurve`)
    /// where the view shows them sparsely enough (`--smooth`).
    public var isSmooth = false {
        didSet { environment?.invalidate() }
    }
    /// Whether a trend is drawn.
    public var showsTrend: Bool { trendRange != nil }
    /// Told after a series is shown or hidden, in the order added: what lists the shown
    /// series (the board, the value labels, the range selector's lines) follows then,
    /// not at the next move of the view or frame.
    private var visibilityObservers: [() -> Void] = []
    private let fileColors: [RGBAColor?]
    private var surface: LineSurface?
    private var baseline: ShapeSurface?
    private var environment: RenderEnvironment?

    public init(source: DataSource, composition: ChartComposition? = nil, lineWidth: Double = 2) {
        let dataset = source.dataset
        self.dataset = dataset
        handles = dataset.series.indices.map(source.handle(ofSeries:))
        self.composition = composition ?? ChartComposition(dataset: dataset)
        self.lineWidth = lineWidth
        fades = dataset.series.map { _ in Fade(value: 1, target: 1, duration: Self.toggleDuration) }
        fileColors = dataset.series.map { $0.colorHex.flatMap(RGBAColor.init(hex:)) }
    }

    public var followsViewport: Bool { showsTrend || isOnePoint }

    /// Whether the data is one point (a file of one row): each line is then a dot of
    /// `dotRadius` line widths, drawn here; the line surface draws strokes between
    /// points, and a dot as wide as a stroke would be too small to find.
    private var isOnePoint: Bool { dataset.count == 1 }
    /// A lone point's dot radius, in line widths.
    public static let dotRadius = 2.0

    public func attach(to environment: RenderEnvironment) {
        surface = environment.surface(for: SeriesLine.self, layer: .series)
        baseline = environment.surface(for: Shape.self, layer: .series)
        self.environment = environment
    }

    /// The series that are shown (or fading in), in order.
    public var visibleSeries: [Int] { dataset.series.indices.filter { fades[$0].target > 0 } }

    public func isVisible(_ index: Int) -> Bool { fades[index].target > 0 }

    /// Shows or hides a series, fading over a quarter second when `animated`.
    public func setVisible(_ index: Int, _ visible: Bool, animated: Bool) {
        guard fades.indices.contains(index) else { return }
        // A candle's four series show and hide together.
        for index in composition.candles.map({ $0.contains(index) ? $0.all : [index] }) ?? [index] {
            fades[index].target = visible ? 1 : 0
            if !animated { fades[index] = Fade(value: fades[index].target, target: fades[index].target, duration: Self.toggleDuration) }
        }
        environment?.invalidate()
        for observer in visibilityObservers { observer() }
    }

    /// Ramps the shown series' alpha from `alpha` up to full over `seconds`: a refined
    /// line taking the place of a coarser one appears without a jump.
    public func fadeIn(from alpha: Double, seconds: Double) {
        for index in fades.indices where fades[index].target > 0 {
            fades[index] = Fade(value: alpha, target: fades[index].target, duration: seconds)
        }
        environment?.invalidate()
    }

    /// Adds `observer`, told after each show or hide.
    public func observeVisibility(_ observer: @escaping () -> Void) {
        visibilityObservers.append(observer)
    }

    public func advance(by seconds: Double) -> Bool {
        var moving = false
        for i in fades.indices where !fades[i].isSettled {
            fades[i].advance(by: seconds)
            moving = true
        }
        return moving
    }

    public func build(in environment: RenderEnvironment) {
        let trend = self.trend
        for index in composition.lines where fades[index].value > 0 {
            let color = drawnColor(ofSeries: index, theme: environment.theme)
            surface?.add(SeriesLine(series: handles[index], color: color.withAlpha(fades[index].value), width: lineWidth,
                                    axis: composition.axis(ofSeries: index), isSmooth: isSmooth))
        }
        if isOnePoint { addDots(in: environment) }
        if let trend {
            let plot = environment.geometry.plotBox
            let visible = environment.viewport(for: composition.axis(ofSeries: trend.series)).current
            let y = environment.geometry.scales(showing: visible).canvasY(trend.first)
            if y >= plot.y, y <= plot.maxY {
                baseline?.add(.segment(from: PixelPoint(x: plot.x, y: y), to: PixelPoint(x: plot.maxX, y: y),
                                       width: environment.geometry.scale,
                                       color: drawnColor(ofSeries: trend.series, theme: environment.theme).withAlpha(0.7),
                                       dash: Dash(on: 4, off: 4)))
            }
        }
    }

    /// A filled dot in each shown line's colour on the data's one point, where it is in view.
    private func addDots(in environment: RenderEnvironment) {
        let plot = environment.geometry.plotBox
        for index in composition.lines where fades[index].value > 0 && dataset.series[index].ys[0].isFinite {
            let scales = environment.scales(for: composition.axis(ofSeries: index))
            let center = PixelPoint(x: scales.canvasX(dataset.xs[0]), y: scales.canvasY(dataset.series[index].ys[0]))
            guard plot.contains(center) else { continue }
            let color = drawnColor(ofSeries: index, theme: environment.theme).withAlpha(fades[index].value)
            baseline?.add(.circle(center: center, radius: Self.dotRadius * lineWidth, fill: color, stroke: color, strokeWidth: 0))
        }
    }

    /// The preset's trend: the first visible series' first and last finite values in
    /// `trendRange`.
    public var trend: (series: Int, first: Double, last: Double)? { trendRange.flatMap { trend(over: $0) } }

    /// The first visible series' first and last finite values over x in `range`.
    /// - Complexity: O(log n) plus the gaps skipped at either end.
    public func trend(over range: ClosedRange<Double>) -> (series: Int, first: Double, last: Double)? {
        guard let series = visibleSeries.first else { return nil }
        let ys = dataset.series[series].ys
        let indices = dataset.firstIndex(atOrAfterX: range.lowerBound)..<dataset.firstIndex(atOrAfterX: range.upperBound.nextUp)
        guard let first = indices.lazy.map({ ys[$0] }).first(where: { !$0.isNaN }),
              let last = indices.reversed().lazy.map({ ys[$0] }).first(where: { !$0.isNaN }) else { return nil }
        return (series, first, last)
    }

    public func color(ofSeries index: Int, theme: ChartTheme) -> RGBAColor {
        fileColors[index] ?? theme.color(forSeries: index)
    }

    /// The colour series `index` is drawn in: rising or falling when it is the only
    /// series shown, a preset's trend describes it and no other series of the file (shown
    /// or not: the legend shows them all) has a colour like it; else its own. The
    /// highlight, the board and the value label use it, so they match the line.
    public func drawnColor(ofSeries index: Int, theme: ChartTheme) -> RGBAColor {
        let own = color(ofSeries: index, theme: theme)
        guard visibleSeries == [index], let trend, trend.series == index else { return own }
        let trendColor = trend.last >= trend.first ? theme.rising : theme.falling
        let taken = dataset.series.indices.contains { $0 != index && color(ofSeries: $0, theme: theme).isClose(to: trendColor) }
        return taken ? own : trendColor
    }
}
