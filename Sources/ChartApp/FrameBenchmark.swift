import ChartData
import ChartGeometry
import ChartRender
import ChartStage
import ChartSupport
import Foundation

/// Runs the benchmark workload W1 (`BenchmarkScript`) with the app's own scene, in a
/// window or offscreen, and times every frame: wall time to `glFinish`, CPU time until
/// the GL calls return, GPU time from a timer query, bytes uploaded. Then the same
/// number of empty frames (clear, present, finish): the floor no chart can beat.
public final class FrameBenchmark {
    public struct Options {
        public var frames = 300
        /// The drawable size, pixels.
        public var size = PixelSize(width: 1280, height: 720)
        public var lineWidth = 2.0
        /// A real window (vsync off) rather than an offscreen framebuffer.
        public var window = false
        /// Only the lines, no margins.
        public var plain = false
        /// Render at this fraction of the size, then stretch (0.5 halves each side).
        public var scale = 1.0
        public var theme = ChartTheme.day
        /// The animated gradient background (else the theme's flat colour).
        public var gradient = true
        /// The label font; `nil` draws no text.
        public var font: FontFace?
        /// Samples per pixel of a multisampled target drawn into and resolved; 0 for none.
        public var msaa = 0
        /// Lines drawn as smooth curves where the points are sparse (`--smooth`).
        public var smooth = false

        public init() {}
    }

    /// Per-frame figures, in frame order.
    public struct Result {
        public var frameMilliseconds: [Double] = []
        public var cpuMilliseconds: [Double] = []
        public var gpuMilliseconds: [Double] = []
        public var uploadBytes: [Double] = []
        /// Label and grid geometry streamed per frame (not data).
        public var streamedBytes: [Double] = []
        public var floorMilliseconds: [Double] = []
        /// When the first frame had been presented and finished.
        public var firstFrameDone: Date?
        public var renderer = ""
        /// The samples MSAA ran with (the driver may allow fewer than asked), 0 for none.
        public var msaaSamples = 0

        public init() {}
    }

    private let options: Options
    private let context: GLContext
    private let device: RenderDevice

    /// Opens the window or the offscreen context.
    public init(options: Options) throws {
        self.options = options
        let mode: GLContext.Mode = options.window ? .window(title: "Sightline benchmark") : .offscreen
        context = try GLContext(mode: mode, size: (options.size.width, options.size.height), vsync: false)
        device = RenderDevice(context: context)
    }

    /// What draws one frame of W1 showing x range: the window's picture (chart, axes,
    /// labels, legend, range selector, gradient) or, with `plain`, the lines alone. y is
    /// fitted to the data in view every frame, at once (no easing), as W1 specifies.
    private func frameDrawer(_ source: DataSource, stack: SeriesStack?, size: PixelSize) throws -> (ClosedRange<Double>, PassTarget) -> Void {
        if let stack {
            let scene = try StackScene(device: device, source: source, stack: stack, theme: options.theme)
            return { x, target in scene.draw(x: x, into: target) }
        }
        if options.plain {
            let scene = try ChartScene(device: device, source: source, layout: .plain, theme: options.theme,
                                       lineWidth: options.lineWidth, gradient: false, font: nil, smooth: options.smooth)
            return { x, target in
                let visible = Viewport.fitting(source, x: x, fit: scene.fit)?.visible
                    ?? DataRect(minX: x.lowerBound, maxX: x.upperBound, minY: 0, maxY: 1)
                scene.draw(viewport: Viewport(visible: visible), into: target, scale: self.options.scale)
            }
        }
        let scene = try ExplorerScene(device: device, source: source, canvas: size, scale: options.scale, theme: options.theme,
                                      lineWidth: options.lineWidth, gradient: options.gradient, font: options.font,
                                      initialFraction: 1, smooth: options.smooth)
        scene.main.fitDuration = 0
        return { x, target in
            scene.main.show(x: x)
            // Fades and the gradient advance as if frames came at 60 Hz, so every run animates alike.
            scene.advance(by: 1.0 / 60)
            scene.frames.beginFrame()
            scene.draw(into: target)
        }
    }

    /// Runs the script over `source`, fitting y to the visible data every frame.
    /// - Parameter stack: bars or areas of `source`'s series to draw instead of lines
    ///   (`StackScene`: the plot alone, as `plain` draws lines); `nil` draws the lines.
    public func run(_ source: DataSource, stack: SeriesStack? = nil) throws -> Result {
        var result = Result()
        result.renderer = device.renderer
        let dataset = source.dataset
        guard let firstX = dataset.xs.first, let lastX = dataset.xs.last, lastX > firstX else {
            throw DataLoadError.noData(file: dataset.source, reason: "no x range to pan and zoom over")
        }
        let size = context.drawableSize
        let fullSize = options.window ? PixelSize(width: size.width, height: size.height) : options.size
        let renderSize = PixelSize(width: max(Int(Double(fullSize.width) * options.scale), 1),
                                   height: max(Int(Double(fullSize.height) * options.scale), 1))
        let offscreen: TextureTarget? = options.window ? nil : try TextureTarget(device: device, width: fullSize.width, height: fullSize.height)
        let screen = offscreen?.passTarget ?? device.screen(size: fullSize)
        let reduced: TextureTarget? = options.scale < 1
            ? try TextureTarget(device: device, width: renderSize.width, height: renderSize.height) : nil
        let draw = try frameDrawer(source, stack: stack, size: renderSize)
        let stretcher = try TextureStretcher(device: device)
        /// The reduced picture upscaled into the screen (or the window).
        func upscale(_ reduced: TextureTarget) {
            device.withPass(into: screen) { stretcher.stretch(reduced) }
        }
        let multisampled = options.msaa > 0
            ? try MultisampleTarget(device: device, width: renderSize.width, height: renderSize.height, samples: options.msaa) : nil
        result.msaaSamples = multisampled?.samples ?? 0
        let script = BenchmarkScript(minX: firstX, maxX: lastX, frames: options.frames)
        let timer = GPUTimer(device: device)

        for frame in 0..<options.frames {
            let started = Date()
            let x = script.xRange(frame: frame)
            let uploadedBefore = device.uploadedBytes, streamedBefore = device.streamedBytes
            timer.begin()
            if let multisampled {
                draw(x, multisampled.passTarget)
                device.resolve(multisampled, into: reduced?.passTarget ?? screen)
                if let reduced { upscale(reduced) }
            } else if let reduced {
                draw(x, reduced.passTarget)
                upscale(reduced)
            } else {
                draw(x, screen)
            }
            timer.end()
            let cpuDone = Date()
            if options.window { context.swap() }
            device.finish()
            let done = Date()
            if frame == 0 { result.firstFrameDone = done }
            result.frameMilliseconds.append(done.timeIntervalSince(started) * 1000)
            result.cpuMilliseconds.append(cpuDone.timeIntervalSince(started) * 1000)
            result.gpuMilliseconds.append(timer.milliseconds())
            result.uploadBytes.append(Double(device.uploadedBytes - uploadedBefore))
            result.streamedBytes.append(Double(device.streamedBytes - streamedBefore))
        }

        for _ in 0..<options.frames {
            let started = Date()
            device.beginPass(screen, clearTo: options.theme.background)
            device.endPass()
            if options.window { context.swap() }
            device.finish()
            result.floorMilliseconds.append(Date().timeIntervalSince(started) * 1000)
        }
        return result
    }
}
