import ArgumentParser
import ChartApp
import ChartData
import ChartGeometry
import ChartRender
import ChartSupport
import Foundation

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render a data file to a PNG image, without a window or a display.",
        discussion: """
        Uses SDL's offscreen video driver (EGL), so it works on servers and in CI. The \
        picture is what the window shows minus its controls: the legend (after --title), \
        the axes, the lines and the value label, on the theme's flat background unless \
        --gradient. The visible range defaults to all x and the y range of the data in view.
        """
    )

    @Argument(help: "The data file to render ('-' for standard input).")
    var file: String

    @Argument(help: """
        More files to show in the same chart, each series on its own file's x (--x, --y and the other data \
        options apply to every file).
        """)
    var moreFiles: [String] = []

    @Option(name: .customLong("out"), help: "The PNG file to write.")
    var output: String

    @OptionGroup var data: DataOptions

    @OptionGroup var look: LookOptions

    @OptionGroup var scale: ScaleOptions

    @Option(parsing: .unconditional, help: "Image size in pixels, WIDTHxHEIGHT (default: 1280x720).", transform: SizeArgument.parsing)
    var size: SizeArgument = SizeArgument(PixelSize(width: 1280, height: 720))

    @Option(parsing: .unconditional, help: ArgumentHelp("Visible x range, " + RangeArgument.xHelp + ".",
                               valueName: "x-range"), transform: RangeArgument.parsing)
    var xRange: RangeArgument?

    @Option(parsing: .unconditional, help: "Visible y range in data units, A:B.", transform: RangeArgument.parsing)
    var yRange: RangeArgument?

    @Option(parsing: .unconditional, help: ArgumentHelp("Measure between two points and draw the band and its figures: "
                                                        + "A:B as --x-range takes it; A and B are the first and last points in it.",
                                                        valueName: "A:B"), transform: RangeArgument.parsing)
    var measure: RangeArgument?
    @Option(parsing: .unconditional, help: "Visible y range of the right axis in data units, A:B (default: fitted to its series in view).",
            transform: RangeArgument.parsing)
    var y2Range: RangeArgument?

    @Option(parsing: .unconditional, help: "Line width in pixels.")
    var lineWidth: Double = 2

    @Flag(help: "Only the series on a flat background, filling the whole image: no margins, axes or decorations.")
    var plain = false

    @Option(help: "A title, written left of the legend above the plot.")
    var title: String?

    @Flag(help: "Paint the window's animated four-colour gradient behind the chart (default: the theme's flat colour, for documents).")
    var gradient = false

    /// Flat unless `--gradient` (and not `--no-gradient`, kept for scripts from before).
    var paintsGradient: Bool { gradient && !look.noGradient }

    @Option(name: .customLong("note"), parsing: .unconditionalSingleValue, help: NoteArgument.help, transform: NoteArgument.parsing)
    var notes: [NoteArgument] = []

    @Flag(help: "Also write the picture's summary in words (what describe prints for its range) beside it, as <out>.txt.")
    var altText = false

    @Flag(help: "Print the OpenGL renderer, the GPU memory used and the time taken.")
    var verbose = false

    func validate() throws {
        try NumberCheck.lineWidth(lineWidth)
        if gradient, look.noGradient { throw ValidationError("--gradient and --no-gradient ask for opposite backgrounds: give one") }
        if plain, measure != nil {
            throw ValidationError("--measure draws a band and a panel of figures, --plain the series alone: give one")
        }
        if plain, !notes.isEmpty { throw ValidationError("--note draws on the chart's frame, and --plain has none: give one") }
        if altText, !Self.isFilePath(output) {
            throw ValidationError("--alt-text writes <out>.txt beside the PNG, so --out must name a file, not standard output or a device")
        }
    }

    /// Whether `path` names a file (or nothing yet) rather than standard output, a
    /// device or a pipe, beside which `<path>.txt` can go.
    private static func isFilePath(_ path: String) -> Bool {
        guard path != "-", !path.hasPrefix("/dev/"), !path.hasPrefix("/proc/") else { return false }
        var info = stat()
        guard stat(path, &info) == 0 else { return true }
        return info.st_mode & S_IFMT == S_IFREG
    }

    func run() throws {
        let files = [file] + moreFiles
        if verbose { try StandardStreams.refuseInputs(files) }
        let pictureFile = OutputFile(path: output, refusing: files)
        let textFile = OutputFile(path: output + ".txt", refusing: files + [output])
        // Refused before the file is read or anything drawn; written together, so a
        // failure in either (a full disk) leaves both as they were.
        try CommandSupport.reporting {
            try pictureFile.check()
            if altText { try textFile.check() }
        }
        let givenY = try scale.yRanges(left: yRange, right: y2Range)
        let loaded = try CommandSupport.load(files, options: data)
        // A database's picture is the M4 of its range at the image's width: exact.
        let dataset = try CommandSupport.refining(loaded, of: files, options: data, over: { try xRange?.resolved(in: loaded) },
                                                  columns: size.value.width * RefinementPlan.columnsPerPixel)
        // The days asked for, refused as describe and audio refuse them when empty.
        let points = try xRange?.requiringData(in: dataset)
        let x = try xRange?.resolved(in: dataset)
        let measured = try measure?.measuredPoints(in: dataset)
        // The notes describe lists for the file, drawn unless --plain (which has no frame).
        let notes = plain ? [] : try CommandSupport.notes(for: file, chart: data.chart, arguments: self.notes, in: dataset)
        let plan = try CommandSupport.reporting {
            try RenderPlan(dataset: dataset, lod: data.lod, connectsGaps: data.connectGaps, plain: plain, xRange: x, points: points,
                           yRange: givenY.left, logAxes: scale.logAxes)
        }
        let source = plan.source
        ScaleOptions.warn(about: source)
        let rightY = givenY.right.flatMap { LogPlot.plotted($0, logarithmic: source.logAxes.contains(.right)) }
        let picture = plan.picture(rightY: rightY, notes: notes, measure: measured, theme: look.chartTheme, size: size.value,
                                   points: points)
        let description = altText ? picture.altText(of: source) : nil
        try CommandSupport.reporting {
            let renderer = try OffscreenRenderer()
            let scene = try picture.scene(device: renderer.device, source: source, layout: plain ? .plain : .standard,
                                          lineWidth: lineWidth, gradient: paintsGradient, font: look.font(plain: plain),
                                          title: title, smooth: look.smooth)
            let started = Date()
            let image = try picture.render(scene, with: renderer)
            let seconds = Date().timeIntervalSince(started)
            let written = (file: pictureFile, bytes: try PNGFile.encode(image, for: output))
            try OutputFile.write(together: [written] + (description.map { [(textFile, Array($0.utf8))] } ?? []))
            if verbose {
                print("renderer     \(renderer.device.renderer) (\(renderer.device.limits.version))")
                print("points       \(dataset.count) × \(dataset.series.count) series, LOD \(data.lod.rawValue)")
                print(String(format: "GPU memory   %d bytes uploaded, %.2f bytes per point", renderer.device.uploadedBytes,
                             Double(renderer.device.uploadedBytes) / Double(max(dataset.count * dataset.series.count, 1))))
                print(String(format: "render       %.1f ms (upload, draw, read back)", seconds * 1000))
            }
        }
    }
}
