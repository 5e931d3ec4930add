import ChartStage

/// Keys the chart understands, decoupled from SDL so presenters test without a window.
public enum ChartKey: Equatable, Sendable {
    case left, right, up, down, zoomIn, zoomOut, home, end, fit, escape
    /// Return or keypad Enter: open the highlighted point (its day, in a chart folder).
    case enter
    /// Space: toggle the series whose legend toggle has the keyboard's focus.
    case space
    /// Shift+Enter: show only the series whose legend toggle has the focus (as a
    /// shift-click does); on the chart, as Enter.
    case shiftEnter
    /// Page Up / Page Down: a screen earlier or later.
    case pageLeft, pageRight
    /// Shift+`1` … Shift+`9`: show or hide series 0 … 8 (as its legend toggle does).
    case toggleSeries(Int)
    /// `1` … `7`: a range preset.
    case preset(RangePreset)
}
