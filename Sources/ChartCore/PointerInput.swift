/// Keys the chart understands, decoupled from SDL so presenters test without a window.
public enum ChartKey: Equatable, Sendable {
    case left, right, up, down, zoomIn, zoomOut, home, end, fit, escape
    /// Return or keypad Enter: open the highlighted point (its day, in a chart folder).
    case enter
    /// `1` … `7`: a range preset.
    case preset(RangePreset)
}

public enum PointerButton: Sendable { case primary, secondary }
