
/// Owns `a` (play the series in view as sound, or stop) and Esc while it plays (which
/// then only silences it); a reason it cannot play is said on the chart.
public final class AudiographCommands: CommandOwner {
    private let chart: ExplorerChart
    private let player: AudiographPlaying

    public init(chart: ExplorerChart, player: AudiographPlaying) {
        self.chart = chart
        self.player = player
    }

    public func take(_ event: ChartEvent) -> Bool {
        switch event {
        case .command(.audiograph):
            if let problem = player.toggle(on: chart.shownMain) { chart.say(problem) }
            return true
        case .command(.chart(.escape)) where player.isPlaying:
            player.stop()
            return true
        default:
            return false
        }
    }

    /// Moves the sweep along; call once a frame. Returns whether it still plays (the
    /// loop then keeps drawing).
    public func advance() -> Bool {
        guard player.isPlaying else { return false }
        player.update(shown: chart.shownMain)
        return player.isPlaying
    }
}
