import Foundation
import CSDL2
import ChartCore
import ChartData
import ChartRender

/// The interactive window: one file, drag to pan, wheel to zoom at the cursor,
/// double-click or `0` to fit, `t` to switch between day and night, `q` or Ctrl+W to
/// close. It draws only when something changed or an animation runs, and blocks in
/// `SDL_WaitEvent` otherwise, so an idle window costs no CPU.
///
/// The window opens at once and loads the file in the background, showing a progress
/// bar until the data is ready; the session (last view of this file, window size) is
/// read in the background too, applied when it arrives, and saved as the view changes.
public final class ChartWindow {
    /// The chart once its data has arrived.
    private struct Chart {
        var scene: ChartScene
        var viewport: Viewport
        let fitted: Viewport
    }

    private let device: GLDevice
    private let path: String
    private let lineWidth: Double
    private var theme: ChartTheme
    private let gradient: Bool
    private let font: FontFace?
    /// When the last animation frame was drawn (SDL ticks, ms); `nil` when idle.
    private var lastAnimationTick: UInt64?
    private let progressRenderer: LineRenderer
    private let progress: ProgressIndicator
    private let loading: LoadingTask
    private var chart: Chart?
    private var needsDisplay = true
    private var dragAnchor: (x: Double, y: Double)?
    private let store: SessionStore?
    private let sessionSlot = LockedSlot<Session>()
    private var session: Session?
    /// The view the session remembers for this file, until the data is here to show it.
    private var rememberedView: DataRect?
    /// Whether the user moved the view before the session arrived: then it is not undone.
    private var userMoved = false
    private let sizeWasGiven: Bool
    private let wakeEvent: UInt32

    /// Opens a window of `size` (window coordinates) and starts loading `path`.
    /// - Parameters:
    ///   - size: the window size; `nil` takes the session's, else 1280×720.
    ///   - store: where the session lives; `nil` remembers nothing.
    /// - Throws: `RenderError` when no window or no OpenGL 3.3 context can be had.
    public init(path: String, options: LoadOptions = LoadOptions(), lod: LODMethod = .minMax, size: PixelSize?,
                lineWidth: Double = 2, theme: ChartTheme = .day, gradient: Bool = true, font: FontFace? = nil,
                store: SessionStore?) throws {
        self.path = path
        self.lineWidth = lineWidth
        self.theme = theme
        self.gradient = gradient
        self.font = font
        self.store = store
        sizeWasGiven = size != nil
        let windowSize = size ?? PixelSize(width: 1280, height: 720)
        let context = try GLContext(mode: .window(title: "Sightline — \(path)"), size: (windowSize.width, windowSize.height))
        device = GLDevice(context: context)
        progressRenderer = try LineRenderer(device: device)
        progress = ProgressIndicator(device: device, renderer: progressRenderer)
        wakeEvent = SDL_RegisterEvents(1)
        loading = LoadingTask(path: path, options: options, lod: lod, wakeEvent: wakeEvent)
        if let store {
            let slot = sessionSlot
            let event = wakeEvent
            store.load { session in
                slot.put(session)
                var wake = SDL_Event()
                wake.type = event
                SDL_PushEvent(&wake)
            }
        }
    }

    /// Runs until the window is closed.
    /// - Throws: the `DataLoadError` of a file that failed to load.
    public func run() throws {
        defer { store?.flush() }
        var event = SDL_Event()
        while true {
            if needsDisplay || isAnimating {
                advanceAnimations()
                draw()
                needsDisplay = false
            }
            let waited = isAnimating ? SDL_WaitEventTimeout(&event, 4) : SDL_WaitEvent(&event)
            guard waited == 1 else { continue }
            repeat {
                if event.type == wakeEvent {
                    try takeBackgroundResults()
                } else if handle(event) == .quit {
                    return
                }
            } while SDL_PollEvent(&event) == 1
        }
    }

    /// Picks up what the background threads delivered: load progress, the data, the session.
    private func takeBackgroundResults() throws {
        needsDisplay = true
        if let arrived = sessionSlot.take() {
            // The remembered view belongs to the file opened last; this may be another.
            rememberedView = arrived.files.first == path ? arrived.visible : nil
            var updated = arrived
            updated.noteOpened(path)
            if !sizeWasGiven, let w = updated.windowWidth, let h = updated.windowHeight, w > 0, h > 0 {
                SDL_SetWindowSize(device.context.window, Int32(w), Int32(h))
            }
            session = updated
            applySessionView()
        }
        switch loading.takeOutcome() {
        case let .loaded(source)?:
            guard let fitted = Viewport.fitting(source, gridAligned: true) else {
                throw DataLoadError.noData(file: source.dataset.source, reason: "no finite point to show")
            }
            let scene = try ChartScene(device: device, source: source, theme: theme, lineWidth: lineWidth,
                                       gradient: gradient, font: font)
            chart = Chart(scene: scene, viewport: fitted, fitted: fitted)
            scene.gradient?.shift()
            applySessionView()
        case let .failed(error)?:
            throw error
        case nil:
            break
        }
    }

    /// Restores the last view of this file, once both the data and the session are here.
    private func applySessionView() {
        guard chart != nil, !userMoved, let visible = rememberedView else { return }
        chart!.viewport = Viewport(visible: visible)
        rememberedView = nil
    }

    private enum Outcome { case keepRunning, quit }

    private func handle(_ event: SDL_Event) -> Outcome {
        switch SDL_EventType(event.type) {
        case SDL_QUIT:
            return .quit
        case SDL_WINDOWEVENT:
            switch SDL_WindowEventID(UInt32(event.window.event)) {
            case SDL_WINDOWEVENT_SIZE_CHANGED:
                needsDisplay = true
                if chart != nil { rememberWindowSize() }
            case SDL_WINDOWEVENT_EXPOSED, SDL_WINDOWEVENT_SHOWN, SDL_WINDOWEVENT_RESTORED:
                needsDisplay = true
            default:
                break
            }
        case SDL_MOUSEBUTTONDOWN where event.button.button == UInt8(SDL_BUTTON_LEFT):
            if event.button.clicks == 2 {
                changeView { $0 = self.chart!.fitted }
            } else {
                dragAnchor = drawablePoint(x: event.button.x, y: event.button.y)
            }
        case SDL_MOUSEBUTTONUP where event.button.button == UInt8(SDL_BUTTON_LEFT):
            dragAnchor = nil
        case SDL_MOUSEMOTION:
            guard let anchor = dragAnchor else { break }
            let point = drawablePoint(x: event.motion.x, y: event.motion.y)
            let plot = plotRect
            changeView { $0.pan(byPixelsX: point.x - anchor.x, y: point.y - anchor.y, in: plot.size) }
            dragAnchor = point
        case SDL_MOUSEWHEEL:
            let steps = Double(event.wheel.preciseY) * (event.wheel.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue ? -1 : 1)
            guard steps != 0 else { break }
            var x: Int32 = 0
            var y: Int32 = 0
            SDL_GetMouseState(&x, &y)
            let point = drawablePoint(x: x, y: y)
            let plot = plotRect
            changeView {
                $0.zoom(by: pow(1.15, steps), aroundPixelX: point.x - Double(plot.x), y: point.y - Double(plot.y), in: plot.size)
            }
        case SDL_KEYDOWN:
            return handleKey(event.key.keysym)
        default:
            break
        }
        return .keepRunning
    }

    private func handleKey(_ key: SDL_Keysym) -> Outcome {
        let control = key.mod & UInt16(KMOD_CTRL.rawValue) != 0
        let plot = plotRect
        let centre = (x: Double(plot.width) / 2, y: Double(plot.height) / 2)
        switch Int(key.sym) {
        case Int(SDLK_q.rawValue):
            return .quit
        case Int(SDLK_w.rawValue) where control:
            return .quit
        case Int(SDLK_t.rawValue):
            theme = theme == .day ? .night : .day
            chart?.scene.setTheme(theme, animated: true)
            needsDisplay = true
        case Int(SDLK_0.rawValue), Int(SDLK_HOME.rawValue):
            changeView { $0 = self.chart!.fitted }
        case Int(SDLK_PLUS.rawValue), Int(SDLK_EQUALS.rawValue), Int(SDLK_KP_PLUS.rawValue):
            changeView { $0.zoom(by: 1.25, aroundPixelX: centre.x, y: centre.y, in: plot.size) }
        case Int(SDLK_MINUS.rawValue), Int(SDLK_KP_MINUS.rawValue):
            changeView { $0.zoom(by: 0.8, aroundPixelX: centre.x, y: centre.y, in: plot.size) }
        case Int(SDLK_LEFT.rawValue):
            changeView { $0.pan(byPixelsX: Double(plot.width) / 10, y: 0, in: plot.size) }
        case Int(SDLK_RIGHT.rawValue):
            changeView { $0.pan(byPixelsX: -Double(plot.width) / 10, y: 0, in: plot.size) }
        case Int(SDLK_UP.rawValue):
            changeView { $0.pan(byPixelsX: 0, y: Double(plot.height) / 10, in: plot.size) }
        case Int(SDLK_DOWN.rawValue):
            changeView { $0.pan(byPixelsX: 0, y: -Double(plot.height) / 10, in: plot.size) }
        default:
            break
        }
        return .keepRunning
    }

    /// Changes the view, if the data is here yet, and records it for the session.
    private func changeView(_ change: (inout Viewport) -> Void) {
        guard chart != nil else { return }
        change(&chart!.viewport)
        userMoved = true
        needsDisplay = true
        remember { $0.visible = self.chart?.viewport.visible }
    }

    private func rememberWindowSize() {
        let window = device.context.windowSize
        remember {
            $0.windowWidth = window.width
            $0.windowHeight = window.height
        }
    }

    /// Updates the session and saves it once changes settle.
    private func remember(_ update: (inout Session) -> Void) {
        guard let store else { return }
        var updated = session ?? {
            var fresh = Session()
            fresh.noteOpened(path)
            return fresh
        }()
        update(&updated)
        session = updated
        store.save(updated)
    }

    /// Whether a fade, the gradient or a theme switch is still moving.
    private var isAnimating: Bool {
        guard let scene = chart?.scene else { return false }
        return scene.isAnimating || scene.needsFrame
    }

    /// Advances the animations by the time since the last animated frame (one 60 Hz
    /// frame when they start from rest, at most a tenth of a second after a stall).
    private func advanceAnimations() {
        guard let scene = chart?.scene else { return }
        let now = SDL_GetTicks64()
        let seconds = lastAnimationTick.map { min(Double(now - $0) / 1000, 0.1) } ?? 1.0 / 60
        scene.advance(by: seconds)
        lastAnimationTick = scene.isAnimating ? now : nil
    }

    private func draw() {
        let drawable = device.context.drawableSize
        let size = PixelSize(width: drawable.width, height: drawable.height)
        device.bind(nil)
        if let chart {
            chart.scene.draw(viewport: chart.viewport, framebufferSize: size, scale: pixelScale)
        } else {
            ChartScene.clear(to: theme.background, framebufferSize: size)
            progress.draw(fraction: loading.progress, framebufferSize: size, scale: pixelScale,
                          color: theme.color(forSeries: 0))
        }
        device.context.swap()
    }

    /// Drawable pixels per window coordinate: 2 on a typical HiDPI screen.
    private var pixelScale: Double {
        let window = device.context.windowSize
        return window.width > 0 ? Double(device.context.drawableSize.width) / Double(window.width) : 1
    }

    private var plotRect: PixelRect {
        let drawable = device.context.drawableSize
        return ChartLayout.standard.plotRect(in: PixelSize(width: drawable.width, height: drawable.height), scale: pixelScale)
    }

    private func drawablePoint(x: Int32, y: Int32) -> (x: Double, y: Double) {
        // A mouse position names a pixel; its centre is the best estimate of the pointer.
        ((Double(x) + 0.5) * pixelScale, (Double(y) + 0.5) * pixelScale)
    }
}
