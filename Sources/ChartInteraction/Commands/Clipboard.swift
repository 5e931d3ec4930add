/// Where Ctrl+C puts text: the desktop's clipboard in the window (SDL's, `SDLClipboard`
/// in ChartApp, which owns SDL).
public protocol Clipboard: AnyObject {
    /// Puts `text` on the clipboard; returns whether it is there.
    func copy(_ text: String) -> Bool
}
