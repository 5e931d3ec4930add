
/// Owns what is the chart's own: the pointer, the chart's keys and the keyboard focus,
/// through an `InputRouter` pointed at the chart shown now (a day's while one is open).
/// Last in the router's order: it takes what no other owner did.
public final class ChartCommands: CommandOwner {
    private let chart: ExplorerChart
    public let router: InputRouter

    public init(chart: ExplorerChart) {
        self.chart = chart
        router = InputRouter(main: chart.shownMain, selector: chart.shownSelector)
    }

    /// Whether the user has moved the view by hand (the session's view then waits).
    public var userMoved: Bool { router.userMoved }

    public func take(_ event: ChartEvent) -> Bool {
        router.retarget(main: chart.shownMain, selector: chart.shownSelector)
        return router.route(event)
    }
}
