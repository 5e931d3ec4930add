import CSDL2
import ChartInteraction

/// The desktop's clipboard through SDL (X11's CLIPBOARD selection, Wayland's), where
/// Ctrl+C puts the measure's figures or the pinned point. SDL keeps offering the text
/// while the window lives.
final class SDLClipboard: Clipboard {
    func copy(_ text: String) -> Bool {
        SDL_SetClipboardText(text) == 0
    }
}
