import ChartMarks
import ChartStage

/// The controllers of the window's main chart that its presenter talks to, made and
/// wired by `ChartAssembly.main`, with the whole list in draw order.
public struct MainChartParts {
    public let series: SeriesMarks
    public let frame: ChartFrame
    public let noData: NoDataController
    public let selectionBox: SelectionBoxController
    /// The measure between two points (shift-click, `m`), with its band and figures.
    public let measure: MeasureController
    public let highlight: HighlightController
    /// A chart of shares turns into a pie of a range's shares, with its "‹ Zoom out";
    /// both `nil` for other charts.
    public let pie: PieController?
    public let pieZoomOut: ZoomOutController?
    public let presets: PresetButtonsController
    public let legend: LegendController
    /// The audiograph's sweep line (hidden unless one plays).
    public let audioCursor: AudiographCursorController
    /// The padlock over each y axis set by hand.
    public let axisLock: AxisLockController
    /// The notes on the chart and the one being typed.
    public let notes: NotesController
    /// Every controller, in draw order.
    public let controllers: [RenderController]
}
