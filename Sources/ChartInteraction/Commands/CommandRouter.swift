import ChartStage

/// The one place the window's events go after decoding (`ChartEvent`): each is offered
/// to the owners in their order until one uses it up. The order is the precedence: the
/// summary panel first (Esc closes it, and any key or press that changes the view puts
/// it away), then the theme, the audiograph (Esc silences it), the `?` panel (Esc hides
/// it), the day navigation (Esc goes back; a transition holds input) and last the chart.
/// The window keeps only its own events (quit, resize, expose).
public final class CommandRouter {
    public private(set) var owners: [CommandOwner]
    private let frames: FrameRequest

    /// - Parameter frames: the window's frame flag: a key used up owes a frame (pointer
    ///   events that change something raise it through the stages themselves).
    public init(owners: [CommandOwner], frames: FrameRequest) {
        self.owners = owners
        self.frames = frames
    }

    /// Replaces the owners (the chart's join once the data is here).
    public func setOwners(_ owners: [CommandOwner]) {
        self.owners = owners
    }

    /// Offers `event` to the owners in order; returns whether one used it up.
    @discardableResult
    public func send(_ event: ChartEvent) -> Bool {
        guard owners.contains(where: { $0.take(event) }) else { return false }
        if case .command = event { frames.request() }
        return true
    }
}
