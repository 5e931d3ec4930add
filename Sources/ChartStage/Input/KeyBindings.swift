/// Every key and mouse action of the window, in one table: the `?` panel draws it
/// (`KeyHelpController`) and the README's key list matches it row for row (a test reads
/// the README), so a key added to the app is added here and shows in both.
public enum KeyBindings {
    /// The groups the panel shows, in order.
    public enum Group: String, CaseIterable, Sendable {
        case navigate = "Navigate"
        case yAxis = "y axis"
        case highlight = "Highlight"
        case measure = "Measure, notes, copy"
        case series = "Series"
        case soundAndText = "Sound & text"
        case window = "Window"
    }

    /// One line of the list: what to press (or do with the mouse) and what it does.
    public struct Binding: Equatable, Sendable {
        public let group: Group
        /// The keys or the gesture, as a person reads them: "Shift+Tab", "right-drag".
        public let keys: String
        /// What it does, in a few words.
        public let action: String

        public init(_ group: Group, _ keys: String, _ action: String) {
            self.group = group
            self.keys = keys
            self.action = action
        }
    }

    /// Every binding, grouped, in the order shown.
    public static let all: [Binding] = [
        Binding(.navigate, "drag", "pan (a flick keeps going)"),
        Binding(.navigate, "wheel", "zoom at the pointer"),
        Binding(.navigate, "right-drag", "zoom to the band swept"),
        Binding(.navigate, "double-click, 0", "fit everything"),
        Binding(.navigate, "← →", "pan a tenth"),
        Binding(.navigate, "+ -", "zoom in, out"),
        Binding(.navigate, "Page Up, Page Down", "a screen earlier, later"),
        Binding(.navigate, "Home, End", "to the start, the end"),
        Binding(.navigate, "1 … 7", "last day … 5 years, all"),
        Binding(.navigate, "drag the selector", "move its window or its edges"),
        Binding(.yAxis, "Shift+wheel", "zoom y at the pointer"),
        Binding(.yAxis, "drag a y axis", "stretch y; a drag then moves it"),
        Binding(.yAxis, "double-click an axis", "fit that y again"),
        Binding(.yAxis, "l, Shift+L", "left, right y axis: log or linear"),
        Binding(.highlight, "hover", "highlight the nearest point"),
        Binding(.highlight, "click", "pin or unpin the highlight"),
        Binding(.highlight, "Enter", "pin the point at the centre"),
        Binding(.highlight, "Enter on a point", "open its day, or the pie"),
        Binding(.highlight, "← → on a pin", "step it, the view following"),
        Binding(.highlight, "Page Up, Page Down", "with a pin: pin and view a screen"),
        Binding(.highlight, "Esc", "clear; leave a day or the pie"),
        Binding(.measure, "shift-click, m on a pin", "measure A to B (Esc clears)"),
        Binding(.measure, "n on a pin", "write or edit its note (Enter keeps)"),
        Binding(.measure, "Ctrl+C", "copy the measure, or the pin"),
        Binding(.series, "click a toggle", "show or hide its series"),
        Binding(.series, "shift-click", "a toggle: show it alone"),
        Binding(.series, "Shift+1 … 9", "show or hide series 1 … 9"),
        Binding(.series, "Tab, Shift+Tab", "focus toggles, selector, chart"),
        Binding(.series, "Space, Enter", "focused toggle: show or hide"),
        Binding(.series, "Shift+Enter", "focused toggle: show it alone"),
        Binding(.series, "← →", "focused selector: move a tenth"),
        Binding(.series, "+ -", "focused selector: widen, narrow"),
        Binding(.series, "Esc", "focus back to the chart"),
        Binding(.soundAndText, "a", "play the audiograph, or stop"),
        Binding(.soundAndText, "s", "summary, spoken by speech-dispatcher"),
        Binding(.window, "?", "this list (? or Esc closes it)"),
        Binding(.window, "t", "day or night"),
        Binding(.window, "Ctrl+S", "save the view as PNG and alt text"),
        Binding(.window, "q, Ctrl+W", "quit"),
    ]

    /// The bindings of `group`, in order.
    public static func bindings(in group: Group) -> [Binding] {
        all.filter { $0.group == group }
    }
}
