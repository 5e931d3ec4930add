import CSDL2
import ChartData
import ChartGeometry
import ChartInteraction
import ChartRender
import ChartSources
import ChartStage
import ChartSupport
import Foundation

/// The interactive window: one file, explored with the mouse and the keyboard (every
/// key and mouse action is listed by `?`, `KeyBindings`). In a chart folder of
/// Telegram's round 2 (`overview.json` with `YYYY-MM/DD.json` beside it), a click on a
/// point or Enter opens its day, and the title says which day is shown.
///
/// This type keeps SDL's and OpenGL's lifetime and the loop. SDL's events are decoded
/// once (`SDLEventDecoder`) and go to one `CommandRouter`, whose owners (summary,
/// theme, audiograph, `?` panel, day navigation, chart) do what they mean; the session
/// is `WindowSession`'s. Every change raises one frame flag (`FrameRequest`); the loop
/// draws a frame (advance, lower the flag, one commit, draw) while it is up and blocks in
/// `SDL_WaitEvent` otherwise, so an idle window costs no CPU.
///
/// The window opens at once and loads the file in the background, showing a progress
/// bar until the data is ready; the session (the file's last x range, hidden series,
/// theme, window size) is read in the background too, applied when it arrives, and
/// saved as things change.
public final class ChartWindow {
    private let context: GLContext
    private let device: RenderDevice
    private var title: WindowTitle
    private let progress: ProgressIndicator
    private var loading: LoadingTask
    /// The file followed as it grows (`--follow`, standard input), once the chart is shown.
    var follow: FollowTask?
    /// The rows the frame about to be drawn takes in first (`SIGHTLINE_TRACE`).
    var followTrace: String?
    /// Refines the views of a queried source (a database) as they stop (`ChartWindow+Refine`).
    var refiner: ViewRefiner?
    /// Follows a queried source that grows (`--follow` on a database).
    var queryFollow: QueryFollow?
    /// The log axes the refiner's sources are made for.
    let refineLogAxes = SharedLogAxes()
    /// How the first read's source was built, for the refined ones.
    private let sourceBuild: (lod: LODMethod, connectsGaps: Bool, follows: Bool)
    /// The files in the chart and those dropped on it waiting to join.
    private var files: ChartFiles
    /// Loads the chart again with other files (a drop).
    private let reload: ([String]) throws -> LoadingTask
    /// Makes the scene once the data is here, with the command line's look.
    private let makeScene: (DataSource, _ canvas: PixelSize, _ scale: Double, ChartTheme, FrameRequest) throws -> ExplorerScene
    private let days: DayFileLoader?
    var scene: ExplorerScene?
    /// The one flag of "a frame is owed", shared by every stage the window draws.
    let frames = FrameRequest()
    private let commands: CommandRouter
    private let theme: ThemeCommands
    /// The owners over the scene, once it is here.
    private var owners: ExplorerCommands?
    /// Quit, the log axes and the export: after a note's field in the router's order.
    private lazy var windowCommands = WindowCommands(toggleLogScale: { [unowned self] in toggleLogScale($0) },
                                                     export: { [unowned self] in if let scene { exportView(of: scene) } })
    let session: WindowSession
    private let sizeWasGiven: Bool
    /// The y ranges the command line sets by hand (`open --y-range`, `--y2-range`): over
    /// the session's, once the chart is here.
    public var givenY = ManualYRanges()
    let wakeEvent: UInt32
    /// How far each frame advances the animations.
    private var clock = FrameClock()
    /// `a`: the series in view as sound, with a line sweeping the chart in step.
    private let player: AudiographPlayer
    /// Says the summary aloud (`s`), where speech-dispatcher is installed.
    private let speaker: Speaker
    /// The chart's file, whose name and folder the export (Ctrl+S) uses.
    let path: String
    /// Which y axes are logarithmic (`l`, Shift+L, `--log-y`, the session's).
    let logScale: WindowLogScale

    /// Opens a window of `size` (window coordinates) and starts loading `path`.
    /// - Parameters:
    ///   - connectsGaps: join points across gaps in x (`--connect-gaps`).
    ///   - size: the window size; `nil` takes the session's, else 1280×720.
    ///   - theme: `nil` takes the session's, else day.
    ///   - initialFraction: the newest share of the data shown at first (`initialFraction(given:following:)`).
    ///   - smooth: draw the lines as smooth curves where the points are sparse (`--smooth`).
    ///   - store: where the session lives; `nil` remembers nothing.
    ///   - audioSeconds: the length of the audiograph `a` plays (`--audio-seconds`).
    ///   - speaks: say the summary (`s`) aloud through `spd-say` (`--no-speech` turns it off).
    ///   - logAxes: the y axes `--log-y`/`--log-y2` draw logarithmic; `nil` takes the session's.
    /// - Throws: `RenderError` when no window or no OpenGL 3.3 context can be had.
    public init(path: String, morePaths: [String] = [], options: LoadOptions = LoadOptions(), lod: LODMethod = .minMax,
                connectsGaps: Bool = false, size: PixelSize?,
                lineWidth: Double = 2, theme: ChartTheme? = nil, gradient: Bool = true, font: FontFace? = nil,
                initialFraction: Double? = nil, smooth: Bool = false, store: SessionStore?,
                audioSeconds: Double = Audiograph.defaultSeconds,
                speaks: Bool = true, logAxes: Set<YAxisSide>? = nil, follows: Bool = false) throws {
        logScale = WindowLogScale(given: logAxes)
        sourceBuild = (lod, connectsGaps, follows)
        speaker = Speaker(enabled: speaks)
        self.path = path
        player = AudiographPlayer(seconds: audioSeconds)
        title = WindowTitle(sources: [path] + morePaths)
        sizeWasGiven = size != nil
        let windowSize = size ?? PixelSize(width: 1280, height: 720)
        let context = try GLContext(mode: .window(title: title.text), size: (windowSize.width, windowSize.height))
        self.context = context
        // Typed text is asked for only while a note's field is open (`NoteCommands`).
        SDL_StopTextInput()
        let device = RenderDevice(context: context)
        self.device = device
        progress = try ProgressIndicator(device: device)
        wakeEvent = SDL_RegisterEvents(1)
        files = ChartFiles(paths: [path] + morePaths)
        reload = { [wakeEvent, logScale] paths in
            try LoadingTask(paths: paths, options: options, lod: lod, connectsGaps: connectsGaps, logAxes: logScale.requested,
                            wakeEvent: wakeEvent)
        }
        let followed = try Self.followTask(path: path, morePaths: morePaths, asked: follows, options: options, lod: lod,
                                           connectsGaps: connectsGaps, logAxes: logScale.requested, wakeEvent: wakeEvent)
        follow = followed
        let initialFraction = Self.initialFraction(given: initialFraction, following: followed != nil || follows)
        loading = try followed.map { [wakeEvent, logScale] followed in
            try LoadingTask(paths: [path], options: options, lod: lod, connectsGaps: connectsGaps, logAxes: logScale.requested,
                            wakeEvent: wakeEvent, reading: followed.readFirst)
        } ?? reload(files.paths)
        makeScene = { source, canvas, scale, theme, frames in
            try ExplorerScene(device: device, source: source, canvas: canvas, scale: scale, theme: theme, lineWidth: lineWidth,
                              gradient: gradient, font: font, initialFraction: initialFraction, smooth: smooth, frames: frames)
        }
        days = DayFiles(besideOverview: path).map { DayFileLoader(days: $0, options: options) }
        // Neither the session nor the title keeps a database's password.
        var entry = SessionEntry(path: DisplayText.withoutPassword(path), chart: options.chart, xColumn: options.x,
                                 yColumns: options.y)
        entry.addedFiles = morePaths.map(DisplayText.withoutPassword)
        (entry.dateFormat, entry.utc) = (options.dateFormat?.name, options.utc)
        let session = WindowSession(store: store, file: entry, givenSize: size, wakeEvent: wakeEvent)
        self.session = session
        self.theme = ThemeCommands(given: theme) { session.remember($0) }
        commands = CommandRouter(owners: [self.theme], frames: frames)
        commands.setOwners([windowCommands, self.theme])
        self.theme.apply = { [unowned self] theme, animated in scene?.setTheme(theme, animated: animated) }
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
            follow?.stop()
            refiner?.stop()
            queryFollow?.stop()
            session.flush()
            // No `spd-say` outlives the window, even one that hangs.
            speaker.shutDown()
        }
        var event = SDL_Event()
        while true {
            if frames.isPending { drawFrame() }
            let waited = frames.isPending ? SDL_WaitEventTimeout(&event, 4) : SDL_WaitEvent(&event)
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

    /// One frame: advance the animations, lower the flag (only here: what the builds change
    /// is owed to the next frame), commit and draw; while anything moves, ask for the next.
    private func drawFrame() {
        let started = SDL_GetPerformanceCounter()
        let moving = advanceAnimations()
        frames.beginFrame()
        if let named = title.naming(day: scene?.zoom.dayLabel) { context.setTitle(named) }
        let screen = device.screen(size: drawableSize)
        noteViewForRefining()
        if let scene {
            scene.draw(into: screen)
        } else {
            device.beginPass(screen, clearTo: theme.theme.background)
            progress.draw(fraction: loading.progress, scale: pixelScale, color: theme.theme.color(forSeries: 0))
            device.endPass()
        }
        context.swap()
        if moving { frames.request() }
        traceFollow(finish: device.finish)
        guard FrameTrace.isOn, let scene else { return }
        device.finish()
        let ms = Double(SDL_GetPerformanceCounter() - started) * 1000 / Double(SDL_GetPerformanceFrequency())
        FrameTrace.print(FrameTrace.line(milliseconds: ms, scene: scene))
    }

    /// Advances the audiograph's sweep and, by `clock`'s step, the scene; returns whether
    /// anything still moves.
    private func advanceAnimations() -> Bool {
        guard let scene else { return false }
        let playing = owners?.audiograph.advance() ?? false
        var moving = false
        clock.step(at: SDL_GetTicks64()) { seconds in
            moving = scene.advance(by: seconds)
            return moving
        }
        return moving || playing
    }

    /// Picks up what the background threads delivered: load progress, the data, the session.
    private func takeBackgroundResults() throws {
        frames.request()
        takeFollowUpdate()
        takeRefinement()
        if let arrived = session.takeArrived() {
            if !sizeWasGiven, let w = arrived.windowWidth, let h = arrived.windowHeight {
                // The session's size is already within 200…16384; no larger than the screen either.
                context.setWindowSize(width: w, height: h)
            }
            theme.sessionArrived(themeNamed: arrived.theme)
            let file = session.file
            if logScale.sessionArrived(arrived.entry(for: file.path, chart: file.chart)?.logAxes), scene != nil {
                applyLogScale(toggled: nil)
            }
            applySession()
        }
        switch loading.takeOutcome() {
        case let .loaded(source)? where scene != nil:
            try showJoined(source)
        case let .failed(error)? where scene != nil:
            // A dropped file that could not join: the chart stays as it was.
            files.loadEnded(joined: false)
            scene?.say(error.description)
            startPendingDrop()
        case let .loaded(source)?:
            guard Viewport.fitting(source) != nil else {
                throw DataLoadError.noData(file: source.dataset.source, reason: "no finite point to show")
            }
            let source = logScale.source(over: source)
            let made = try makeScene(source, drawableSize, pixelScale, theme.theme, frames)
            made.main.gradient.shift()
            install(made)
            made.main.restoreManualY(givenY)
            if let warning = source.logWarning { made.say(warning) }
            applySession()
            startPendingDrop()
            startFollowing(from: source)
            startRefining(from: source, taking: loading.takeQueried(), lod: sourceBuild.lod,
                          connectsGaps: sourceBuild.connectsGaps, follows: sourceBuild.follows)
        case let .failed(error)?:
            throw error
        case nil:
            break
        }
    }

    /// Makes `made` the window's scene: its messages to standard error, its view to the
    /// session, the commands to its owners.
    func install(_ made: ExplorerScene) {
        made.onNotice = { Self.write("sightline: \($0)\n", to: STDERR_FILENO) }
        made.main.onViewChange = { [unowned self, unowned made] in session.rememberView(of: made.main) }
        made.main.measure.onChange = { [unowned self, unowned made] in session.rememberMeasure(of: made.main) }
        scene = made
        route(to: made)
    }

    /// Rebuilds the data source and the scene for the log axes asked for, keeping what
    /// the user set (`replaceScene`) and the theme; says what changed when a key
    /// `toggled` an axis. With `SIGHTLINE_TRACE=1` prints how long it took.
    private func applyLogScale(toggled side: YAxisSide?) {
        guard let old = scene else { return }
        let started = SDL_GetPerformanceCounter()
        follow?.want(logAxes: logScale.requested)
        let source = logScale.source(over: old.main.source)
        guard source !== old.main.source else { return }
        do {
            let made = try replaceScene(of: old, with: source)
            if let side { made.notice.show(WindowLogScale.message(for: side, in: source)) }
            if let warning = source.logWarning { made.say(warning) }
        } catch {
            old.say("\(error)")
        }
        frames.request()
        if FrameTrace.isOn {
            let ms = Double(SDL_GetPerformanceCounter() - started) * 1000 / Double(SDL_GetPerformanceFrequency())
            FrameTrace.print(FrameTrace.logScaleLine(milliseconds: ms))
        }
    }

    /// Adds a dropped file to the chart, on its own x: the set loads again in the
    /// background while the chart stays, and the new chart takes its place with the
    /// view kept; a file that cannot join (dates beside numbers, not readable) says why
    /// on the chart. A file dropped while a load is under way waits for it.
    private func addFile(_ path: String) {
        if let refused = refusesDrop() {
            scene?.say(refused)
            return
        }
        if let refused = files.drop(path) {
            scene?.say(refused)
            return
        }
        startPendingDrop()
    }

    /// Starts loading the set with the next dropped file, once the chart is here and
    /// no other drop's load is under way.
    private func startPendingDrop() {
        guard scene != nil, let next = files.nextLoad() else { return }
        do {
            loading = try reload(next)
        } catch {
            files.loadEnded(joined: false)
            scene?.say("\(error)")
        }
    }

    /// Shows `source`, the set with a dropped file, in place of the chart, with what the
    /// user set kept, and records the set in the session.
    private func showJoined(_ source: DataSource) throws {
        guard let old = scene, files.loading != nil else { return }
        try replaceScene(of: old, with: source)
        files.loadEnded(joined: true)
        title = WindowTitle(sources: files.paths)
        context.setTitle(title.text)
        session.noteAddedFiles(files.paths.dropFirst().map(DisplayText.withoutPassword))
        startPendingDrop()
    }

    /// The one way a new chart over `source` takes `old`'s place (a log axis toggled, a
    /// file dropped): it takes over what the user set (`ChartPresenter.carry`: notes, the
    /// one being typed, measure, hidden series, x, y by hand), is installed as the first
    /// chart is, and its view goes to the session.
    @discardableResult
    private func replaceScene(of old: ExplorerScene, with source: DataSource) throws -> ExplorerScene {
        let made = try makeScene(source, drawableSize, pixelScale, theme.theme, frames)
        made.main.carry(from: old.main)
        install(made)
        session.rememberView(of: made.main)
        return made
    }

    /// Sends the commands to the owners over `scene`, in their precedence.
    private func route(to scene: ExplorerScene) {
        let owners = ExplorerCommands(chart: scene, theme: theme, player: player, speech: speaker, days: days,
                                      clipboard: SDLClipboard(), rememberNotes: { [session] in session.rememberNotes($0) },
                                      window: windowCommands) {
            fflush(nil)
            Self.write($0, to: STDOUT_FILENO)
        }
        owners.notes.onEditingChange = { editing in
            if editing { SDL_StartTextInput() } else { SDL_StopTextInput() }
        }
        commands.setOwners(owners.owners)
        self.owners = owners
    }

    /// Restores the file's last view once both the data and the session are here, and
    /// records the window's size as it then is.
    private func applySession() {
        guard let main = scene?.main, session.apply(to: main, userMoved: owners?.chart.userMoved == true) else { return }
        main.restoreManualY(givenY)
        rememberWindowSize()
    }

    private enum Outcome { case keepRunning, quit }

    /// The window's own events (closed, resized, exposed, a file dropped) here; every
    /// other to the router, whose `WindowCommands` asks to quit (`q`, Ctrl+W).
    private func handle(_ event: SDL_Event) -> Outcome {
        guard let decoded = SDLEventDecoder(pixelScale: pixelScale).decode(event) else { return .keepRunning }
        switch decoded {
        case .quit:
            return .quit
        case .resized:
            frames.request()
            scene?.resize(to: drawableSize, scale: pixelScale)
            if scene != nil { rememberWindowSize() }
        case .exposed:
            frames.request()
        case let .fileDropped(path):
            SDL_free(event.drop.file)
            addFile(path)
        default:
            commands.send(decoded)
            if windowCommands.quitAsked { return .quit }
        }
        return .keepRunning
    }

    /// `l` (left) or Shift+L (right): that axis goes log or back, in the session too.
    private func toggleLogScale(_ side: YAxisSide) {
        guard scene != nil else { return }
        logScale.toggle(side)
        session.remember(SessionUpdate(file: session.file, logAxes: logScale.sessionValue))
        applyLogScale(toggled: side)
    }

    /// The drawable's size and scale, for the export.
    var exportCanvas: (size: PixelSize, scale: Double) { (drawableSize, pixelScale) }

    private func rememberWindowSize() {
        let window = context.windowSize
        session.remember(SessionUpdate(windowSize: PixelSize(width: window.width, height: window.height)))
    }

    private static func write(_ text: String, to descriptor: Int32) {
        var text = text
        _ = text.withUTF8 { OutputFile.writeAll(UnsafeRawBufferPointer($0), to: descriptor) }
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
