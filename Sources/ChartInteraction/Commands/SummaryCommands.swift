import ChartData
import ChartMarks

/// Owns `s` and the summary panel's input: `s` shows the summary of the view in its
/// panel, writes it out and says it, or puts it away; while it is up, Esc only puts it
/// away, and any key, press or wheel that changes the view puts it away and goes on
/// (the summary would describe another picture). Speech stops whenever the panel goes.
public final class SummaryCommands: CommandOwner {
    private let chart: ExplorerChart
    private let speech: SpeechOutput
    private let write: (String) -> Void

    /// - Parameter write: takes the summary as text (lines, each ending in a newline,
    ///   escaped for a terminal): the window writes it to standard output.
    public init(chart: ExplorerChart, speech: SpeechOutput, write: @escaping (String) -> Void) {
        self.chart = chart
        self.speech = speech
        self.write = write
    }

    public func take(_ event: ChartEvent) -> Bool {
        let panel = chart.shownSummary
        if event == .command(.summary) {
            if panel.isShown { hide(panel) } else { show(in: panel) }
            return true
        }
        guard panel.isShown else { return false }
        switch event {
        case .command(.chart(.escape)):
            hide(panel)
            return true
        case .command(.chart), .pointerDown, .zoom, .zoomY:
            hide(panel)
            return false
        default:
            return false
        }
    }

    private func show(in panel: SummaryPanelController) {
        let lines = chart.shownMain.summary.lines
        panel.show(lines)
        write(lines.map { DisplayText.escaped($0, limit: 2000) }.joined(separator: "\n") + "\n")
        speech.speak(lines.joined(separator: " "))
    }

    private func hide(_ panel: SummaryPanelController) {
        panel.hide()
        speech.cancel()
    }
}
