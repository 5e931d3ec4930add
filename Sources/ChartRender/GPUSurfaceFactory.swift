import ChartData
import ChartGeometry
import ChartStage

/// Makes the GPU surfaces of one chart: lines over the chart's series, stacks (bars and
/// areas) over them, shapes, text from one glyph atlas, and the gradient. Programs and
/// the atlas are shared by all; the series' GPU copies are the store's, which the range
/// selector's factory shares with the main chart's.
public final class GPUSurfaceFactory: SurfaceFactory {
    let device: RenderDevice
    private let lineRenderer: LineRenderer
    /// The series' GPU copies; `nil` for a chart without data.
    public let store: GPUSeriesStore?
    private let stackRenderer: StackRenderer
    private let candleRenderer: CandleRenderer
    /// Made for the view this factory's chart shows, so each chart has its own.
    var smoothSeries: [SmoothLineSeries]
    private let shapePipelines: ShapePipelines
    private let textPipeline: PipelineID
    private let cacheCopyPipeline: PipelineID
    private let gradientRenderer: GradientRenderer
    public let atlas: GlyphAtlas?
    private let cachesLines: Bool
    var lineCaches: [LineCache] = []
    /// The still layers under the range selector's window, drawn once and copied
    /// (`LayerCache`); `nil` for a chart that draws every surface every frame.
    private let stillLayers: LayerCache?
    /// Whether the still layers are cached (tests draw them directly too, to compare).
    var cachesStillLayers = true
    private var makers = SurfaceMakers()
    /// The HiDPI scale text is rendered at; the stage's geometry sets it.
    public var scale = 1.0

    /// A factory with a store of its own over `source`.
    /// - Parameter cachesLines: draw line surfaces once into a texture and reuse it while
    ///   their lines and view stay the same, and the surfaces under the overlay (the
    ///   panel, the lines' copy) once into another, copied in one draw while what they
    ///   draw stays the same (a range selector's overview).
    public convenience init(device: RenderDevice, source: DataSource?, font: FontFace?, cachesLines: Bool = false) throws {
        try self.init(device: device, store: source.map { GPUSeriesStore(device: device, source: $0) }, font: font,
                      cachesLines: cachesLines)
    }

    /// A factory drawing from `store`, which other factories on `device` may share. The
    /// factory that does not cache its lines prepares the store's pieces ahead.
    public init(device: RenderDevice, store: GPUSeriesStore?, font: FontFace?, cachesLines: Bool = false) throws {
        self.device = device
        self.cachesLines = cachesLines
        self.store = store
        lineRenderer = try LineRenderer(device: device)
        stackRenderer = try StackRenderer(device: device)
        candleRenderer = try CandleRenderer(device: device)
        smoothSeries = store.map { store in
            store.source.dataset.series.indices.map { SmoothLineSeries(device: device, source: store.source, seriesIndex: $0) }
        } ?? []
        shapePipelines = try ShapePipelines(device: device)
        textPipeline = try device.makePipeline(GPUTextSurface.descriptor)
        cacheCopyPipeline = try device.makePipeline(LineCache.copyDescriptor)
        stillLayers = cachesLines ? LayerCache(device: device, copyPipeline: cacheCopyPipeline) : nil
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
            GPUStackSurface(layer: layer, renderer: stackRenderer) { [store] in store?.stackSeries(for: $0) }
        }
        makers.register(SeriesCandles.self) { [unowned self] layer in
            GPUCandleSurface(layer: layer, renderer: candleRenderer) { [store] in store?.candleSeries(for: $0) }
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
        return GPULineSurface(layer: layer, device: device, renderer: lineRenderer, store: store, smoothSeries: smoothSeries,
                              cache: cache)
    }

    /// How many times caching line surfaces drew their lines (not copies of them).
    public var cachedLineRenders: Int { lineCaches.reduce(0) { $0 + $1.renders } }

    /// How many times the still layers under the range selector's window were drawn
    /// into their cache (not copied from it).
    public var cachedLayerRenders: Int { stillLayers?.renders ?? 0 }

    /// Draws `stage`'s surfaces into `destination` in one pass, after the passes that
    /// bring their own textures up to date; `clear` first fills the canvas with the
    /// theme's background (a second stage on the same canvas draws over the first),
    /// unless the first surface paints all of it anyway (the gradient). The stage must
    /// be committed first (`RenderStage.prepareFrame(of:)`, by the loop or a still render).
    public func draw(_ stage: RenderStage, into destination: PassTarget, clear: Bool = true) {
        assert(stage.isCommitted, "the stage has stale targets: commit it (prepareFrame) before drawing it")
        scale = stage.geometry.scale
        let geometry = stage.geometry
        let frame = SurfaceFrame(stage: stage)
        for case let surface as GPUSurface in stage.surfaces {
            surface.prepare(frame)
        }
        let covered = (stage.surfaces.first as? GPUSurface)?.coversCanvas(geometry.canvas) ?? false
        let surfaces = stage.surfaces.compactMap { $0 as? GPUSurface }
        let still = cachedStillLayers(of: surfaces, frame: frame)
        device.beginPass(destination, clearTo: clear && !covered ? stage.theme.background : nil)
        if still > 0 { stillLayers?.copy(over: geometry.plot) }
        for surface in surfaces.dropFirst(still) {
            surface.draw(frame)
        }
        device.endPass()
        // The selector's view (the overview) rarely moves: only the main chart's is
        // prepared around.
        if !cachesLines { store?.prepareAhead() }
    }

    /// Brings the still layers' cache up to date with the surfaces under the overlay, and
    /// returns how many of `surfaces` (drawn in order) it holds: 0 for a chart that does
    /// not cache them, a surface that cannot say what it draws, or no texture.
    ///
    /// A caching line surface's pixels change exactly when its own cache draws again, so
    /// the lines' part of the key is how many times the factory's line caches did. The
    /// layer is the plot's: the selector's panel is the plot's box, and its lines stay
    /// inside it.
    private func cachedStillLayers(of surfaces: [GPUSurface], frame: SurfaceFrame) -> Int {
        guard let stillLayers, cachesStillLayers else { return 0 }
        let still = Array(surfaces.prefix { $0.layer < .overlay })
        // Lines whose cache could not be made are drawn directly, through the canvas's
        // alpha: not into a transparent layer (and its failure was said once already).
        let plot = frame.geometry.plot.size
        if still.contains(where: { $0 is GPULineSurface }), !lineCaches.allSatisfy({ $0.texture(for: plot) != nil }) { return 0 }
        var contents: [SurfaceContent] = []
        for surface in still {
            guard let content = surface is GPULineSurface ? SurfaceContent(cachedLineRenders) : surface.layerContent else { return 0 }
            contents.append(content)
        }
        let key = LayerCache.Key(surfaces: still, contents: contents, geometry: frame.geometry, theme: frame.theme,
                                 visible: frame.scales.visible, rightVisible: frame.rightScales.visible)
        let held = stillLayers.update(to: key, canvas: frame.geometry.canvas) {
            for surface in still { surface.draw(frame) }
        }
        return held ? still.count : 0
    }
}
