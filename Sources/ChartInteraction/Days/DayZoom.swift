import ChartGeometry
import ChartMarks

/// Zooming from an overview chart into one day's chart and back, as in round 2 of
/// Telegram's chart contest: the overview eases its x range to the day (the day stretches
/// to fill the plot), then the day's chart takes over at that same range, its y easing
/// from the overview's to a fit of its own data; going back, the overview appears at the
/// day's range and eases out to the range it had, which it gets back exactly.
///
/// It moves the overview through its stage (`RenderStage.setX`), not `show(x:)`: the
/// day's range may reach past the overview's last point, and the way back must land on
/// the remembered range bit for bit, which clamping again could round. Time comes in
/// through `advance(by:)`.
public final class DayZoom {
    /// Where the navigation is.
    public enum Phase: Equatable, Sendable {
        /// The overview is shown and takes input.
        case overview
        /// The overview eases to the day's range; the day takes over when it is there.
        case enteringDay
        /// The day's chart is shown and takes input.
        case inDay
        /// The overview, back at the day's range, eases out to the remembered range.
        case leavingDay
    }

    public internal(set) var overview: ChartPresenter
    /// The day's chart, from `zoomIn(to:label:)` until the way back has ended.
    public private(set) var day: ChartPresenter?
    /// Which day is shown ("Sat, Mar 14, 2020"), while one is.
    public private(set) var dayLabel: String?
    /// The day's "‹ Zoom out" button, added to its stage.
    public private(set) var control: ZoomOutController?
    public private(set) var phase = Phase.overview
    /// The overview's x range (its target) when the day was asked for: put back on the way out.
    public private(set) var overviewX: ClosedRange<Double>?
    /// The day's x range, its first point to its last: where the overview eases to and
    /// where it reappears.
    public private(set) var dayX: ClosedRange<Double>?
    /// Seconds each way: the overview's ease, then the day's y easing in.
    public var duration = 0.3

    public init(overview: ChartPresenter) {
        self.overview = overview
    }

    /// The chart drawn and given input now: the day's while in it, else the overview.
    public var shown: ChartPresenter { phase == .inDay ? day ?? overview : overview }

    /// Whether a transition is running (input then waits for it).
    public var isTransitioning: Bool { phase == .enteringDay || phase == .leavingDay }

    /// Whether a day is open or opening: Esc and the zoom-out control then go back.
    public var isInDay: Bool { phase == .enteringDay || phase == .inDay }

    /// Starts into `day`, a chart of the day's data showing all of it: remembers the
    /// overview's x range and eases the overview to the day's. Ignored unless the
    /// overview is shown and settled on its phase.
    public func zoomIn(to day: ChartPresenter, label: String) {
        guard phase == .overview else { return }
        self.day = day
        dayLabel = label
        control = ChartAssembly.dayZoomOut(over: day, label: label)
        overviewX = overview.targetX
        let range = day.dataRange
        dayX = range
        overview.stage.setX(range, duration: duration, easing: .easeInOut)
        overview.fitY(duration: duration, easing: .easeInOut)
        phase = .enteringDay
    }

    /// Goes back to the overview: from the day, the overview reappears at the day's range
    /// and eases out; while still entering, it turns round from where it is.
    public func zoomOut() {
        guard isInDay, let overviewX, let dayX else { return }
        if phase == .inDay { overview.stage.setX(dayX) }
        overview.stage.setX(overviewX, duration: duration, easing: .easeInOut)
        overview.fitY(duration: duration, easing: .easeInOut)
        phase = .leavingDay
    }

    /// Advances the shown chart (and a transition) by `seconds`; returns whether
    /// anything still moves.
    @discardableResult
    public func advance(by seconds: Double) -> Bool {
        switch phase {
        case .overview, .inDay:
            return shown.advance(by: seconds)
        case .enteringDay:
            let moving = overview.advance(by: seconds)
            guard !overview.stage.viewport.isAnimating, let day else { return moving }
            phase = .inDay
            easeIn(day)
            return true
        case .leavingDay:
            let moving = overview.advance(by: seconds)
            guard !overview.stage.viewport.isAnimating else { return moving }
            phase = .overview
            day = nil
            dayLabel = nil
            control = nil
            dayX = nil
            overviewX = nil
            return moving
        }
    }

    /// The day takes over where the overview left off: y starts at the overview's and
    /// eases to the day's own fit, so its lines grow into place rather than pop.
    private func easeIn(_ day: ChartPresenter) {
        let from = overview.stage.viewport.current
        day.stage.viewport.set(.init(y: from.minY...from.maxY))
        day.fitY(duration: duration, easing: .easeOut)
    }

    /// "Sat, Mar 14, 2020": the UTC day holding `x`, an instant in `unitsPerSecond`
    /// since 1970.
    public static func label(forX x: Double, unitsPerSecond: Double) -> String {
        CivilDate(unixSeconds: x / unitsPerSecond).dayLabel
    }
}
