
/// The keyboard's focus: Tab and Shift+Tab move it through the chart, the legend's
/// toggles and the range selector (`KeyboardFocus`), showing a ring round the part
/// focused; keys the focused part understands go to it, the rest to the chart.
extension InputRouter {
    /// Moves the focus to the next part (`forward`) or the previous one.
    func moveFocus(forward: Bool) {
        // The toggles drawn: a narrow window leaves out the last ones.
        let boxes = main.legend.boxes
        func step(_ part: KeyboardFocus) -> KeyboardFocus {
            forward ? part.next(toggles: boxes.count) : part.previous(toggles: boxes.count)
        }
        var next = step(focus)
        // A toggle the legend keeps off the canvas is passed over (a candle's open, high
        // and low: the close's toggle stands for the four).
        while case .legend(let index) = next, boxes[index].width == 0 { next = step(next) }
        setFocus(next)
    }

    /// Focuses `part`, moving the ring to it.
    func setFocus(_ part: KeyboardFocus) {
        focus = part
        if case .legend(let index) = part { main.legend.focusedSeries = index } else { main.legend.focusedSeries = nil }
        selector.window.isFocused = part == .selector
    }

    /// Gives `key` to the focused toggle or selector; returns whether it took it (else
    /// the chart gets it). Esc on either brings the focus back to the chart.
    func routeFocused(_ key: ChartKey) -> Bool {
        switch (focus, key) {
        case (.chart, _):
            return false
        case (_, .escape):
            setFocus(.chart)
        case (.legend(let index), .space), (.legend(let index), .enter):
            main.toggle(series: index)
        case (.legend(let index), .shiftEnter):
            main.toggle(series: index, only: true)
        case (.selector, .left):
            selector.move(byWidths: -0.1)
        case (.selector, .right):
            selector.move(byWidths: 0.1)
        case (.selector, .zoomIn):
            selector.scaleWidth(by: 1.25)
        case (.selector, .zoomOut):
            selector.scaleWidth(by: 0.8)
        default:
            return false
        }
        return true
    }
}
