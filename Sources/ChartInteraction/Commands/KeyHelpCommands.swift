
/// Owns `?` (show or hide the panel of every key and mouse action) and Esc while it is
/// shown (which then only hides it).
public final class KeyHelpCommands: CommandOwner {
    private let chart: ExplorerChart

    public init(chart: ExplorerChart) {
        self.chart = chart
    }

    public func take(_ event: ChartEvent) -> Bool {
        switch event {
        case .command(.keyHelp):
            chart.showsKeyHelp.toggle()
            return true
        case .command(.chart(.escape)) where chart.showsKeyHelp:
            chart.showsKeyHelp = false
            return true
        default:
            return false
        }
    }
}
