import ChartGeometry

/// Draws `LineSeriesBuffer`s with the line shaders. Per frame it sets uniforms only;
/// the points never move again after their upload.
///
/// A series is drawn in two passes: its segments keep each pixel's largest antialiased
/// coverage (the ramp of its distance to the nearest segment), which is then painted in
/// the series' colour. Where segments overlap (joins, dense data) a pixel is painted
/// once, so a line drawn from a reduced level of detail matches the one drawn from
/// every point.
///
/// Where the destination has an alpha channel that is opaque under the plot (the stage
/// always paints an opaque background first), the coverage goes into that alpha channel
/// (min-blending 1 − coverage), and the paint pass blends through it: no second target,
/// no framebuffer switch, no texture read: W1 on llvmpipe took 17% less CPU for the
/// window's picture and 26% less for lines alone. Otherwise (a window without alpha
/// bits) it goes into a one-channel mask texture.
public final class LineRenderer {
    private let device: RenderDevice
    /// The segment pass into a one-channel mask, max-blended.
    private let segmentsIntoMask: PipelineID
    /// The segment pass into the destination's alpha, min-blended, colour untouched.
    private let segmentsIntoAlpha: PipelineID
    /// The paint pass reading the mask.
    private let paintFromMask: PipelineID
    /// The paint pass reading the destination's alpha.
    private let paintThroughAlpha: PipelineID
    /// A dense line's segments into its sub-column extents (`ColumnSpans`).
    private let segmentsIntoSpans: PipelineID
    /// A dense line painted from its sub-column extents.
    private let paintFromSpans: PipelineID
    /// The paint pass's rectangles (`PaintBands`), streamed each draw.
    private let bandBuffer: BufferID
    /// The indices of `maxQuadsPerDraw` quads.
    private let indexBuffer: BufferID
    /// The coverage mask, the size of the target drawn into.
    private let coverage: TextureTargetSlot

    /// The indices of one quad: two triangles over its four corners.
    private static let indicesPerQuad = 6
    /// The most quads one draw takes: a block's segments, one per quad.
    private static let maxQuadsPerDraw = LineSeriesBuffer.maxPointsPerBlock
    /// Segments per quad where the data is dense: the most line.vert can hold.
    private static let segmentsPerDenseQuad = ShaderConstants.segmentsPerDenseQuad

    /// The six pipelines a line takes: its segments' coverage into a mask or into the
    /// destination's alpha, then the paint from either; or, dense, its extents into
    /// column spans, then the paint from them.
    static func pipelines() -> (mask: PipelineDescriptor, alpha: PipelineDescriptor,
                                paintMask: PipelineDescriptor, paintAlpha: PipelineDescriptor,
                                spans: PipelineDescriptor, paintSpans: PipelineDescriptor) {
        // The segment pass draws indexed so that a quad's four corners are shaded once
        // each (a plain draw of six vertices shades two of them twice).
        var mask = PipelineDescriptor(label: "line coverage into a mask", vertexShader: "line.vert", fragmentShader: "line.frag")
        mask.isIndexed = true
        mask.blend = .maximum
        mask.usesScissor = true
        mask.targetFormat = .r8
        mask.samplers = ["u_points"]
        mask.declare(Uniforms.first, Uniforms.segmentCount, Uniforms.offset, Uniforms.pixelsPerUnit, Uniforms.segmentsPerQuad,
                     Uniforms.plotRect, Uniforms.framebufferSize, Uniforms.extrusion, Uniforms.halfWidth, Uniforms.intoAlpha,
                     Uniforms.opacity)
        var alpha = mask
        alpha.label = "line coverage into alpha"
        alpha.blend = .minimumAlpha
        alpha.writes = .alphaOnly
        alpha.targetFormat = .rgba8
        var paintMask = PipelineDescriptor(label: "line paint from the mask", vertexShader: "band.vert", fragmentShader: "band-mask.frag")
        paintMask.layout = VertexLayout(components: [2])
        paintMask.blend = .alpha
        paintMask.usesScissor = true
        paintMask.samplers = ["u_coverage"]
        paintMask.declare(Uniforms.framebufferSize, Uniforms.color)
        var paintAlpha = PipelineDescriptor(label: "line paint through alpha", vertexShader: "band.vert", fragmentShader: "band-alpha.frag")
        paintAlpha.layout = VertexLayout(components: [2])
        paintAlpha.blend = .underDestinationAlpha
        paintAlpha.usesScissor = true
        paintAlpha.targetFormat = .rgba8
        paintAlpha.declare(Uniforms.framebufferSize, Uniforms.color)
        var spans = PipelineDescriptor(label: "line extents into column spans", vertexShader: "span-collect.vert",
                                       fragmentShader: "span-collect.frag")
        spans.isIndexed = true
        spans.blend = .maximum
        spans.targetFormat = .rgba32f
        spans.samplers = ["u_points"]
        spans.declare(Uniforms.first, Uniforms.segmentCount, Uniforms.offset, Uniforms.pixelsPerUnit, Uniforms.plotHeight,
                      Uniforms.extrusion, Uniforms.spanOrigin, Uniforms.spanRow, Uniforms.framebufferSize,
                      Uniforms.spanChannel)
        var paintSpans = PipelineDescriptor(label: "line paint from column spans", vertexShader: "band.vert",
                                            fragmentShader: "span.frag")
        paintSpans.layout = VertexLayout(components: [2])
        paintSpans.blend = .alpha
        paintSpans.usesScissor = true
        paintSpans.samplers = ["u_spans"]
        paintSpans.declare(Uniforms.framebufferSize, Uniforms.color, Uniforms.plotOrigin, Uniforms.halfWidth,
                           Uniforms.spanOrigin, Uniforms.spanRow, Uniforms.spanWidth, Uniforms.subcolumns)
        return (mask, alpha, paintMask, paintAlpha, spans, paintSpans)
    }

    public init(device: RenderDevice) throws {
        self.device = device
        let descriptors = Self.pipelines()
        segmentsIntoMask = try device.makePipeline(descriptors.mask)
        segmentsIntoAlpha = try device.makePipeline(descriptors.alpha)
        paintFromMask = try device.makePipeline(descriptors.paintMask)
        paintThroughAlpha = try device.makePipeline(descriptors.paintAlpha)
        segmentsIntoSpans = try device.makePipeline(descriptors.spans)
        paintFromSpans = try device.makePipeline(descriptors.paintSpans)
        coverage = TextureTargetSlot(device: device, format: .r8, what: "a coverage mask for lines",
                                     instead: "lines that need one (over a transparent target, or in a window without alpha) are left out")
        bandBuffer = device.makeBuffer(byteCount: 0)
        let indices = (0..<Self.maxQuadsPerDraw).flatMap { quad in
            [0, 1, 2, 2, 1, 3].map { UInt32(4 * quad + $0) }
        }
        indexBuffer = device.makeBuffer(byteCount: indices.count * MemoryLayout<UInt32>.size, kind: .index)
        indices.withUnsafeBytes { device.upload($0, to: indexBuffer, atByteOffset: 0, kind: .index) }
    }

    deinit {
        device.delete(bandBuffer)
        device.delete(indexBuffer)
    }

    /// Draws `series` as `scales` map it inside `plotRect`, over what the pass in
    /// progress holds.
    /// - Parameters:
    ///   - scales: data ↔ pixels for the view on a plot of `plotRect`'s size, ready from
    ///     the geometry layer (only their size and view count: the GPU's transform is
    ///     from the plot's corner wherever the plot is).
    ///   - plotRect: the plot in the pass target's pixels, from the top-left.
    ///   - opaqueBehind: whether everything under the plot is opaque (alpha 1), which the
    ///     alpha-channel path needs; a transparent target (a cache) takes the mask path.
    /// - Complexity: O(visible blocks) draws.
    public func draw(_ series: LineSeriesBuffer, scales: PlotScales, plotRect: PixelRect, style: LineStyle,
                     opaqueBehind: Bool = true) {
        draw([series], scales: scales, plotRect: plotRect, style: style, opaqueBehind: opaqueBehind)
    }

    /// Draws the polylines in `parts` as one stroke: their coverage is merged before
    /// it is painted, so where they overlap a pixel is painted once (a reduced level and
    /// its envelopes draw as one line).
    /// - Complexity: O(visible blocks) draws.
    public func draw(_ parts: [LineSeriesBuffer], scales: PlotScales, plotRect: PixelRect, style: LineStyle,
                     opaqueBehind: Bool = true) {
        guard let destination = device.currentTarget else { preconditionFailure("LineRenderer: draw inside a pass") }
        Self.assertSize(of: scales, is: plotRect.size)
        let visible = scales.visible
        guard visible.width > 0, visible.height > 0, plotRect.width > 0, plotRect.height > 0 else { return }
        let blocks = parts.flatMap { part in part.blocks[part.visibleBlocks(minX: visible.minX, maxX: visible.maxX)] }
        guard !blocks.isEmpty else { return }
        let framebufferSize = destination.size
        let bottom = framebufferSize.height - plotRect.y - plotRect.height
        // Where the paint pass goes: the columns' reach of the strokes, not the whole plot.
        let bands = PaintBands.triangles(for: parts, scales: scales, plotRect: plotRect, bottom: bottom,
                                         reach: style.widthInPixels / 2 + 1)
        let view = View(transform: scales.transform, plotRect: plotRect, bottom: bottom, framebufferSize: framebufferSize)
        if opaqueBehind, destination.format.hasAlpha {
            // Pass 1: alpha = min(alpha, 1 − coverage × opacity); colours untouched.
            drawSegments(blocks, with: segmentsIntoAlpha, view: view, style: style, intoAlpha: true)
            // Pass 2: colour × (1 − alpha) over the background × alpha, alpha back to 1.
            drawBands(bands, with: paintThroughAlpha, view: view, color: RGBAColor(red: style.color.red, green: style.color.green, blue: style.color.blue, alpha: 1), mask: nil)
            return
        }
        guard let mask = coverage.target(for: framebufferSize) else { return }
        // Pass 1: coverage, max-blended, into the mask.
        device.withPass(into: mask.passTarget, clearTo: RGBAColor(red: 0, green: 0, blue: 0, alpha: 0)) {
            drawSegments(blocks, with: segmentsIntoMask, view: view, style: style, intoAlpha: false)
        }
        // Pass 2: paint the coverage in the series' colour.
        drawBands(bands, with: paintFromMask, view: view, color: style.color, mask: mask)
    }

    /// Where a draw maps the view: the visible data rectangle onto the plot.
    private struct View {
        /// Data → plot pixels for the draw, ready from the geometry layer.
        var transform: PlotTransform
        var plotRect: PixelRect
        /// The plot's bottom edge in the target's pixels, from the bottom (the shaders' y).
        var bottom: Int
        var framebufferSize: PixelSize
    }

    /// Checks, in debug builds, that `scales` map onto a plot `size` big: a mapping made
    /// for another plot would draw the view stretched.
    private static func assertSize(of scales: PlotScales, is size: PixelSize) {
        assert(scales.plot.width == Double(size.width) && scales.plot.height == Double(size.height),
               "LineRenderer: scales for a \(scales.plot.width) × \(scales.plot.height) plot drawn into \(size.width) × \(size.height)")
    }

    /// Paints the bands' rectangles in `color` with `pipeline`, reading `mask` if given.
    private func drawBands(_ bands: [Float], with pipeline: PipelineID, view: View, color: RGBAColor, mask: TextureTarget?) {
        guard !bands.isEmpty else { return }
        device.apply(pipeline)
        device.applyScissor(view.plotRect)
        bands.withUnsafeBytes { device.stream($0, into: bandBuffer) }
        device.applyBindings(vertexBuffer: bandBuffer, textures: mask.map { [$0.texture] } ?? [])
        device.setUniform(Uniforms.color, SIMD4(color))
        device.setUniform(Uniforms.framebufferSize, SIMD2(view.framebufferSize))
        device.draw(count: bands.count / 2)
    }

    /// The segment pass: coverage out (`intoAlpha`: as 1 − coverage × opacity), one
    /// indexed draw of quads per block, whose vertex shader pulls the block's points
    /// from its buffer texture by index.
    private func drawSegments(_ blocks: [LineSeriesBuffer.Block], with pipeline: PipelineID, view: View,
                              style: LineStyle, intoAlpha: Bool) {
        device.apply(pipeline)
        device.applyScissor(view.plotRect)
        let halfWidth = style.widthInPixels / 2
        let plotRect = view.plotRect
        device.setUniform(Uniforms.plotRect, SIMD4(Float(plotRect.x), Float(view.bottom), Float(plotRect.width), Float(plotRect.height)))
        device.setUniform(Uniforms.framebufferSize, SIMD2(view.framebufferSize))
        device.setUniform(Uniforms.halfWidth, Float(halfWidth))
        // Half a pixel beyond the stroke holds the antialiasing feather's pixel centres.
        device.setUniform(Uniforms.extrusion, Float(halfWidth + 0.5))
        device.setUniform(Uniforms.intoAlpha, intoAlpha)
        device.setUniform(Uniforms.opacity, style.color.alpha)
        let transform = view.transform
        var unitsSet: (Double, Double)?
        for block in blocks {
            // At a segment or more per pixel column, neighbours overlap anyway: one box
            // around eight costs fewer triangles and fewer shaded pixels.
            let extent = transform.pixels(spanningX: block.lastX - block.firstX)
            let perQuad = Double(block.segmentCount) >= extent ? Self.segmentsPerDenseQuad : 1
            let quads = (block.segmentCount + perQuad - 1) / perQuad
            applyBlock(block, transform: transform)
            device.setUniform(Uniforms.segmentsPerQuad, Int32(perQuad))
            // Blocks in other units than 1 (beyond ±2¹⁰⁰) scale the view for their points.
            if unitsSet.map({ $0 != (block.unitX, block.unitY) }) ?? true {
                unitsSet = (block.unitX, block.unitY)
                let perUnit = transform.pixelsPerUnit(unitX: block.unitX, unitY: block.unitY)
                device.setUniform(Uniforms.pixelsPerUnit, SIMD2(Float(perUnit.x), Float(perUnit.y)))
            }
            device.draw(count: Self.indicesPerQuad * quads)
        }
    }

    /// The first pass of a dense line, in a pass into `rows`' span target: the y extent
    /// of `parts`' segments in each sub-column (and whole column) of a plot `plotSize`
    /// big, into those rows, the even blocks in view into a texel's first extent and the
    /// odd ones into its second.
    /// - Complexity: O(visible blocks) draws.
    func collectSpans(_ parts: [LineSeriesBuffer], scales: PlotScales, plotSize: PixelSize, style: LineStyle,
                      into rows: ColumnSpans.Rows) {
        guard let target = device.currentTarget else { preconditionFailure("LineRenderer: collect inside a pass") }
        Self.assertSize(of: scales, is: plotSize)
        let visible = scales.visible
        guard visible.width > 0, visible.height > 0, plotSize.width > 0, plotSize.height > 0 else { return }
        let blocks = parts.flatMap { part in part.blocks[part.visibleBlocks(minX: visible.minX, maxX: visible.maxX)] }
        guard !blocks.isEmpty else { return }
        device.apply(segmentsIntoSpans)
        let reach = style.widthInPixels / 2 + 0.5
        device.setUniform(Uniforms.plotHeight, Float(plotSize.height))
        device.setUniform(Uniforms.extrusion, Float(reach))
        device.setUniform(Uniforms.framebufferSize, SIMD2(target.size))
        device.setUniform(Uniforms.spanOrigin, Float(rows.origin))
        device.setUniform(Uniforms.spanRow, Float(rows.first))
        let transform = scales.transform
        for (ordinal, block) in blocks.enumerated() {
            applyBlock(block, transform: transform)
            let perUnit = transform.pixelsPerUnit(unitX: block.unitX, unitY: block.unitY)
            device.setUniform(Uniforms.pixelsPerUnit, SIMD2(Float(perUnit.x), Float(perUnit.y)))
            // Neighbouring blocks keep their extents apart, so a break between them stays one.
            device.setUniform(Uniforms.spanChannel, Int32(ordinal % 2))
            device.draw(count: Self.indicesPerQuad)
        }
    }

    /// The second pass of a dense line: paints `parts` from the sub-column extents
    /// `collectSpans` left in `rows`, straight over what the pass holds, in the bands
    /// the strokes can reach (`PaintBands`). A pixel is shaded once, from the extents
    /// within the stroke's reach, whatever the number of segments there.
    /// - Complexity: O(visible runs + plot width) on the CPU, one draw.
    func drawSpans(_ parts: [LineSeriesBuffer], from rows: ColumnSpans.Rows, scales: PlotScales,
                   plotRect: PixelRect, style: LineStyle) {
        guard let destination = device.currentTarget else { preconditionFailure("LineRenderer: draw inside a pass") }
        Self.assertSize(of: scales, is: plotRect.size)
        let visible = scales.visible
        guard visible.width > 0, visible.height > 0, plotRect.width > 0, plotRect.height > 0 else { return }
        let framebufferSize = destination.size
        let bottom = framebufferSize.height - plotRect.y - plotRect.height
        let bands = PaintBands.triangles(for: parts, scales: scales, plotRect: plotRect, bottom: bottom,
                                         reach: style.widthInPixels / 2 + 1)
        guard !bands.isEmpty else { return }
        device.apply(paintFromSpans)
        device.applyScissor(plotRect)
        bands.withUnsafeBytes { device.stream($0, into: bandBuffer) }
        device.applyBindings(vertexBuffer: bandBuffer, textures: [rows.texture])
        device.setUniform(Uniforms.color, SIMD4(style.color))
        device.setUniform(Uniforms.framebufferSize, SIMD2(framebufferSize))
        device.setUniform(Uniforms.plotOrigin, SIMD2(Float(plotRect.x), Float(bottom)))
        device.setUniform(Uniforms.halfWidth, Float(style.widthInPixels / 2))
        device.setUniform(Uniforms.spanOrigin, Float(rows.origin))
        device.setUniform(Uniforms.spanRow, Float(rows.first))
        device.setUniform(Uniforms.spanWidth, Float(rows.width))
        device.setUniform(Uniforms.subcolumns, Int32(ShaderConstants.spanSubcolumns))
        device.draw(count: bands.count / 2)
    }

    /// Binds `block`'s points and sets what segments.glsl reads of it: its first texel,
    /// its segment count, and where its origin lies in plot pixels.
    private func applyBlock(_ block: LineSeriesBuffer.Block, transform: PlotTransform) {
        device.applyBindings(indexBuffer: indexBuffer, textures: [block.texture])
        device.setUniform(Uniforms.first, Int32(block.firstPoint))
        device.setUniform(Uniforms.segmentCount, Int32(block.segmentCount))
        device.setUniform(Uniforms.offset, SIMD2(transform.offsetX(to: block.originX), transform.offsetY(to: block.originY)))
    }
}
