
/// Sends pointer and key events to the presenter they belong to: a press inside the
/// range selector's strip, and every move and release until the button comes up, go to
/// the selector; everything else to the main chart. Window-level events (quit, resize,
/// theme) are the window's own and are not routed here.
public final class InputRouter {
    public private(set) var main: ChartPresenter
    public private(set) var selector: RangeSelectorPresenter
    /// Whether the user has moved the view by hand (a press, the wheel, a key): the
    /// session's remembered view must then not undo it.
    public private(set) var userMoved = false
    /// The part the keyboard works on (Tab, Shift+Tab; see `InputRouter+Focus`).
    public internal(set) var focus = KeyboardFocus.chart
    /// Which presenter the pressed button belongs to, until it is released.
    private var pressTarget: Target?

    private enum Target { case main, selector }

    public init(main: ChartPresenter, selector: RangeSelectorPresenter) {
        self.main = main
        self.selector = selector
    }

    /// Sends events from now on to another chart and its selector (a day's, and back);
    /// a press under way is forgotten, so its release reaches neither, unless the new
    /// chart took the gesture over (a followed file grew under a drag): then its release
    /// ends it there, or the chart would pan with every later move of the pointer.
    public func retarget(main: ChartPresenter, selector: RangeSelectorPresenter) {
        guard main !== self.main || selector !== self.selector else { return }
        // The focus stays with the chart it was on; the new one starts on its plot.
        setFocus(.chart)
        self.main = main
        self.selector = selector
        switch pressTarget {
        case .main where main.drag != nil, .selector where selector.grabbed != nil: break
        default: pressTarget = nil
        }
    }

    /// Routes `event`; returns whether it was for the chart (something may need drawing).
    @discardableResult
    public func route(_ event: ChartEvent) -> Bool {
        switch event {
        case let .pointerDown(point, button, clicks, shift, time):
            if button == .primary, selector.contains(point) {
                pressTarget = .selector
                selector.pointerDown(at: point, time: time)
            } else {
                pressTarget = .main
                main.pointerDown(at: point, button: button, clicks: clicks, shift: shift, time: time)
            }
            userMoved = true
        case let .pointerUp(point, button, time):
            switch pressTarget {
            case .selector: selector.pointerUp(at: point, time: time)
            case .main: main.pointerUp(at: point, button: button, time: time)
            case nil: break
            }
            pressTarget = nil
        case let .pointerMoved(point, time):
            if pressTarget == .selector {
                selector.pointerMoved(to: point, time: time)
            } else {
                main.pointerMoved(to: point, time: time)
            }
        case let .zoom(steps, point):
            guard steps != 0 else { return false }
            main.wheel(steps: steps, at: point)
            userMoved = true
        case let .zoomY(steps, point):
            guard steps != 0 else { return false }
            main.wheelY(steps: steps, at: point)
            userMoved = true
        case .pointerLeft:
            main.pointerExited()
        case let .command(.chart(key)):
            if !routeFocused(key) { main.key(key) }
            userMoved = true
        case .command(.focusNext):
            moveFocus(forward: true)
        case .command(.focusPrevious):
            moveFocus(forward: false)
        case .quit, .resized, .exposed, .command(.quit), .command(.toggleTheme), .command(.audiograph), .command(.summary),
             .command(.keyHelp), .command(.measure), .command(.copy), .command(.note), .command(.deleteBackward),
             .command(.export), .text, .fileDropped,
             .command(.toggleLogScale):
            return false
        }
        return true
    }
}
