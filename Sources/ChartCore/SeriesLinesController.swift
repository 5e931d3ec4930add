import ChartData

/// The series as lines, in the file's colours where it names them, else the theme's.
/// The GPU maps them through the viewport, so panning rebuilds nothing here.
public final class SeriesLinesController: RenderController {
    public let dataset: Dataset
    public var lineWidth: Double
    /// Series left out of the picture.
    public var hidden: Set<Int> = []
    private let fileColors: [RGBAColor?]
    private var surface: LineSurface?

    public init(dataset: Dataset, lineWidth: Double = 2) {
        self.dataset = dataset
        self.lineWidth = lineWidth
        fileColors = dataset.series.map { $0.colorHex.flatMap(RGBAColor.init(hex:)) }
    }

    public var followsViewport: Bool { false }

    public func attach(to environment: RenderEnvironment) {
        surface = environment.lineSurface(layer: .series)
    }

    public func build(in environment: RenderEnvironment) {
        for index in dataset.series.indices where !hidden.contains(index) {
            surface?.add(SeriesLine(seriesIndex: index, color: color(ofSeries: index, theme: environment.theme),
                                    width: lineWidth))
        }
    }

    public func color(ofSeries index: Int, theme: ChartTheme) -> RGBAColor {
        fileColors[index] ?? theme.color(forSeries: index)
    }
}
