import CSDL2
import ChartGeometry
import ChartInteraction
import ChartStage
import Foundation

/// Turns SDL's events into `ChartEvent`s: window coordinates become canvas pixels (the
/// pointer's pixel centre, times the HiDPI scale), SDL's key symbols become commands.
/// What it asks of SDL beyond the event (the pointer, the modifier keys) is injected, so
/// it is tested with hand-made events.
struct SDLEventDecoder {
    /// Drawable pixels per window coordinate (2 on a typical HiDPI screen).
    var pixelScale: Double
    /// The pointer's position in window coordinates (wheel and pinch events lack one).
    var pointer: () -> (x: Int32, y: Int32) = {
        var x: Int32 = 0, y: Int32 = 0
        SDL_GetMouseState(&x, &y)
        return (x, y)
    }
    /// Whether Shift is held now.
    var shiftHeld: () -> Bool = { SDL_GetModState().rawValue & KMOD_SHIFT.rawValue != 0 }

    /// The event `event` means, or `nil` for one the chart ignores.
    func decode(_ event: SDL_Event) -> ChartEvent? {
        let seconds = Double(event.common.timestamp) / 1000
        switch SDL_EventType(event.type) {
        case SDL_QUIT:
            return .quit
        case SDL_WINDOWEVENT:
            switch SDL_WindowEventID(UInt32(event.window.event)) {
            case SDL_WINDOWEVENT_SIZE_CHANGED: return .resized
            case SDL_WINDOWEVENT_LEAVE: return .pointerLeft
            case SDL_WINDOWEVENT_EXPOSED, SDL_WINDOWEVENT_SHOWN, SDL_WINDOWEVENT_RESTORED: return .exposed
            default: return nil
            }
        case SDL_MOUSEBUTTONDOWN:
            guard let button = Self.button(event.button.button) else { return nil }
            return .pointerDown(at: point(event.button.x, event.button.y), button: button, clicks: Int(event.button.clicks),
                                shift: shiftHeld(), time: seconds)
        case SDL_MOUSEBUTTONUP:
            guard let button = Self.button(event.button.button) else { return nil }
            return .pointerUp(at: point(event.button.x, event.button.y), button: button, time: seconds)
        case SDL_MOUSEMOTION:
            return .pointerMoved(to: point(event.motion.x, event.motion.y), time: seconds)
        case SDL_MOUSEWHEEL:
            let flipped = event.wheel.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue ? -1.0 : 1.0
            // With Shift, some systems turn the wheel sideways: either way it zooms y.
            let shift = shiftHeld()
            let notches = shift && event.wheel.preciseY == 0 ? event.wheel.preciseX : event.wheel.preciseY
            let steps = Double(notches) * flipped
            guard steps != 0 else { return nil }
            let at = pointer()
            return shift ? .zoomY(steps: steps, at: point(at.x, at.y)) : .zoom(steps: steps, at: point(at.x, at.y))
        case SDL_MULTIGESTURE:
            // A touchpad or touchscreen pinch: spreading the fingers zooms in at the pointer.
            let spread = Double(event.mgesture.dDist)
            guard spread != 0 else { return nil }
            let at = pointer()
            return .zoom(steps: log(1 + spread * 4) / log(1.15), at: point(at.x, at.y))
        case SDL_KEYDOWN:
            return Self.command(for: event.key.keysym).map { .command($0) }
        case SDL_DROPFILE:
            // The path is SDL's to free, by the window once decoded.
            guard let file = event.drop.file else { return nil }
            return .fileDropped(path: String(cString: file))
        case SDL_TEXTINPUT:
            // Only while a text field has asked for it (`SDL_StartTextInput`).
            var bytes = event.text.text
            let typed = withUnsafeBytes(of: &bytes) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            return typed.isEmpty ? nil : .text(typed)
        default:
            return nil
        }
    }

    /// A window position names a pixel; its centre, in drawable pixels, is the best
    /// estimate of the pointer.
    private func point(_ x: Int32, _ y: Int32) -> PixelPoint {
        PixelPoint(x: (Double(x) + 0.5) * pixelScale, y: (Double(y) + 0.5) * pixelScale)
    }

    private static func button(_ button: UInt8) -> PointerButton? {
        switch Int32(button) {
        case SDL_BUTTON_LEFT: .primary
        case SDL_BUTTON_RIGHT: .secondary
        default: nil
        }
    }

    /// The command of a key: `q` or Ctrl+W quit, `t` switches the theme, `l` (Shift+`l`)
    /// the left (right) axis between linear and log, `a` plays the
    /// audiograph, `s` summarises, Ctrl+S exports, `n` writes a note, Backspace deletes,
    /// `m` measures, Ctrl+C copies, `?` lists the keys, Tab and Shift+Tab move the focus;
    /// the chart's keys (arrows, `+`/`=`/keypad `+`, `-`, Home, End, Page Up/Down, `0`,
    /// Esc, Enter, Shift+Enter, Space, `1`…`7`, Shift+`1`…`9`) go to it.
    static func command(for key: SDL_Keysym) -> KeyCommand? {
        let control = key.mod & UInt16(KMOD_CTRL.rawValue) != 0
        let shift = key.mod & UInt16(KMOD_SHIFT.rawValue) != 0
        let sym = Int(key.sym)
        switch sym {
        case Int(SDLK_q.rawValue): return .quit
        case Int(SDLK_w.rawValue) where control: return .quit
        case Int(SDLK_t.rawValue): return .toggleTheme
        case Int(SDLK_l.rawValue): return .toggleLogScale(shift ? .right : .left)
        case Int(SDLK_a.rawValue): return .audiograph
        case Int(SDLK_s.rawValue) where control: return .export
        case Int(SDLK_s.rawValue): return .summary
        case Int(SDLK_n.rawValue): return .note
        case Int(SDLK_BACKSPACE.rawValue): return .deleteBackward
        case Int(SDLK_m.rawValue): return .measure
        case Int(SDLK_c.rawValue) where control: return .copy
        case Int(SDLK_QUESTION.rawValue): return .keyHelp
        case Int(SDLK_SLASH.rawValue) where shift: return .keyHelp
        case Int(SDLK_TAB.rawValue): return shift ? .focusPrevious : .focusNext
        case Int(SDLK_RETURN.rawValue) where shift, Int(SDLK_KP_ENTER.rawValue) where shift: return .chart(.shiftEnter)
        // Shift+digit toggles a series: the digit's key, whatever the layout writes on it.
        case Int(SDLK_1.rawValue)...Int(SDLK_9.rawValue) where shift: return .chart(.toggleSeries(sym - Int(SDLK_1.rawValue)))
        default: return chartKey(sym).map { .chart($0) }
        }
    }

    private static func chartKey(_ sym: Int) -> ChartKey? {
        switch sym {
        case Int(SDLK_LEFT.rawValue): .left
        case Int(SDLK_RIGHT.rawValue): .right
        case Int(SDLK_UP.rawValue): .up
        case Int(SDLK_DOWN.rawValue): .down
        case Int(SDLK_PLUS.rawValue), Int(SDLK_EQUALS.rawValue), Int(SDLK_KP_PLUS.rawValue): .zoomIn
        case Int(SDLK_MINUS.rawValue), Int(SDLK_KP_MINUS.rawValue): .zoomOut
        case Int(SDLK_HOME.rawValue): .home
        case Int(SDLK_END.rawValue): .end
        case Int(SDLK_PAGEUP.rawValue): .pageLeft
        case Int(SDLK_PAGEDOWN.rawValue): .pageRight
        case Int(SDLK_0.rawValue), Int(SDLK_KP_0.rawValue): .fit
        case Int(SDLK_ESCAPE.rawValue): .escape
        case Int(SDLK_RETURN.rawValue), Int(SDLK_KP_ENTER.rawValue): .enter
        case Int(SDLK_SPACE.rawValue): .space
        case Int(SDLK_1.rawValue)...Int(SDLK_7.rawValue):
            RangePreset(rawValue: sym - Int(SDLK_0.rawValue)).map { .preset($0) }
        default: nil
        }
    }
}
