import ChartData
import ChartGeometry
import ChartStage

/// Makes the GPU surfaces of one chart: lines over the chart's series, stacks (bars and
/// areas) over them, shapes, text from one glyph atlas, and the gradient. Programs, the
/// atlas and the series' GPU copies are shared by all.
public final class GPUSurfaceFactory: SurfaceFactory {
    private let device: RenderDevice
    private let lineRenderer: LineRenderer
    private let series: [LODLineSeries]
    private let dataset: Dataset?
    private let stackRenderer: StackRenderer
    /// The stacks' GPU series, by the series they stack and how their levels merge.
    private var stackSeries: [StackSeriesKey: LODStackSeries] = [:]
    private let smoothSeries: [SmoothLineSeries]
    private let shapePipelines: ShapePipelines
    private let textPipeline: PipelineID
    private let cacheCopyPipeline: PipelineID
    private let gradientRenderer: GradientRenderer
    public let atlas: GlyphAtlas?
    private let cachesLines: Bool
    private var lineCaches: [LineCache] = []
    private var makers = SurfaceMakers()
    /// The series `prepareAhead()` asks first next frame, so each gets its turn.
    private var nextAheadSeries = 0
    /// The HiDPI scale text is rendered at; the stage's geometry sets it.
    public var scale = 1.0

    /// - Parameter cachesLines: draw line surfaces once into a texture and reuse it while
    ///   their lines and view stay the same (a range selector's overview).
    public init(device: RenderDevice, source: DataSource?, font: FontFace?, cachesLines: Bool = false) throws {
        self.device = device
        self.cachesLines = cachesLines
        lineRenderer = try LineRenderer(device: device)
        series = source.map { source in
            source.details.enumerated().map { index, detail in
                LODLineSeries(device: device, dataset: source.dataset, seriesIndex: index, detail: detail, gaps: source.gaps)
            }
        } ?? []
        dataset = source?.dataset
        stackRenderer = try StackRenderer(device: device)
        smoothSeries = source.map { source in
            source.dataset.series.indices.map { SmoothLineSeries(device: device, source: source, seriesIndex: $0) }
        } ?? []
        shapePipelines = try ShapePipelines(device: device)
        textPipeline = try device.makePipeline(GPUTextSurface.descriptor)
        cacheCopyPipeline = try device.makePipeline(LineCache.copyDescriptor)
        gradientRenderer = try GradientRenderer(device: device)
        atlas = try font.map { try GlyphAtlas(device: device, font: $0) }
        registerSurfaces()
    }

    /// The one list of the kinds of mark the GPU draws: each kind's maker, once.
    private func registerSurfaces() {
        makers.register(Shape.self) { [unowned self] in GPUShapeSurface(layer: $0, device: device, pipelines: shapePipelines) }
        makers.register(TextRun.self) { [unowned self] in
            GPUTextSurface(layer: $0, device: device, pipeline: textPipeline, atlas: atlas) { [unowned self] in scale }
        }
        makers.register(SeriesLine.self) { [unowned self] in makeLineSurface(layer: $0) }
        makers.register(SeriesStack.self) { [unowned self] layer in
            GPUStackSurface(layer: layer, renderer: stackRenderer) { [unowned self] in stackSeries(for: $0) }
        }
        makers.register(GradientField.self) { [unowned self] in GPUGradientSurface(layer: $0, renderer: gradientRenderer) }
    }

    public func makeSurface<Kind: Mark>(for kind: Kind.Type, layer: RenderLayer) -> Kind.Surface {
        guard let surface = makers.make(kind, layer: layer) else {
            preconditionFailure("no GPU surface for \(Kind.self): register its maker in GPUSurfaceFactory.registerSurfaces")
        }
        return surface
    }

    private func makeLineSurface(layer: RenderLayer) -> GPULineSurface {
        let cache = cachesLines ? LineCache(device: device, copyPipeline: cacheCopyPipeline) : nil
        if let cache { lineCaches.append(cache) }
        return GPULineSurface(layer: layer, device: device, renderer: lineRenderer, series: series, smoothSeries: smoothSeries,
                              cache: cache)
    }

    /// How many times caching line surfaces drew their lines (not copies of them).
    public var cachedLineRenders: Int { lineCaches.reduce(0) { $0 + $1.renders } }

    private struct StackSeriesKey: Hashable {
        var series: [Int]
        var merge: StackMerge
    }

    /// The GPU series `stack` is drawn from, made the first time its series and merge
    /// rule are asked for; `nil` when it names a series the data does not have.
    private func stackSeries(for stack: SeriesStack) -> LODStackSeries? {
        guard let dataset, stack.series.allSatisfy(dataset.series.indices.contains) else { return nil }
        let key = StackSeriesKey(series: stack.series, merge: StackRenderer.merge(for: stack))
        if let made = stackSeries[key] { return made }
        let levels = StackLevels(xs: dataset.xs, columns: stack.series.map { dataset.series[$0].ys }, merge: key.merge)
        let made = LODStackSeries(device: device, levels: levels)
        stackSeries[key] = made
        return made
    }

    /// Draws `stage`'s surfaces into `destination` in one pass, after the passes that
    /// bring their own textures up to date; `clear` first fills the canvas with the
    /// theme's background (a second stage on the same canvas draws over the first),
    /// unless the first surface paints all of it anyway (the gradient). The stage must
    /// be committed first (`RenderStage.prepareFrame()`, by the loop or a still render).
    public func draw(_ stage: RenderStage, into destination: PassTarget, clear: Bool = true) {
        assert(stage.isCommitted, "the stage has stale targets: commit it (prepareFrame) before drawing it")
        scale = stage.geometry.scale
        let geometry = stage.geometry
        let frame = SurfaceFrame(geometry: geometry, viewport: stage.viewport.viewport,
                                 rightViewport: stage.rightViewport.viewport, theme: stage.theme)
        for case let surface as GPUSurface in stage.surfaces {
            surface.prepare(frame)
        }
        let covered = (stage.surfaces.first as? GPUSurface)?.coversCanvas(geometry.canvas) ?? false
        device.beginPass(destination, clearTo: clear && !covered ? stage.theme.background : nil)
        for case let surface as GPUSurface in stage.surfaces {
            surface.draw(frame)
        }
        device.endPass()
        if !cachesLines { prepareAhead() }
    }

    /// Blocks prepared ahead on a quiet frame, in all series: W1 changes level about
    /// every 14 frames, and a piece is 17 blocks, so one a frame left a quarter of each
    /// piece to the frame that needed it.
    static let aheadBlocksPerFrame = 2

    /// Lets the series read a few blocks of pieces their views may need next, on a frame
    /// in which no series uploaded: `aheadBlocksPerFrame` in all (≤ 16 384 points each,
    /// about 1.5 ms at worst on W1), so a quiet frame stays quiet. A caching surface's
    /// view (the overview) rarely moves, so its factory prepares nothing ahead.
    private func prepareAhead() {
        defer { series.forEach { $0.endFrame() } }
        guard !series.contains(where: \.uploadedThisFrame) else { return }
        var left = Self.aheadBlocksPerFrame
        var idle = 0
        // Round robin, so each series gets its turn; stops when none has work.
        while left > 0, idle < series.count {
            let index = nextAheadSeries
            nextAheadSeries = (index + 1) % series.count
            if series[index].prepareAhead() {
                left -= 1
                idle = 0
            } else {
                idle += 1
            }
        }
    }
}
