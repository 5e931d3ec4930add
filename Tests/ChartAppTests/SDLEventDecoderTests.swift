import CSDL2
@testable import ChartApp
import ChartGeometry
import ChartInteraction
import XCTest

/// SDL's events, made by hand, decode to the chart's events: pixels at the pointer's
/// pixel centre times the HiDPI scale, buttons, clicks, wheel direction, keys.
final class SDLEventDecoderTests: XCTestCase {
    private var decoder = SDLEventDecoder(pixelScale: 2, pointer: { (10, 20) }, shiftHeld: { true })

    private func event(_ type: SDL_EventType, _ fill: (inout SDL_Event) -> Void = { _ in }) -> SDL_Event {
        var event = SDL_Event()
        event.type = type.rawValue
        event.common.timestamp = 1500
        fill(&event)
        return event
    }

    func testPointerEventsBecomeCanvasPixels() {
        let down = event(SDL_MOUSEBUTTONDOWN) {
            $0.button.button = UInt8(SDL_BUTTON_LEFT)
            $0.button.x = 100
            $0.button.y = 50
            $0.button.clicks = 2
        }
        XCTAssertEqual(decoder.decode(down),
                       .pointerDown(at: PixelPoint(x: 201, y: 101), button: .primary, clicks: 2, shift: true, time: 1.5))
        let up = event(SDL_MOUSEBUTTONUP) {
            $0.button.button = UInt8(SDL_BUTTON_RIGHT)
            $0.button.x = 0
            $0.button.y = 0
        }
        XCTAssertEqual(decoder.decode(up), .pointerUp(at: PixelPoint(x: 1, y: 1), button: .secondary, time: 1.5))
        let middle = event(SDL_MOUSEBUTTONDOWN) { $0.button.button = UInt8(SDL_BUTTON_MIDDLE) }
        XCTAssertNil(decoder.decode(middle), "the middle button means nothing")
        let motion = event(SDL_MOUSEMOTION) {
            $0.motion.x = 3
            $0.motion.y = 4
        }
        XCTAssertEqual(decoder.decode(motion), .pointerMoved(to: PixelPoint(x: 7, y: 9), time: 1.5))
    }

    func testTheWheelZoomsAtThePointerAndHonoursFlippedScrolling() {
        let decoder = SDLEventDecoder(pixelScale: 2, pointer: { (10, 20) }, shiftHeld: { false })
        let wheel = event(SDL_MOUSEWHEEL) {
            $0.wheel.preciseY = 1.5
            $0.wheel.direction = SDL_MOUSEWHEEL_NORMAL.rawValue
        }
        XCTAssertEqual(decoder.decode(wheel), .zoom(steps: 1.5, at: PixelPoint(x: 21, y: 41)))
        let flipped = event(SDL_MOUSEWHEEL) {
            $0.wheel.preciseY = 1
            $0.wheel.direction = SDL_MOUSEWHEEL_FLIPPED.rawValue
        }
        XCTAssertEqual(decoder.decode(flipped), .zoom(steps: -1, at: PixelPoint(x: 21, y: 41)))
        // With Shift the wheel zooms y, also where the system turned it sideways.
        XCTAssertEqual(self.decoder.decode(wheel), .zoomY(steps: 1.5, at: PixelPoint(x: 21, y: 41)))
        let sideways = event(SDL_MOUSEWHEEL) {
            $0.wheel.preciseX = 2
            $0.wheel.direction = SDL_MOUSEWHEEL_NORMAL.rawValue
        }
        XCTAssertEqual(self.decoder.decode(sideways), .zoomY(steps: 2, at: PixelPoint(x: 21, y: 41)))
        XCTAssertNil(decoder.decode(sideways), "without Shift a sideways wheel zooms nothing")
        XCTAssertNil(decoder.decode(event(SDL_MOUSEWHEEL)), "a horizontal-only wheel event zooms nothing")
        let pinch = event(SDL_MULTIGESTURE) { $0.mgesture.dDist = 0.1 }
        guard case let .zoom(steps, _)? = decoder.decode(pinch) else { return XCTFail("a pinch zooms") }
        XCTAssertEqual(steps, log(1.4) / log(1.15), accuracy: 1e-6, "spreading the fingers zooms in")
    }

    func testKeysBecomeCommands() {
        func key(_ sym: SDL_KeyCode, _ mod: SDL_Keymod = KMOD_NONE) -> KeyCommand? {
            var keysym = SDL_Keysym()
            keysym.sym = SDL_Keycode(sym.rawValue)
            keysym.mod = UInt16(mod.rawValue)
            return SDLEventDecoder.command(for: keysym)
        }
        XCTAssertEqual(key(SDLK_q), .quit)
        XCTAssertEqual(key(SDLK_w, KMOD_LCTRL), .quit)
        XCTAssertNil(key(SDLK_w), "w alone is nothing")
        XCTAssertEqual(key(SDLK_t), .toggleTheme)
        XCTAssertEqual(key(SDLK_EQUALS), .chart(.zoomIn))
        XCTAssertEqual(key(SDLK_KP_MINUS), .chart(.zoomOut))
        XCTAssertEqual(key(SDLK_0), .chart(.fit))
        XCTAssertEqual(key(SDLK_3), .chart(.preset(.oneMonth)))
        XCTAssertEqual(key(SDLK_7), .chart(.preset(.all)))
        XCTAssertNil(key(SDLK_8))
        XCTAssertEqual(key(SDLK_ESCAPE), .chart(.escape))
        XCTAssertEqual(key(SDLK_RETURN), .chart(.enter))
        XCTAssertEqual(key(SDLK_KP_ENTER), .chart(.enter))
        XCTAssertEqual(key(SDLK_PAGEUP), .chart(.pageLeft))
        XCTAssertEqual(key(SDLK_PAGEDOWN), .chart(.pageRight))
        XCTAssertEqual(key(SDLK_1, KMOD_LSHIFT), .chart(.toggleSeries(0)))
        XCTAssertEqual(key(SDLK_9, KMOD_RSHIFT), .chart(.toggleSeries(8)))
        XCTAssertEqual(key(SDLK_1), .chart(.preset(.oneDay)), "without shift, a preset")
        XCTAssertEqual(key(SDLK_a), .audiograph)
        XCTAssertEqual(key(SDLK_s), .summary)
        XCTAssertEqual(key(SDLK_QUESTION), .keyHelp)
        XCTAssertEqual(key(SDLK_SLASH, KMOD_LSHIFT), .keyHelp)
        XCTAssertNil(key(SDLK_SLASH))
        XCTAssertEqual(key(SDLK_TAB), .focusNext)
        XCTAssertEqual(key(SDLK_TAB, KMOD_LSHIFT), .focusPrevious)
        XCTAssertEqual(key(SDLK_SPACE), .chart(.space))
        XCTAssertEqual(key(SDLK_RETURN, KMOD_LSHIFT), .chart(.shiftEnter))
        XCTAssertEqual(key(SDLK_KP_ENTER, KMOD_RSHIFT), .chart(.shiftEnter))
        XCTAssertEqual(key(SDLK_RETURN, KMOD_LCTRL), .chart(.enter), "only Shift makes Enter Shift+Enter")
    }

    /// `n` writes a note, Backspace deletes in its field, Ctrl+S exports (`s` alone is
    /// still the summary); typed text arrives whole, as UTF-8.
    func testNoteKeysExportAndTypedText() {
        func key(_ sym: SDL_KeyCode, _ mod: SDL_Keymod = KMOD_NONE) -> KeyCommand? {
            var keysym = SDL_Keysym()
            keysym.sym = SDL_Keycode(sym.rawValue)
            keysym.mod = UInt16(mod.rawValue)
            return SDLEventDecoder.command(for: keysym)
        }
        XCTAssertEqual(key(SDLK_n), .note)
        XCTAssertEqual(key(SDLK_BACKSPACE), .deleteBackward)
        XCTAssertEqual(key(SDLK_s, KMOD_LCTRL), .export)
        XCTAssertEqual(key(SDLK_s, KMOD_RCTRL), .export)
        XCTAssertEqual(key(SDLK_s), .summary)
        let typed = event(SDL_TEXTINPUT) { event in
            withUnsafeMutableBytes(of: &event.text.text) { raw in
                for (i, byte) in "é q".utf8.enumerated() { raw[i] = byte }
            }
        }
        XCTAssertEqual(decoder.decode(typed), .text("é q"))
        XCTAssertNil(decoder.decode(event(SDL_TEXTINPUT)), "nothing typed is no event")
    }

    func testWindowEvents() {
        XCTAssertEqual(decoder.decode(event(SDL_QUIT)), .quit)
        let resized = event(SDL_WINDOWEVENT) { $0.window.event = UInt8(SDL_WINDOWEVENT_SIZE_CHANGED.rawValue) }
        XCTAssertEqual(decoder.decode(resized), .resized)
        let left = event(SDL_WINDOWEVENT) { $0.window.event = UInt8(SDL_WINDOWEVENT_LEAVE.rawValue) }
        XCTAssertEqual(decoder.decode(left), .pointerLeft)
        let exposed = event(SDL_WINDOWEVENT) { $0.window.event = UInt8(SDL_WINDOWEVENT_EXPOSED.rawValue) }
        XCTAssertEqual(decoder.decode(exposed), .exposed)
    }
}
