import ChartData
import ChartGeometry

/// What the window hears, in the chart's own terms: SDL's events decoded once
/// (`SDLEventDecoder`), so everything after them is tested without a window. Points are
/// canvas (drawable) pixels from the top-left; times are seconds.
public enum ChartEvent: Equatable, Sendable {
    /// The window was asked to close (its close button, or a signal's quit event).
    case quit
    /// The drawable changed size: lay everything out again.
    case resized
    /// The window must be drawn again as it is (exposed, shown, restored).
    case exposed
    /// The pointer left the window: no hover highlight any more.
    case pointerLeft
    /// A button went down; `clicks` is 2 for a double click; `shift` was held.
    case pointerDown(at: PixelPoint, button: PointerButton, clicks: Int, shift: Bool, time: Double)
    /// A button came up.
    case pointerUp(at: PixelPoint, button: PointerButton, time: Double)
    /// The pointer moved (with or without a button held).
    case pointerMoved(to: PixelPoint, time: Double)
    /// Zoom at a point by wheel steps (a notch is 1; a touchpad pinch is converted to
    /// the steps of the same zoom); positive zooms in.
    case zoom(steps: Double, at: PixelPoint)
    /// Shift+wheel: zoom y at a point by wheel steps (positive zooms in), setting y by hand.
    case zoomY(steps: Double, at: PixelPoint)
    /// A key that means something to the app.
    case command(KeyCommand)
    /// A file was dropped on the window (its path): it joins the chart, on its own x.
    case fileDropped(path: String)
    /// Text typed while a text field has the keyboard (SDL's text input, composed by the
    /// keyboard layout and input method): a note being written.
    case text(String)
}

/// What a key asks for.
public enum KeyCommand: Equatable, Sendable {
    /// `q` or Ctrl+W: close the window.
    case quit
    /// `t`: switch between day and night.
    case toggleTheme
    /// `l` (the left axis), Shift+`l` (the right one): switch it between linear and log.
    case toggleLogScale(YAxisSide)
    /// `a`: play the series in view as sound (the audiograph), or stop it.
    case audiograph
    /// `s`: show, print and speak a summary of the view.
    case summary
    /// `?`: show or hide the list of every key.
    case keyHelp
    /// `m`: mark the pinned point as the measure's A, or B.
    case measure
    /// Ctrl+C: copy the measure's figures, or the pinned point.
    case copy
    /// Tab / Shift+Tab: move the keyboard's focus to the next or previous part (the
    /// legend's series, the range selector).
    case focusNext, focusPrevious
    /// `n`: write a note at the pinned point, or edit the one there.
    case note
    /// Backspace: delete the character before the caret of a text field.
    case deleteBackward
    /// Ctrl+S: save the view as a PNG, with its alt text beside it.
    case export
    /// A key the chart itself handles: arrows, `+`/`-`, Home/End, `0`, Esc, Enter, `1`…`7`.
    case chart(ChartKey)
}
