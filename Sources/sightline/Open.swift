import ArgumentParser
import ChartApp
import ChartData
import ChartGeometry
import ChartRender
import ChartSources
import ChartSupport
import Foundation
import Synchronization

/// The session to save if the process ends through `exit()` (Xlib calls it when the
/// display connection breaks).
private let sessionFlushedAtExit = Mutex<SessionStore?>(nil)

struct Open: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Open a data file in a window (without FILE, the last one opened).",
        discussion: """
        The window opens at once and shows a progress bar while a large file loads. The \
        view of each file and the window size are remembered in \
        $XDG_CONFIG_HOME/sightline/session.json (default ~/.config/sightline/).

        With no display (neither DISPLAY nor WAYLAND_DISPLAY is set), renders the chart \
        to a PNG in the temporary folder instead, says where, and how to get a window.
        """
    )

    @Argument(help: "The data file to open ('-' for standard input); default: the last file opened.")
    var file: String?

    @Argument(help: """
        More files to show in the same chart, each series on its own file's x (the data options apply to every \
        file); a file dropped on the window joins too.
        """)
    var moreFiles: [String] = []

    @OptionGroup var data: DataOptions

    @OptionGroup var look: LookOptions

    @OptionGroup var scale: ScaleOptions

    @Option(parsing: .unconditional, help: "Window size in screen coordinates, WIDTHxHEIGHT (default: as last time, or 1280x720).", transform: SizeArgument.parsing)
    var size: SizeArgument?

    @Option(parsing: .unconditional, help: "Line width in pixels.")
    var lineWidth: Double = 2

    @Option(parsing: .unconditional, help: """
        The newest share of the data shown when a file opens for the first time (0…1; default 0.2, and all of a \
        file followed or standard input).
        """)
    var initialRange: Double?

    @Option(parsing: .unconditional, help: "The length in seconds of the audiograph the a key plays (up to 300).")
    var audioSeconds: Double = Audiograph.defaultSeconds

    @Flag(help: "Do not say the summary (key s) aloud, even where speech-dispatcher's spd-say is installed.")
    var noSpeech = false

    @Flag(name: [.customLong("follow"), .customShort("f")], help: """
        Keep reading what is appended to FILE, like tail -f, through a rotation by rename or a truncation: the \
        view follows the newest rows while its right edge is at the end. Standard input ('-') is always followed. \
        A gzip or UTF-16 file is refused (open it without --follow); such standard input is read to its end, not followed.
        """)
    var follow = false

    @Option(parsing: .unconditional, help: "The left axis's y range in data units, A:B, set by hand (as Shift+wheel sets it) until 0 fits it.",
            transform: RangeArgument.parsing)
    var yRange: RangeArgument?

    @Option(parsing: .unconditional, help: "The right axis's y range in data units, A:B, set by hand until 0 fits it.",
            transform: RangeArgument.parsing)
    var y2Range: RangeArgument?

    func validate() throws {
        try NumberCheck.lineWidth(lineWidth)
        if let initialRange, !(initialRange > 0 && initialRange <= 1) {
            throw ValidationError(NumberCheck.message("--initial-range", initialRange, "a share above 0 and at most 1"))
        }
        try NumberCheck.seconds(audioSeconds, option: "--audio-seconds")
        if follow, !moreFiles.isEmpty {
            throw ValidationError("--follow follows one file: name only the file that grows (the others open in a window of their own)")
        }
    }

    func run() throws {
        do {
            try open()
        } catch let exit as ExitCode where file == nil && exit.rawValue == 64 {
            CommandSupport.printError("note: the file and its --chart, --x and --y came from the session (the last file "
                                      + "opened); name the file or the columns to choose others")
            throw exit
        }
    }

    private func open() throws {
        let givenY = try scale.yRanges(left: yRange, right: y2Range)
        let store = SessionStore()
        store.onWarning = { CommandSupport.printError("warning: \($0)") }
        var options = data.loadOptions
        let path: String
        var morePaths = moreFiles.map(Self.realPath)
        if let file {
            path = Self.realPath(file)
        } else {
            // The last file again, with the chart and columns it was opened with, unless
            // the command line names others.
            guard let last = store.loadNow().mostRecent else {
                throw ValidationError("no file given, and no file was opened before: sightline FILE")
            }
            path = last.path
            // The set of files it was shown with, as it was left, less any gone since:
            // one file moved away must not keep the others from opening.
            morePaths = last.addedFiles.filter { added in
                guard FileManager.default.isReadableFile(atPath: added) else {
                    CommandSupport.printError("warning: \(DisplayText.quoted(added)), shown beside \(DisplayText.quoted(path)) "
                                              + "last time, is no longer there to read: opening without it")
                    return false
                }
                return true
            }
            options.chart = options.chart ?? last.chart
            options.x = options.x ?? last.xColumn
            options.y = options.y ?? last.yColumns
            options.dateFormat = options.dateFormat ?? last.dateFormat.flatMap { try? DatePattern(strftime: $0) }
            options.utc = options.utc || last.utc
        }
        if follow {
            // A file that grows is read as it is each time: caching it would only write a
            // copy that the next line makes stale.
            options.usesCache = false
            // A database is polled for rows past its last x (`QueryFollow`).
            if SourceCatalog.standard.isLineText(path) {
                try CommandSupport.reporting { try FollowReader.requireLineText(path: path, options: options) }
            }
        }
        let environment = ProcessInfo.processInfo.environment
        let hasDisplay = environment["DISPLAY"].map { !$0.isEmpty } ?? false
            || environment["WAYLAND_DISPLAY"].map { !$0.isEmpty } ?? false
        guard hasDisplay else {
            let parts = try ([path] + morePaths).map { try CommandSupport.load($0, options: options) }
            try renderPreview(of: CommandSupport.reporting { try DatasetMerge.merge(parts) }, path: path)
            return
        }
        // The X server going away ends the process through exit(): save on the way out.
        sessionFlushedAtExit.withLock { $0 = store }
        atexit { sessionFlushedAtExit.withLock { $0 }?.flush() }
        try CommandSupport.reporting {
            let window = try ChartWindow(path: path, morePaths: morePaths, options: options, lod: data.lod,
                                         connectsGaps: data.connectGaps,
                                         size: size?.value,
                                         lineWidth: lineWidth, theme: look.givenTheme, gradient: !look.noGradient,
                                         font: look.font(plain: false), initialFraction: initialRange, smooth: look.smooth,
                                         store: path == "-" ? nil : store, audioSeconds: audioSeconds,
                                         speaks: !noSpeech, logAxes: scale.logAxes.isEmpty ? nil : scale.logAxes,
                                         follows: follow)
            window.givenY = givenY
            try window.run()
        }
        if let signal = SignalWatcher.receivedSignal { SignalWatcher.terminate(with: signal) }
    }

    /// Session entries name files by their real path, so the same file matches from any
    /// folder and through any link; a path that cannot be resolved (the load will say
    /// why) is made absolute.
    static func realPath(_ path: String) -> String {
        // Another kind's address (a database's URL) is kept as given.
        guard path != "-", SourceCatalog.standard.isFile(path) else { return path }
        guard let resolved = realpath(path, nil) else { return URL(fileURLWithPath: path).standardizedFileURL.path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Where the preview of `name` goes in the shared `folder`: `sightline-NAME.png`,
    /// unless something there is not a file of ours (a FIFO or a file another user left
    /// in /tmp, which writing would block on or replace); then `sightline-NAME-2.png`
    /// and on, the first that is free or ours.
    static func previewPath(in folder: String, name: String) -> String {
        for attempt in 1...100 {
            let candidate = "\(folder)/sightline-\(name)\(attempt == 1 ? "" : "-\(attempt)").png"
            var info = stat()
            guard lstat(candidate, &info) == 0 else { return candidate }
            if info.st_mode & S_IFMT == S_IFREG, info.st_uid == geteuid() { return candidate }
        }
        return "\(folder)/sightline-\(name)-\(getpid()).png"
    }

    private func renderPreview(of dataset: Dataset, path: String) throws {
        // The file's name, in letters a file name and a terminal take as they are, and short.
        let stem = URL(fileURLWithPath: path == "-" ? "stdin" : path).deletingPathExtension().lastPathComponent
        let name = String(stem.unicodeScalars.prefix(100).map { scalar -> Character in
            let safe = scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "._-".unicodeScalars.contains(scalar)
            return safe ? Character(scalar) : "_"
        })
        let folder = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        let output = Self.previewPath(in: folder, name: name)
        try CommandSupport.reporting {
            // The same picture `render` makes of the whole file.
            let plan = try RenderPlan(dataset: dataset, lod: data.lod, connectsGaps: data.connectGaps, plain: false,
                                      xRange: nil, yRange: nil, logAxes: scale.logAxes)
            ScaleOptions.warn(about: plan.source)
            let renderer = try OffscreenRenderer()
            let scene = try ChartScene(device: renderer.device, source: plan.source, theme: look.chartTheme,
                                       lineWidth: lineWidth, gradient: !look.noGradient, font: look.font(plain: false),
                                       smooth: look.smooth)
            let image = try renderer.render(scene, viewport: Viewport(visible: plan.visible),
                                            size: size?.value ?? PixelSize(width: 1280, height: 720))
            try PNGFile.write(image, to: output, refusing: [path])
        }
        print("""
        No display found (DISPLAY and WAYLAND_DISPLAY are unset), so the chart was rendered to:
          \(output)
        For a window, run this from a desktop session, or over SSH with 'ssh -X', or under
        a virtual display:
          xvfb-run -s '-screen 0 1920x1080x24' \(CommandSupport.shellQuoted(CommandLine.arguments[0])) \(([file ?? path] + moreFiles).map(CommandSupport.shellQuoted).joined(separator: " "))
        """)
    }
}
