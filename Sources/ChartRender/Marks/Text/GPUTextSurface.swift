import ChartStage

/// Text runs as glyph quads from the shared atlas, all in one draw. Glyphs sit on
/// whole pixels (FreeType hinted them for that), so labels are crisp. Without a font
/// the surface measures with an estimate and draws nothing.
final class GPUTextSurface: TextMarkSurface, GPUSurface {
    let layer: RenderLayer
    private let device: RenderDevice
    private let pipeline: PipelineID
    private let atlas: GlyphAtlas?
    private let scale: () -> Double
    private var runs: [TextRun] = []
    private var vertices: [Float] = []
    private var isBuilt = false
    private let buffer: BufferID

    private static let floatsPerVertex = 8

    /// The canvas's size, pixels (text.vert).
    static let canvasSize = Uniform<SIMD2<Float>>("u_canvasSize")

    /// Glyph quads as triangles: a position, an atlas texel and a colour per vertex.
    static let descriptor: PipelineDescriptor = {
        var descriptor = PipelineDescriptor(label: "text", vertexShader: "text.vert", fragmentShader: "text.frag")
        descriptor.layout = VertexLayout(components: [2, 2, 4])
        descriptor.samplers = ["u_atlas"]
        descriptor.declare(canvasSize)
        return descriptor
    }()

    init(layer: RenderLayer, device: RenderDevice, pipeline: PipelineID, atlas: GlyphAtlas?, scale: @escaping () -> Double) {
        self.layer = layer
        self.device = device
        self.pipeline = pipeline
        self.atlas = atlas
        self.scale = scale
        buffer = device.makeBuffer(byteCount: 0)
    }

    deinit {
        device.delete(buffer)
    }

    func add(_ run: TextRun) {
        runs.append(run)
        isBuilt = false
    }

    func removeAll() {
        runs.removeAll()
        isBuilt = false
    }

    /// The runs, placed in canvas pixels: the atlas renders a size's glyphs alike every time.
    var layerContent: SurfaceContent? { SurfaceContent(runs) }

    private func pixelSize(_ pointSize: Double) -> Int { max(Int((pointSize * scale()).rounded()), 1) }

    func measure(_ text: String, pointSize: Double) -> TextSize {
        let size = pixelSize(pointSize)
        guard let atlas else { return TextSize.estimate(for: text, size: Double(size)) }
        let width = text.unicodeScalars.reduce(0) { $0 + (atlas.entry($1, pixelSize: size)?.glyph.advance ?? 0) }
        let metrics = atlas.metrics(pixelSize: size)
        return TextSize(width: Double(width), height: Double(metrics.ascent + metrics.descent))
    }

    func draw(_ frame: SurfaceFrame) {
        guard let atlas else { return }
        if !isBuilt { build(atlas) }
        guard !vertices.isEmpty else { return }
        device.apply(pipeline)
        device.applyBindings(vertexBuffer: buffer, textures: [atlas.texture])
        let canvas = frame.geometry.canvas
        device.setUniform(Self.canvasSize, SIMD2(canvas))
        device.draw(count: vertices.count / Self.floatsPerVertex)
    }

    private func build(_ atlas: GlyphAtlas) {
        vertices.removeAll(keepingCapacity: true)
        for run in runs where run.color.alpha > 0 {
            let size = pixelSize(run.pointSize)
            let box = measure(run.text, pointSize: run.pointSize).box(at: run.position, anchor: run.anchor)
            var pen = box.x.rounded()
            let baseline = box.y.rounded() + Double(atlas.metrics(pixelSize: size).ascent)
            let c = run.color
            for scalar in run.text.unicodeScalars {
                guard let entry = atlas.entry(scalar, pixelSize: size) else { continue }
                let g = entry.glyph
                if g.width > 0, g.height > 0 {
                    let x0 = Float(pen) + Float(g.left), y0 = Float(baseline) - Float(g.top)
                    let x1 = x0 + Float(g.width), y1 = y0 + Float(g.height)
                    let u0 = Float(entry.x), v0 = Float(entry.y)
                    let u1 = u0 + Float(g.width), v1 = v0 + Float(g.height)
                    for (x, y, u, v) in [(x0, y0, u0, v0), (x1, y0, u1, v0), (x0, y1, u0, v1),
                                         (x1, y0, u1, v0), (x1, y1, u1, v1), (x0, y1, u0, v1)] {
                        vertices += [x, y, u, v, c.red, c.green, c.blue, c.alpha]
                    }
                }
                pen += Double(g.advance)
            }
        }
        vertices.withUnsafeBytes { device.stream($0, into: buffer) }
        isBuilt = true
    }
}
