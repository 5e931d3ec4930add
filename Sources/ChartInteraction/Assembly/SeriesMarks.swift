import ChartData
import ChartGeometry
import ChartMarks
import ChartStage

/// The controllers that draw a chart's series, the same in every chart (the main one,
/// the range selector's overview, a still picture): the bars and areas, then the lines
/// over them. A new kind of series mark is one more line in `controllers`.
public struct SeriesMarks {
    /// Which series are shown, in which colours and widths: the other marks follow it.
    public let lines: SeriesLinesController
    public let stacks: SeriesStacksController
    public let candles: SeriesCandlesController
    /// Every mark, in draw order.
    public let controllers: [RenderController]

    /// - Parameter smooth: draw the lines as smooth curves where the points are sparse.
    public init(source: DataSource, composition: ChartComposition, lineWidth: Double, smooth: Bool = false) {
        lines = SeriesLinesController(source: source, composition: composition, lineWidth: lineWidth)
        lines.isSmooth = smooth
        stacks = SeriesStacksController(lines: lines)
        candles = SeriesCandlesController(lines: lines)
        controllers = [
            stacks,
            candles,
            lines,
        ]
    }
}
