import ArgumentParser
import ChartApp
import ChartCore
import ChartData
import ChartRender
import Foundation

struct Open: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Open a data file in a window.",
        discussion: """
        With no display (neither DISPLAY nor WAYLAND_DISPLAY is set), renders the chart \
        to a PNG in the temporary folder instead, says where, and how to get a window.
        """
    )

    @Argument(help: "The data file to open ('-' for standard input).")
    var file: String

    @OptionGroup var data: DataOptions

    @Option(help: "Window size in screen coordinates, WIDTHxHEIGHT.")
    var size: SizeArgument = SizeArgument(PixelSize(width: 1280, height: 720))

    @Option(help: "Line width in pixels.")
    var lineWidth: Double = 2

    func validate() throws {
        guard lineWidth > 0, lineWidth <= 64 else { throw ValidationError("--line-width must be in 0…64 pixels") }
    }

    func run() throws {
        let dataset = try CommandSupport.load(file, options: data)
        let environment = ProcessInfo.processInfo.environment
        let hasDisplay = environment["DISPLAY"].map { !$0.isEmpty } ?? false
            || environment["WAYLAND_DISPLAY"].map { !$0.isEmpty } ?? false
        guard hasDisplay else {
            try renderPreview(of: dataset)
            return
        }
        try CommandSupport.reportingRenderErrors {
            let window = try ChartWindow(source: DataSource(dataset: dataset, lodMethod: data.lod),
                                         size: size.value, lineWidth: lineWidth)
            window.run()
        }
    }

    private func renderPreview(of dataset: Dataset) throws {
        let name = URL(fileURLWithPath: file == "-" ? "stdin" : file).deletingPathExtension().lastPathComponent
        let folder = environment("TMPDIR") ?? "/tmp"
        let path = "\(folder)/sightline-\(name).png"
        try CommandSupport.reportingRenderErrors {
            let renderer = try OffscreenRenderer()
            let scene = try ChartScene(device: renderer.device, source: DataSource(dataset: dataset, lodMethod: data.lod),
                                       lineWidth: lineWidth)
            guard let viewport = Viewport.fitting(dataset) else {
                throw DataLoadError.noData(file: dataset.source, reason: "no finite point to show")
            }
            let image = try renderer.render(scene, viewport: viewport, size: size.value)
            try PNGFile.write(image, to: path)
        }
        print("""
        No display found (DISPLAY and WAYLAND_DISPLAY are unset), so the chart was rendered to:
          \(path)
        For a window, run this from a desktop session, or over SSH with 'ssh -X', or under
        a virtual display: xvfb-run -s '-screen 0 1920x1080x24' sightline \(file)
        """)
    }

    private func environment(_ name: String) -> String? {
        ProcessInfo.processInfo.environment[name].flatMap { $0.isEmpty ? nil : $0 }
    }
}
