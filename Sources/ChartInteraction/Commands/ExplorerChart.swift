import ChartData
import ChartMarks

/// The window's chart as the owners of commands see it: the overview, the chart shown
/// now (a day's while one is open) and the panels over it. The window's is the
/// explorer scene; tests make one over recording surfaces, so every command is tested
/// without a window.
public protocol ExplorerChart: AnyObject {
    /// The overview's main chart.
    var main: ChartPresenter { get }
    /// Opening a day and going back.
    var zoom: DayZoom { get }
    /// The main chart drawn and given input now: a day's while one is shown.
    var shownMain: ChartPresenter { get }
    /// The range selector drawn and given input now.
    var shownSelector: RangeSelectorPresenter { get }
    /// The summary panel over the chart shown now.
    var shownSummary: SummaryPanelController { get }
    /// Whether the `?` panel of every key and mouse action is shown.
    var showsKeyHelp: Bool { get set }
    /// Shows the day of `source` (a day file's data, all of it) named `label`: makes its
    /// chart and starts the zoom into it.
    func openDay(_ source: DataSource, label: String) throws
    /// Shows `message` on the chart for a while (and wherever the window also writes it).
    func say(_ message: String)
}
