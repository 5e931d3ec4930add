import ChartData
import ChartGeometry
import ChartMarks
import ChartStage

/// The one place that lists a chart's controllers: which parts each chart has, how they
/// are wired to one another, and the order they draw in — the window's main chart, the
/// range selector's overview and a still picture (`sightline render`, `bench --plain`).
/// The series' marks are `SeriesMarks`, shared by all three; a new kind of mark is a
/// line there, a new part of a chart a line in a list here.
public enum ChartAssembly {
    /// The window's main chart: the frame around the series, then the no-data note, the
    /// box zoom, the highlight, a pie of shares and its way back (charts of shares
    /// only), the presets, the legend, the audiograph's cursor and the padlocks of the
    /// y axes set by hand on top.
    /// - Parameter dataRange: the data's x extent, which the presets choose in.
    public static func main(source: DataSource, composition: ChartComposition, dataRange: ClosedRange<Double>,
                            lineWidth: Double, gradient: Bool) -> MainChartParts {
        let dataset = source.dataset
        let series = SeriesMarks(source: source, composition: composition, lineWidth: lineWidth)
        let lines = series.lines, stacks = series.stacks
        let frame = frame(source: source, composition: composition, lines: lines, gradient: gradient)
        let highlight = HighlightController(source: source, lines: lines)
        let notes = NotesController(source: source, lines: lines)
        let legend = LegendController(dataset: dataset, lines: lines)
        let presets = PresetButtonsController(dataset: dataset, data: dataRange)
        let selectionBox = SelectionBoxController()
        let noData = NoDataController(source: source, lines: lines)
        let audioCursor = AudiographCursorController(lines: lines)
        let measure = Self.measure(source: source, lines: lines)
        // The panel keeps clear of the pinned point; the board, drawn after it, of the panel.
        measure.keptClearIndex = { [unowned highlight] in highlight.isPinned ? highlight.index : nil }
        measure.keptClearRadius = { [unowned highlight] in highlight.radius }
        highlight.obstacles = { [unowned measure] in [measure.panelBox].compactMap { $0 } }
        measure.onPanelMove = { [unowned highlight] in highlight.setNeedsBuild() }
        let axisLock = AxisLockController()
        axisLock.titleBoxes = { [unowned titles = frame.titles] in titles.boxes }
        // The presets before the legend: it stops where they start.
        legend.presetsStart = { [unowned presets] in presets.boxes.first?.x }
        var pie: PieController?, pieZoomOut: ZoomOutController?
        if composition.isPercentage {
            let zoomOut = ZoomOutController(label: "")
            zoomOut.isShown = false
            legend.leadingEnd = { [unowned zoomOut] in zoomOut.end }
            (pie, pieZoomOut) = (PieController(source: source), zoomOut)
        }
        highlight.onIndexChange = { [unowned stacks] index in stacks.highlightedIndex = index }
        let annotation = frame.annotation, yAxis = frame.yAxis, rightAxis = frame.rightAxis
        lines.observeVisibility { [unowned highlight, unowned annotation, unowned yAxis, unowned rightAxis] in
            highlight.setNeedsBuild()
            annotation.setNeedsBuild()
            // The tick labels a value label covered come back when it goes.
            yAxis.setNeedsBuild()
            rightAxis.setNeedsBuild()
        }
        let pieControllers: [RenderController] = [pie as RenderController?, pieZoomOut].compactMap { $0 }
        let controllers = framed(series, in: frame) + [notes, noData, selectionBox, measure, highlight] + pieControllers
            + [presets, legend, audioCursor, axisLock]
        return MainChartParts(series: series, frame: frame, noData: noData, selectionBox: selectionBox, measure: measure,
                              highlight: highlight,
                              pie: pie, pieZoomOut: pieZoomOut, presets: presets, legend: legend, audioCursor: audioCursor,
                              axisLock: axisLock, notes: notes, controllers: controllers)
    }

    /// The range selector's overview: its window over the main chart's range, then the
    /// series over it.
    public static func overview(source: DataSource, composition: ChartComposition, lineWidth: Double)
        -> (window: RangeSelectorController, series: SeriesMarks, controllers: [RenderController]) {
        let window = RangeSelectorController()
        let series = SeriesMarks(source: source, composition: composition, lineWidth: lineWidth)
        return (window, series, [window] + series.controllers)
    }

    /// A still picture: the frame around the series, its notes, then the legend (after
    /// `title`, sharing the bar with nothing); with `plain`, the series alone.
    /// - Parameters:
    ///   - smooth: draw the lines as smooth curves where the points are sparse.
    ///   - measure: a measure between two points' x (`render --measure`), drawn with its figures.
    ///   - notes: the notes drawn on the chart (`--note`).
    public static func still(source: DataSource, plain: Bool, lineWidth: Double, gradient: Bool, title: String? = nil,
                             smooth: Bool = false, measure range: ClosedRange<Double>? = nil,
                             notes: [ChartNote] = []) -> [RenderController] {
        let dataset = source.dataset
        let composition = ChartComposition(dataset: dataset)
        let series = SeriesMarks(source: source, composition: composition, lineWidth: lineWidth, smooth: smooth)
        guard !plain else { return series.controllers }
        let legend = LegendController(dataset: dataset, lines: series.lines)
        legend.title = title.map { DisplayText.name($0) }
        legend.widthShare = 1
        let frame = frame(source: source, composition: composition, lines: series.lines, gradient: gradient)
        let measured: [RenderController] = range.map { range in
            let measure = Self.measure(source: source, lines: series.lines)
            measure.set(a: range.lowerBound, b: range.upperBound)
            return [measure]
        } ?? []
        let marks = NotesController(source: source, lines: series.lines)
        marks.notes = notes
        return framed(series, in: frame) + [marks] + measured + [legend]
    }

    /// The background, both y axes styled for the composition and kept clear of the
    /// value label, the x labels and the value label.
    private static func frame(source: DataSource, composition: ChartComposition, lines: SeriesLinesController,
                              gradient: Bool) -> ChartFrame {
        let left = YAxisController(), right = YAxisController(side: .right)
        let annotation = ValueAnnotationController(source: source, lines: lines)
        for axis in [left, right] {
            axis.style(for: composition, lines: lines)
            axis.isLogarithmic = source.logAxes.contains(axis.side)
            axis.coveringBoxes = { [unowned annotation] environment in annotation.layout(in: environment).map(\.box) }
        }
        return ChartFrame(gradient: GradientController(enabled: gradient), yAxis: left, rightAxis: right,
                          xAxis: XAxisController(xKind: source.dataset.xKind), annotation: annotation,
                          titles: AxisTitlesController(dataset: source.dataset, composition: composition))
    }

    /// The frame's parts around the series, in draw order: the background and the y
    /// grids under the series, the x labels, the value label and the axes' titles over them.
    private static func framed(_ series: SeriesMarks, in frame: ChartFrame) -> [RenderController] {
        [frame.gradient, frame.yAxis, frame.rightAxis] + series.controllers + [frame.xAxis, frame.annotation, frame.titles]
    }
}
