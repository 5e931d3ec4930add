
/// Owns the day navigation's input (`DayZoom`): during a transition every press,
/// release, wheel and key waits (a gesture started on one chart must not end on the
/// other); in a day, Esc goes back, as does a press on "‹ Zoom out". Opening a day is
/// the chart's click or Enter (`DayFileLoader.openDays(of:)`).
public final class DayZoomCommands: CommandOwner {
    private let zoom: DayZoom

    public init(zoom: DayZoom) {
        self.zoom = zoom
    }

    public func take(_ event: ChartEvent) -> Bool {
        switch event {
        case .pointerDown(let point, _, _, _, _):
            if zoom.isTransitioning { return true }
            guard zoom.phase == .inDay, zoom.control?.contains(point) == true else { return false }
            zoom.zoomOut()
            return true
        case .pointerUp, .zoom, .zoomY, .command(.chart):
            guard !zoom.isTransitioning else { return true }
            if zoom.phase == .inDay, event == .command(.chart(.escape)) {
                zoom.zoomOut()
                return true
            }
            return false
        case .pointerMoved, .pointerLeft, .quit, .resized, .exposed, .command, .fileDropped, .text:
            return false
        }
    }
}
