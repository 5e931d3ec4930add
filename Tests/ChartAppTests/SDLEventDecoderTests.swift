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

/// A file dropped on the window: SDL's drop event decodes to its path, which the window
/// loads with the chart's files into one chart (the load a drop starts, run here
/// without a window): it joins on its own x, or fails with the message the chart shows.
final class FileDropTests: XCTestCase {
    func testADroppedFileDecodesToItsPath() throws {
        var event = SDL_Event()
        event.type = SDL_DROPFILE.rawValue
        let path = strdup("/data/dax daily.csv")
        defer { free(path) }
        event.drop.file = path
        XCTAssertEqual(SDLEventDecoder(pixelScale: 1).decode(event), .fileDropped(path: "/data/dax daily.csv"))
        event.drop.file = nil
        XCTAssertNil(SDLEventDecoder(pixelScale: 1).decode(event), "no path, nothing dropped")
    }

    private func outcome(of paths: [String]) throws -> LoadingTask.Outcome {
        let task = try LoadingTask(paths: paths, options: .init(), lod: .minMax, connectsGaps: false, wakeEvent: 0)
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            if let outcome = task.takeOutcome() { return outcome }
            usleep(2_000)
        }
        throw XCTSkip("the load did not end in 30 s")
    }

    func testTheDroppedFileJoinsTheChartOrSaysWhyNot() throws {
        let folder = NSTemporaryDirectory() + "sightline-drop-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func write(_ text: String, _ name: String) throws -> String {
            try text.write(toFile: "\(folder)/\(name)", atomically: true, encoding: .utf8)
            return "\(folder)/\(name)"
        }
        let a = try write("Date,Close\n2024-01-01,1\n2024-01-02,2\n2024-01-03,3\n", "a.csv")
        let b = try write("Date,Close\n2024-01-02,10\n2024-01-04,20\n", "b.csv")
        let n = try write("Run,Speed\n1,5\n2,6\n", "runs.csv")
        guard case let .loaded(source) = try outcome(of: [a, b]) else { return XCTFail("a and b load as one chart") }
        XCTAssertEqual(source.dataset.series.map(\.name), ["a: Close", "b: Close"])
        XCTAssertEqual(source.dataset.count, 4)
        guard case let .failed(error) = try outcome(of: [a, n]) else { return XCTFail("dates beside numbers fail") }
        XCTAssertEqual(error, .mixedX(file: a, kind: "dates", other: n, otherKind: "numbers"))
    }
}
