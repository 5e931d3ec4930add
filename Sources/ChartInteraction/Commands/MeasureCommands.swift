import ChartMarks
import ChartStage
import ChartSupport

/// Owns the measure between two points and Ctrl+C: a shift-click on the plot marks A,
/// then B, then a new A; `m` marks them at the pinned point (with nothing pinned, the
/// chart says how); Esc clears a measure (A alone too) before anything after it in the
/// router's order sees it, so with a measure and a pinned point the first Esc clears the
/// measure and the second the pin. Ctrl+C copies the measure's figures, one a line as
/// the panel shows them, or else the pinned point (`ClipboardText.point`); the chart
/// says what was copied.
public final class MeasureCommands: CommandOwner {
    private let chart: ExplorerChart
    private let clipboard: Clipboard?

    /// - Parameter clipboard: where Ctrl+C copies to; `nil` copies nothing (and says so).
    public init(chart: ExplorerChart, clipboard: Clipboard?) {
        self.chart = chart
        self.clipboard = clipboard
    }

    public func take(_ event: ChartEvent) -> Bool {
        let main = chart.shownMain
        switch event {
        case let .pointerDown(point, .primary, 1, true, _) where main.measures(at: point):
            main.markMeasure(atCanvasX: point.x)
            return true
        case .command(.measure):
            if !main.markMeasureAtPin() { chart.say("Pin a point first (click it), then m marks it as A or B") }
            return true
        case .command(.chart(.escape)) where main.measure.isActive:
            main.measure.clear()
            return true
        case .command(.copy):
            copy(from: main)
            return true
        default:
            return false
        }
    }

    /// The text Ctrl+C copies from `main` now, and what the chart says of it; `nil`
    /// when there is nothing to copy.
    public static func copiedText(from main: ChartPresenter) -> (text: String, said: String)? {
        if main.measure.range != nil, !main.measure.rows.isEmpty {
            return (MeasureRow.text(of: main.measure.rows), "Copied the measure's figures")
        }
        guard main.highlight.isPinned, let index = main.highlight.index else { return nil }
        let text = ClipboardText.point(source: main.source, index: index, series: main.lines.visibleSeries)
        return (text, "Copied the pinned point")
    }

    private func copy(from main: ChartPresenter) {
        guard let copied = Self.copiedText(from: main) else {
            chart.say("Nothing to copy: pin a point (click) or measure (shift-click A and B)")
            return
        }
        guard let clipboard, clipboard.copy(copied.text) else {
            chart.say("The clipboard is not available")
            return
        }
        chart.say(copied.said)
    }
}
