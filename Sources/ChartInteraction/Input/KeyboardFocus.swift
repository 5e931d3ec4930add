/// Which part of the chart the keyboard works on: the chart itself (arrows pan or step a
/// pinned point), one series' legend toggle (Space or Enter toggles it), or the range
/// selector (arrows move its window, `+`/`-` widen or narrow it). Tab goes forward
/// through the chart, each toggle in legend order and the selector, wrapping round;
/// Shift+Tab goes back. Esc returns to the chart.
public enum KeyboardFocus: Equatable, Sendable {
    /// The chart itself: keys mean what they mean without focus.
    case chart
    /// The legend toggle of series `index` (0-based, in the legend's order).
    case legend(Int)
    /// The range selector under the chart.
    case selector

    /// The part after this one, with `toggles` legend toggles shown (a narrow window
    /// may show fewer toggles than there are series); a toggle no longer shown counts
    /// as the last one.
    public func next(toggles: Int) -> KeyboardFocus {
        switch self {
        case .chart: toggles > 0 ? .legend(0) : .selector
        case .legend(let index): index + 1 < toggles ? .legend(index + 1) : .selector
        case .selector: .chart
        }
    }

    /// The part before this one, with `toggles` legend toggles shown.
    public func previous(toggles: Int) -> KeyboardFocus {
        switch self {
        case .chart: .selector
        case .legend(let index): min(index, toggles) > 0 ? .legend(min(index, toggles) - 1) : .chart
        case .selector: toggles > 0 ? .legend(toggles - 1) : .chart
        }
    }
}
