import CGL
import ChartCore
import ChartData

/// Makes the GL surfaces of one chart: lines over the chart's series, shapes, text from
/// one glyph atlas, and the gradient. Programs and the atlas are shared by all.
public final class GLSurfaceFactory: SurfaceFactory {
    private let device: GLDevice
    private let lineRenderer: LineRenderer
    private let series: [LODLineSeries]
    private let shapePrograms: ShapePrograms
    private let textProgram: ProgramID
    private let gradientRenderer: GradientRenderer
    public let atlas: GlyphAtlas?
    private let cachesLines: Bool
    private var lineCaches: [LineCache] = []
    /// The HiDPI scale text is rendered at; the stage's geometry sets it.
    public var scale = 1.0

    /// - Parameter cachesLines: draw line surfaces once into a texture and reuse it while
    ///   their lines and view stay the same (a range selector's overview).
    public init(device: GLDevice, source: DataSource?, font: FontFace?, cachesLines: Bool = false) throws {
        self.device = device
        self.cachesLines = cachesLines
        lineRenderer = try LineRenderer(device: device)
        series = source.map { source in
            source.details.enumerated().map { index, detail in
                LODLineSeries(device: device, dataset: source.dataset, seriesIndex: index, detail: detail)
            }
        } ?? []
        shapePrograms = try ShapePrograms(device: device)
        textProgram = try device.makeProgram(vertex: "text.vert", fragment: "text.frag")
        gradientRenderer = try GradientRenderer(device: device)
        atlas = font.map { GlyphAtlas(device: device, font: $0) }
    }

    public func makeShapeSurface(layer: RenderLayer) -> ShapeSurface {
        GLShapeSurface(layer: layer, device: device, programs: shapePrograms)
    }

    public func makeTextSurface(layer: RenderLayer) -> TextSurface {
        GLTextSurface(layer: layer, device: device, program: textProgram, atlas: atlas) { [unowned self] in scale }
    }

    public func makeLineSurface(layer: RenderLayer) -> LineSurface {
        let cache = cachesLines ? try? LineCache(device: device) : nil
        if let cache { lineCaches.append(cache) }
        return GLLineSurface(layer: layer, renderer: lineRenderer, series: series, cache: cache)
    }

    /// How many times caching line surfaces drew their lines (not copies of them).
    public var cachedLineRenders: Int { lineCaches.reduce(0) { $0 + $1.renders } }

    public func makeGradientSurface(layer: RenderLayer) -> GradientSurface {
        GLGradientSurface(layer: layer, device: device, renderer: gradientRenderer)
    }

    /// Draws `stage`'s surfaces into the bound framebuffer `destination` (`nil`: the
    /// window's), rebuilding what is invalid first; `clear` first fills the canvas with
    /// the theme's background (a second stage on the same canvas draws over the first),
    /// unless the first surface paints all of it anyway (the gradient).
    public func draw(_ stage: RenderStage, destination: FramebufferID?, clear: Bool = true) {
        scale = stage.geometry.scale
        stage.prepareFrame()
        let geometry = stage.geometry
        device.bind(destination)
        let covered = (stage.surfaces.first as? GLSurface)?.coversCanvas ?? false
        if clear, !covered { ChartScene.clear(to: stage.theme.background, framebufferSize: geometry.canvas) }
        let frame = SurfaceFrame(geometry: geometry, viewport: stage.viewport.viewport, theme: stage.theme, destination: destination)
        for case let surface as GLSurface in stage.surfaces {
            // Surfaces may draw into their own targets first (the gradient, the coverage
            // mask); each starts from the destination's whole-canvas viewport.
            device.bind(destination)
            glViewport(0, 0, GLsizei(geometry.canvas.width), GLsizei(geometry.canvas.height))
            surface.draw(frame)
        }
    }
}
