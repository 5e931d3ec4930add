import Foundation
import CSDL2
import ChartCore
import ChartData
import ChartRender

/// The interactive window: one file, explored with the mouse and the keyboard.
///
/// Drag pans (a flick keeps going), the wheel zooms at the cursor, a right-drag zooms to
/// a box, double-click or `0` fits everything; hover shows the highlight and the info
/// board, a click pins it, Esc clears it; the range selector under the chart drags the
/// view; the legend toggles series (shift-click: only that one); `1`…`7` are the range
/// presets, `t` switches day and night, `a` plays the series in view as sound while a
/// line sweeps the chart in step (`a` again or Esc stops it), `q` or Ctrl+W closes; Tab
/// moves the keyboard's focus to the legend's toggles and the selector, and `?` lists
/// every key (`KeyBindings`). In a chart folder of
/// Telegram's round 2 (`overview.json` with `YYYY-MM/DD.json` beside it), a click on a
/// point or Enter opens its day, and Esc or "‹ Zoom out" goes back; the title says
/// which day is shown. It draws only while
/// something changes or animates and blocks in `SDL_WaitEvent` otherwise, so an idle
/// window costs no CPU.
///
/// The window opens at once and loads the file in the background, showing a progress
/// bar until the data is ready; the session (the file's last x range, hidden series,
/// theme, window size) is read in the background too, applied when it arrives, and
/// saved as things change.
public final class ChartWindow {
    private let context: GLContext
    private let device: RenderDevice
    private let path: String
    private let options: LoadOptions
    /// The window's title with no day open.
    private let title: String
    /// The day the title names now, if any.
    private var titledDay: String?
    private let lineWidth: Double
    private var theme: ChartTheme
    /// Whether the theme came from the command line (then the session's does not apply).
    private let themeWasGiven: Bool
    private let gradient: Bool
    private let font: FontFace?
    private let initialFraction: Double
    private let smooth: Bool
    private let progress: ProgressIndicator
    private let loading: LoadingTask
    private var scene: ExplorerScene?
    private var needsDisplay = true
    /// Sends pointer and key events to the presenters, once the data is here.
    private var router: InputRouter?
    private let store: SessionStore?
    private let sessionSlot = LockedSlot<Session>()
    /// This window's file in the session, and what the session remembers of it until
    /// the data is here to apply it.
    private var restore: SessionRestore
    private let sizeWasGiven: Bool
    private let wakeEvent: UInt32
    /// How far each frame advances the animations.
    private var clock = FrameClock()
    /// `SIGHTLINE_TRACE=1`: one line per frame on standard output (frame time, view), for
    /// tests and for measuring interaction on large files.
    private let trace = ProcessInfo.processInfo.environment["SIGHTLINE_TRACE"] == "1"
    /// `a`: the series in view as sound, with a line sweeping the chart in step.
    private let audiograph: AudiographPlayer
    /// Says the summary aloud (`s`), where speech-dispatcher is installed.
    private let speaker: Speaker


    /// Opens a window of `size` (window coordinates) and starts loading `path`.
    /// - Parameters:
    ///   - connectsGaps: join points across gaps in x (`--connect-gaps`).
    ///   - size: the window size; `nil` takes the session's, else 1280×720.
    ///   - theme: `nil` takes the session's, else day.
    ///   - initialFraction: the newest share of the data shown at first.
    ///   - smooth: draw the lines as smooth curves where the points are sparse (`--smooth`).
    ///   - store: where the session lives; `nil` remembers nothing.
    ///   - audioSeconds: the length of the audiograph `a` plays (`--audio-seconds`).
    ///   - speaks: say the summary (`s`) aloud through `spd-say` (`--no-speech` turns it off).
    /// - Throws: `RenderError` when no window or no OpenGL 3.3 context can be had.
    public init(path: String, options: LoadOptions = LoadOptions(), lod: LODMethod = .minMax, connectsGaps: Bool = false,
                size: PixelSize?,
                lineWidth: Double = 2, theme: ChartTheme? = nil, gradient: Bool = true, font: FontFace? = nil,
                initialFraction: Double = 0.2, smooth: Bool = false, store: SessionStore?,
                audioSeconds: Double = Audiograph.defaultSeconds,
                speaks: Bool = true) throws {
        speaker = Speaker(enabled: speaks)
        self.path = path
        self.options = options
        self.lineWidth = lineWidth
        self.theme = theme ?? .day
        themeWasGiven = theme != nil
        self.gradient = gradient
        self.font = font
        self.initialFraction = initialFraction
        self.smooth = smooth
        self.store = store
        audiograph = AudiographPlayer(seconds: audioSeconds)
        restore = SessionRestore(file: SessionEntry(path: path, chart: options.chart, xColumn: options.x, yColumns: options.y))
        sizeWasGiven = size != nil
        let windowSize = size ?? PixelSize(width: 1280, height: 720)
        let named = path == "-" ? "standard input" : DisplayText.escaped(path)
        title = "Sightline — \(named)"
        let context = try GLContext(mode: .window(title: title), size: (windowSize.width, windowSize.height))
        self.context = context
        device = RenderDevice(context: context)
        progress = try ProgressIndicator(device: device)
        wakeEvent = SDL_RegisterEvents(1)
        loading = try LoadingTask(path: path, options: options, lod: lod, connectsGaps: connectsGaps, wakeEvent: wakeEvent)
        if let store {
            // Recorded at once, so quitting before the session or the data arrives still
            // counts the file as opened (`run` flushes on the way out).
            // A size given with --size is the size "as last time" for the next start.
            store.save(SessionUpdate(file: restore.file, windowSize: size))
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

    /// Runs until the window is closed, or a signal (SIGINT, SIGTERM, SIGHUP) asks it
    /// to quit; the session is saved either way (`SignalWatcher.receivedSignal` then
    /// says which signal it was).
    /// - Throws: the `DataLoadError` of a file that failed to load.
    public func run() throws {
        SignalWatcher.setHandler { _ in
            var quit = SDL_Event()
            quit.type = SDL_QUIT.rawValue
            return SDL_PushEvent(&quit) == 1
        }
        defer {
            SignalWatcher.setHandler(nil)
            store?.flush()
            // No `spd-say` outlives the window, even one that hangs.
            speaker.shutDown()
        }
        var event = SDL_Event()
        while true {
            if needsDisplay || isAnimating {
                let started = SDL_GetPerformanceCounter()
                advanceAnimations()
                updateTitle()
                draw()
                needsDisplay = false
                if trace { traceFrame(since: started) }
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
            restore.sessionArrived(arrived)
            if !sizeWasGiven, let w = arrived.windowWidth, let h = arrived.windowHeight {
                // The session's size is already within 200…16384; no larger than the screen either.
                context.setWindowSize(width: w, height: h)
            }
            if !themeWasGiven, let saved = ChartTheme.named(arrived.theme), saved != theme {
                theme = saved
                scene?.setTheme(saved, animated: false)
            }
            applySession()
        }
        switch loading.takeOutcome() {
        case let .loaded(source)?:
            guard Viewport.fitting(source) != nil else {
                throw DataLoadError.noData(file: source.dataset.source, reason: "no finite point to show")
            }
            let made = try ExplorerScene(device: device, source: source, canvas: drawableSize, scale: pixelScale, theme: theme,
                                         lineWidth: lineWidth, gradient: gradient, font: font, initialFraction: initialFraction,
                                         smooth: smooth, days: DayFiles(besideOverview: path), dayOptions: options)
            made.onNotice = { message in
                var line = "sightline: \(message)\n"
                _ = line.withUTF8 { OutputFile.writeAll(UnsafeRawBufferPointer($0), to: STDERR_FILENO) }
            }
            made.main.onViewChange = { [unowned self] in rememberView() }
            made.main.gradient.shift()
            scene = made
            router = InputRouter(main: made.main, selector: made.selector)
            applySession()
        case let .failed(error)?:
            throw error
        case nil:
            break
        }
    }

    /// Restores the file's last x range and hidden series, once both the data and the
    /// session are here, and records the window's size as it then is.
    private func applySession() {
        guard let main = scene?.main, let saved = restore.take(userMoved: router?.userMoved == true) else { return }
        SessionRestore.apply(saved, to: main)
        rememberWindowSize()
    }

    private enum Outcome { case keepRunning, quit }

    private func handle(_ event: SDL_Event) -> Outcome {
        guard let decoded = SDLEventDecoder(pixelScale: pixelScale).decode(event) else { return .keepRunning }
        if let panel = scene?.shownSummary, panel.isShown, decoded != .command(.summary) {
            let usedUp = panel.intercept(decoded)
            if !panel.isShown { speaker.cancel() }
            if usedUp { return .keepRunning }
        }
        switch decoded {
        case .quit, .command(.quit):
            return .quit
        case .resized:
            needsDisplay = true
            scene?.resize(to: drawableSize, scale: pixelScale)
            if scene != nil { rememberWindowSize() }
        case .exposed:
            needsDisplay = true
        case .command(.toggleTheme):
            theme = theme == .day ? .night : .day
            scene?.setTheme(theme, animated: true)
            remember(SessionUpdate(theme: theme.name))
            needsDisplay = true
        case .command(.audiograph):
            if let scene, let problem = audiograph.toggle(on: scene.shownMain) { say(problem) }
            needsDisplay = true
        case .command(.chart(.escape)) where audiograph.isPlaying:
            // Esc silences first, and does only that.
            audiograph.stop()
            needsDisplay = true
        case .command(.keyHelp):
            scene?.showsKeyHelp.toggle()
        case .command(.chart(.escape)) where scene?.showsKeyHelp == true:
            scene?.showsKeyHelp = false
        case .command(.chart):
            if route(decoded) { needsDisplay = true }
        case .command(.summary):
            toggleSummary()
            needsDisplay = true
        default:
            // Pointer events: the presenters ask for frames themselves when something changes.
            route(decoded)
        }
        return .keepRunning
    }

    /// Shows `message` on the chart for a while and writes it to standard error.
    private func say(_ message: String) {
        scene?.notice.show(message)
        scene?.onNotice?(message)
    }

    /// Sends `event` to the chart shown (the overview, or a day's) through the scene,
    /// which takes what belongs to opening and closing a day.
    @discardableResult
    private func route(_ event: ChartEvent) -> Bool {
        guard let scene, let router else { return false }
        return scene.route(event, through: router)
    }

    /// Shows the summary of the view in its panel, prints it and says it; or, when it is
    /// up, puts it away and stops the speech.
    private func toggleSummary() {
        guard let scene else { return }
        let panel = scene.shownSummary
        guard !panel.isShown else {
            panel.hide()
            speaker.cancel()
            return
        }
        let lines = scene.shownMain.summary.lines
        panel.show(lines)
        fflush(nil)
        var text = lines.map { DisplayText.escaped($0, limit: 2000) }.joined(separator: "\n") + "\n"
        _ = text.withUTF8 { OutputFile.writeAll(UnsafeRawBufferPointer($0), to: STDOUT_FILENO) }
        speaker.speak(lines.joined(separator: " "))
    }

    /// Names the day shown in the window's title, when that changed.
    private func updateTitle() {
        let day = scene?.zoom.dayLabel
        guard day != titledDay else { return }
        titledDay = day
        context.setTitle(day.map { "\(title) — \($0)" } ?? title)
    }

    /// Records the view and the hidden series for the session.
    private func rememberView() {
        guard let main = scene?.main else { return }
        remember(restore.viewUpdate(of: main))
    }

    private func rememberWindowSize() {
        let window = context.windowSize
        remember(SessionUpdate(windowSize: PixelSize(width: window.width, height: window.height)))
    }

    /// Saves this window's change once changes settle; the store merges it with what
    /// other windows saved meanwhile.
    private func remember(_ update: SessionUpdate) {
        store?.save(update)
    }

    /// Whether an animation, a flick or a change is still to be drawn.
    private var isAnimating: Bool {
        guard let scene else { return false }
        return scene.isAnimating || scene.needsFrame || audiograph.isPlaying
    }

    /// Advances the animations by `clock`'s step.
    private func advanceAnimations() {
        guard let scene else { return }
        if audiograph.isPlaying { audiograph.update(shown: scene.shownMain) }
        clock.step(at: SDL_GetTicks64()) { seconds in
            scene.advance(by: seconds)
            return scene.isAnimating
        }
    }

    private func draw() {
        let screen = device.screen(size: drawableSize)
        if let scene {
            scene.draw(into: screen)
        } else {
            device.beginPass(screen, clearTo: theme.background)
            progress.draw(fraction: loading.progress, scale: pixelScale, color: theme.color(forSeries: 0))
            device.endPass()
        }
        context.swap()
    }

    /// One trace line: the frame's time to finished (glFinish), the x range of the chart
    /// shown, the info board's box, the hidden series, the `?` panel's box, the
    /// audiograph's sweep line (data x) and, last, the day shown.
    private func traceFrame(since started: UInt64) {
        device.finish()
        let ms = Double(SDL_GetPerformanceCounter() - started) * 1000 / Double(SDL_GetPerformanceFrequency())
        guard let main = scene?.shownMain else { return }
        let x = main.stage.viewport.current
        var line = String(format: "frame %.2f ms x %.6f %.6f", ms, x.minX, x.maxX)
        if let box = main.highlight.boardBox {
            line += String(format: " board %.0f %.0f %.0f %.0f", box.x, box.y, box.width, box.height)
        }
        if let box = scene?.shownSummary.panelBox {
            line += String(format: " summary %.0f %.0f %.0f %.0f", box.x, box.y, box.width, box.height)
        }
        let hidden = main.lines.dataset.series.indices.filter { !main.lines.isVisible($0) }
        if !hidden.isEmpty { line += " hidden " + hidden.map { DisplayText.name(main.lines.dataset.series[$0].name) }.joined(separator: ",") }
        if let panel = scene?.keyHelpPanel {
            line += String(format: " keys %.0f %.0f %.0f %.0f", panel.x, panel.y, panel.width, panel.height)
        }
        if let sweep = main.audioCursor.x { line += String(format: " audio %.6f", sweep) }
        if let day = scene?.zoom.dayLabel, scene?.zoom.phase == .inDay { line += " day \(day)" }
        print(line)
        fflush(nil)
    }

    private var drawableSize: PixelSize {
        let drawable = context.drawableSize
        return PixelSize(width: drawable.width, height: drawable.height)
    }

    /// Drawable pixels per window coordinate: 2 on a typical HiDPI screen.
    private var pixelScale: Double {
        let window = context.windowSize
        return window.width > 0 ? Double(context.drawableSize.width) / Double(window.width) : 1
    }
}
