import ArgumentParser
import ChartCore
import ChartData
import ChartRender
import Foundation

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render a data file to a PNG image, without a window or a display.",
        discussion: """
        Uses SDL's offscreen video driver (EGL), so it works on servers and in CI. The \
        visible range defaults to all x and the y range of the data in view.
        """
    )

    @Argument(help: "The data file to render ('-' for standard input).")
    var file: String

    @Option(name: .customLong("out"), help: "The PNG file to write.")
    var output: String

    @OptionGroup var data: DataOptions

    @OptionGroup var look: LookOptions

    @Option(help: "Image size in pixels, WIDTHxHEIGHT (default: 1280x720).", transform: SizeArgument.parsing)
    var size: SizeArgument = SizeArgument(PixelSize(width: 1280, height: 720))

    @Option(help: "Visible x range in data units, A:B (e.g. --x-range=-5:10).", transform: RangeArgument.parsing)
    var xRange: RangeArgument?

    @Option(help: "Visible y range in data units, A:B.", transform: RangeArgument.parsing)
    var yRange: RangeArgument?

    @Option(help: "Line width in pixels.")
    var lineWidth: Double = 2

    @Flag(help: "Only the series on a flat background, filling the whole image: no margins, axes or decorations.")
    var plain = false

    @Flag(help: "Print the OpenGL renderer, the GPU memory used and the time taken.")
    var verbose = false

    func validate() throws {
        guard lineWidth > 0, lineWidth <= 64 else { throw ValidationError("--line-width must be in 0…64 pixels") }
    }

    func run() throws {
        let dataset = try CommandSupport.load(file, options: data)
        let plan: RenderPlan
        do {
            plan = try RenderPlan(dataset: dataset, lod: data.lod, connectsGaps: data.connectGaps, plain: plain,
                                  xRange: xRange.map { $0.lower...$0.upper },
                                  yRange: yRange.map { $0.lower...$0.upper })
        } catch let error as DataLoadError {
            throw CommandSupport.fail(error)
        }
        let source = plan.source
        try CommandSupport.reportingRenderErrors {
            let renderer = try OffscreenRenderer()
            let scene = try ChartScene(device: renderer.device, source: source, layout: plain ? .plain : .standard,
                                       theme: look.chartTheme, lineWidth: lineWidth, gradient: !look.noGradient,
                                       font: look.font(plain: plain))
            let started = Date()
            let image = try renderer.render(scene, viewport: Viewport(visible: plan.visible), size: size.value)
            let seconds = Date().timeIntervalSince(started)
            try PNGFile.write(image, to: output, refusing: [file])
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
