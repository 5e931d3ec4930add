import CGL
import ChartCore

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
    private let device: GLDevice
    private let lineProgram: ProgramID
    private let coverageProgram: ProgramID
    private let paintProgram: ProgramID
    /// The paint pass's rectangles (`PaintBands`), streamed each draw.
    private let bandBuffer: BufferID
    private let bandVertexArray: VertexArrayID
    /// Holds the segment pass's index buffer.
    private let lineVertexArray: VertexArrayID
    private var coverage: TextureTarget?

    /// The indices of one quad: two triangles over its four corners.
    private static let indicesPerQuad = 6
    /// The most quads one draw takes: a block's segments, one per quad.
    private static let maxQuadsPerDraw = LineSeriesBuffer.maxPointsPerBlock
    /// Segments per quad where the data is dense: the most line.vert can hold.
    private static let segmentsPerDenseQuad = ShaderConstants.segmentsPerDenseQuad

    public init(device: GLDevice) throws {
        self.device = device
        lineProgram = try device.makeProgram(vertex: "line.vert", fragment: "line.frag")
        coverageProgram = try device.makeProgram(vertex: "band.vert", fragment: "band-mask.frag")
        paintProgram = try device.makeProgram(vertex: "band.vert", fragment: "band-alpha.frag")
        bandBuffer = device.makeBuffer(byteCount: 0)
        bandVertexArray = device.makeVertexArray()
        glBindVertexArray(bandVertexArray.raw)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), bandBuffer.raw)
        glEnableVertexAttribArray(0)
        glVertexAttribPointer(0, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), 0, nil)
        // The segment pass draws indexed so that a quad's four corners are shaded once
        // each (a plain draw of six vertices shades two of them twice).
        lineVertexArray = device.makeVertexArray()
        glBindVertexArray(lineVertexArray.raw)
        let indices = (0..<Self.maxQuadsPerDraw).flatMap { quad in
            [0, 1, 2, 2, 1, 3].map { UInt32(4 * quad + $0) }
        }
        let indexBuffer = device.makeBuffer(byteCount: indices.count * MemoryLayout<UInt32>.size,
                                            target: GLenum(GL_ELEMENT_ARRAY_BUFFER))
        indices.withUnsafeBytes { device.upload($0, to: indexBuffer, atByteOffset: 0, target: GLenum(GL_ELEMENT_ARRAY_BUFFER)) }
        glBindVertexArray(0)
    }

    /// Draws `series` as the viewport shows it inside `plotRect`, over whatever the
    /// bound framebuffer holds.
    /// - Parameters:
    ///   - plotRect: the plot in framebuffer pixels, from the top-left.
    ///   - framebufferSize: the size of the framebuffer drawn into.
    ///   - opaqueBehind: whether everything under the plot is opaque (alpha 1), which the
    ///     alpha-channel path needs; a transparent target (a cache) takes the mask path.
    /// - Complexity: O(visible blocks) GL calls.
    public func draw(_ series: LineSeriesBuffer, viewport: Viewport, plotRect: PixelRect,
                     framebufferSize: PixelSize, style: LineStyle, opaqueBehind: Bool = true) {
        draw([series], viewport: viewport, plotRect: plotRect, framebufferSize: framebufferSize, style: style,
             opaqueBehind: opaqueBehind)
    }

    /// Draws the polylines in `parts` as one stroke: their coverage is merged before
    /// it is painted, so where they overlap a pixel is painted once (a reduced level and
    /// its envelopes draw as one line).
    /// - Complexity: O(visible blocks) GL calls.
    public func draw(_ parts: [LineSeriesBuffer], viewport: Viewport, plotRect: PixelRect,
                     framebufferSize: PixelSize, style: LineStyle, opaqueBehind: Bool = true) {
        let visible = viewport.visible
        guard visible.width > 0, visible.height > 0, plotRect.width > 0, plotRect.height > 0 else { return }
        let blocks = parts.flatMap { part in part.blocks[part.visibleBlocks(minX: visible.minX, maxX: visible.maxX)] }
        guard !blocks.isEmpty else { return }
        // Read before the mask is made: making a framebuffer binds it.
        let destination = device.boundFramebuffer
        let bottom = framebufferSize.height - plotRect.y - plotRect.height
        // Where the paint pass goes: the columns' reach of the strokes, not the whole plot.
        let bands = PaintBands.triangles(for: parts, visible: visible, plotRect: plotRect, bottom: bottom,
                                         reach: style.widthInPixels / 2 + 1)
        if opaqueBehind, hasAlpha(destination) {
            drawThroughAlpha(blocks, bands: bands, visible: visible, plotRect: plotRect, bottom: bottom,
                             framebufferSize: framebufferSize, style: style)
            return
        }
        guard let mask = coverageTarget(for: framebufferSize) else { return }

        // Pass 1: coverage, max-blended. The mask is cleared whole, before the scissor is
        // set: llvmpipe clears a whole target fast and a scissored one as a drawn quad.
        device.bind(mask.framebuffer)
        glViewport(0, 0, GLsizei(framebufferSize.width), GLsizei(framebufferSize.height))
        glDisable(GLenum(GL_SCISSOR_TEST))
        glClearColor(0, 0, 0, 0)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        glEnable(GLenum(GL_SCISSOR_TEST))
        glScissor(GLint(plotRect.x), GLint(bottom), GLsizei(plotRect.width), GLsizei(plotRect.height))
        glEnable(GLenum(GL_BLEND))
        glBlendEquation(GLenum(GL_MAX))
        drawSegments(blocks, visible: visible, plotRect: plotRect, bottom: bottom,
                     framebufferSize: framebufferSize, style: style, intoAlpha: false)

        // Pass 2: paint the coverage in the series' colour.
        device.bind(destination)
        glViewport(0, 0, GLsizei(framebufferSize.width), GLsizei(framebufferSize.height))
        glBlendEquation(GLenum(GL_FUNC_ADD))
        glBlendFuncSeparate(GLenum(GL_SRC_ALPHA), GLenum(GL_ONE_MINUS_SRC_ALPHA), GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        device.use(coverageProgram)
        let c = style.color
        glUniform4f(device.uniform("u_color", in: coverageProgram), c.red, c.green, c.blue, c.alpha)
        glUniform1i(device.uniform("u_coverage", in: coverageProgram), 0)
        glActiveTexture(GLenum(GL_TEXTURE0))
        glBindTexture(GLenum(GL_TEXTURE_2D), mask.texture.raw)
        drawBands(bands, program: coverageProgram, framebufferSize: framebufferSize)
        glDisable(GLenum(GL_SCISSOR_TEST))
        device.checkError("LineRenderer.draw")
    }

    /// Both passes in the bound destination: coverage into its alpha, then the paint.
    private func drawThroughAlpha(_ blocks: [LineSeriesBuffer.Block], bands: [Float], visible: DataRect,
                                  plotRect: PixelRect, bottom: Int, framebufferSize: PixelSize, style: LineStyle) {
        glViewport(0, 0, GLsizei(framebufferSize.width), GLsizei(framebufferSize.height))
        glEnable(GLenum(GL_SCISSOR_TEST))
        glScissor(GLint(plotRect.x), GLint(bottom), GLsizei(plotRect.width), GLsizei(plotRect.height))
        glEnable(GLenum(GL_BLEND))

        // Pass 1: alpha = min(alpha, 1 − coverage × opacity); colours untouched.
        glColorMask(GLboolean(GL_FALSE), GLboolean(GL_FALSE), GLboolean(GL_FALSE), GLboolean(GL_TRUE))
        glBlendEquationSeparate(GLenum(GL_FUNC_ADD), GLenum(GL_MIN))
        glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE))
        drawSegments(blocks, visible: visible, plotRect: plotRect, bottom: bottom, framebufferSize: framebufferSize,
                     style: style, intoAlpha: true)

        // Pass 2: colour × (1 − alpha) over the background × alpha, alpha back to 1.
        glColorMask(GLboolean(GL_TRUE), GLboolean(GL_TRUE), GLboolean(GL_TRUE), GLboolean(GL_TRUE))
        glBlendEquation(GLenum(GL_FUNC_ADD))
        glBlendFuncSeparate(GLenum(GL_ONE_MINUS_DST_ALPHA), GLenum(GL_DST_ALPHA), GLenum(GL_ONE), GLenum(GL_ZERO))
        device.use(paintProgram)
        let c = style.color
        glUniform4f(device.uniform("u_color", in: paintProgram), c.red, c.green, c.blue, 1)
        drawBands(bands, program: paintProgram, framebufferSize: framebufferSize)
        glDisable(GLenum(GL_SCISSOR_TEST))
        glBlendFuncSeparate(GLenum(GL_SRC_ALPHA), GLenum(GL_ONE_MINUS_SRC_ALPHA), GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        device.checkError("LineRenderer.drawThroughAlpha")
    }

    /// Draws the paint pass's rectangles with `program` (already in use, its colour set).
    private func drawBands(_ bands: [Float], program: ProgramID, framebufferSize: PixelSize) {
        guard !bands.isEmpty else { return }
        glUniform2f(device.uniform("u_framebufferSize", in: program),
                    Float(framebufferSize.width), Float(framebufferSize.height))
        bands.withUnsafeBytes { device.stream($0, into: bandBuffer) }
        glBindVertexArray(bandVertexArray.raw)
        glDrawArrays(GLenum(GL_TRIANGLES), 0, GLsizei(bands.count / 2))
        glBindVertexArray(0)
    }

    /// Whether `framebuffer` (`nil`: the window's) has an 8-bit alpha channel. Asked per
    /// draw (a query, no GPU work): framebuffer ids are reused after a delete.
    private func hasAlpha(_ framebuffer: FramebufferID?) -> Bool {
        var bits: GLint = 0
        let attachment = framebuffer == nil ? GL_BACK_LEFT : GL_COLOR_ATTACHMENT0
        glGetFramebufferAttachmentParameteriv(GLenum(GL_DRAW_FRAMEBUFFER), GLenum(attachment),
                                              GLenum(GL_FRAMEBUFFER_ATTACHMENT_ALPHA_SIZE), &bits)
        if glGetError() != GLenum(GL_NO_ERROR) { bits = 0 }
        return bits >= 8
    }

    private func setViewUniforms(_ program: ProgramID, visible: DataRect, plotRect: PixelRect, bottom: Int,
                                 framebufferSize: PixelSize) {
        device.use(program)
        glUniform2f(device.uniform("u_pixelsPerUnit", in: program),
                    Float(Double(plotRect.width) / visible.width), Float(Double(plotRect.height) / visible.height))
        glUniform4f(device.uniform("u_plotRect", in: program),
                    Float(plotRect.x), Float(bottom), Float(plotRect.width), Float(plotRect.height))
        glUniform2f(device.uniform("u_framebufferSize", in: program),
                    Float(framebufferSize.width), Float(framebufferSize.height))
    }

    /// The segment pass, blending as the caller set up: coverage out (`intoAlpha`: as
    /// 1 − coverage × opacity), one indexed draw of quads per block, whose vertex shader
    /// pulls the block's points from its buffer texture by index.
    private func drawSegments(_ blocks: [LineSeriesBuffer.Block], visible: DataRect, plotRect: PixelRect,
                              bottom: Int, framebufferSize: PixelSize, style: LineStyle, intoAlpha: Bool) {
        glBindVertexArray(lineVertexArray.raw)
        let halfWidth = style.widthInPixels / 2
        setViewUniforms(lineProgram, visible: visible, plotRect: plotRect, bottom: bottom, framebufferSize: framebufferSize)
        glUniform1f(device.uniform("u_halfWidth", in: lineProgram), Float(halfWidth))
        // Half a pixel beyond the stroke holds the antialiasing feather's pixel centres.
        glUniform1f(device.uniform("u_extrusion", in: lineProgram), Float(halfWidth + 0.5))
        glUniform1i(device.uniform("u_intoAlpha", in: lineProgram), intoAlpha ? 1 : 0)
        glUniform1f(device.uniform("u_opacity", in: lineProgram), style.color.alpha)
        glUniform1i(device.uniform("u_points", in: lineProgram), 0)
        let offsetLocation = device.uniform("u_offset", in: lineProgram)
        let firstLocation = device.uniform("u_first", in: lineProgram)
        let countLocation = device.uniform("u_segmentCount", in: lineProgram)
        let groupLocation = device.uniform("u_segmentsPerQuad", in: lineProgram)
        let pixelsPerUnit = Double(plotRect.width) / visible.width
        let pixelsPerUnitY = Double(plotRect.height) / visible.height
        let scaleLocation = device.uniform("u_pixelsPerUnit", in: lineProgram)
        // setViewUniforms set the scale for a unit of 1; blocks in other units change it.
        var unitsSet = (1.0, 1.0)
        glActiveTexture(GLenum(GL_TEXTURE0))
        for block in blocks {
            // At a segment or more per pixel column, neighbours overlap anyway: one box
            // around eight costs fewer triangles and fewer shaded pixels.
            let extent = (block.lastX - block.firstX) * pixelsPerUnit
            let perQuad = Double(block.segmentCount) >= extent ? Self.segmentsPerDenseQuad : 1
            let quads = (block.segmentCount + perQuad - 1) / perQuad
            glBindTexture(GLenum(GL_TEXTURE_BUFFER), block.texture.raw)
            glUniform1i(firstLocation, GLint(block.firstPoint))
            glUniform1i(countLocation, GLint(block.segmentCount))
            glUniform1i(groupLocation, GLint(perQuad))
            glUniform2f(offsetLocation, Self.pixels(from: visible.minX, to: block.originX, per: pixelsPerUnit),
                        Self.pixels(from: visible.minY, to: block.originY, per: pixelsPerUnitY))
            if (block.unitX, block.unitY) != unitsSet {
                unitsSet = (block.unitX, block.unitY)
                glUniform2f(scaleLocation, Float(pixelsPerUnit * block.unitX), Float(pixelsPerUnitY * block.unitY))
            }
            glDrawElements(GLenum(GL_TRIANGLES), GLsizei(Self.indicesPerQuad * quads), GLenum(GL_UNSIGNED_INT), nil)
        }
        glBindTexture(GLenum(GL_TEXTURE_BUFFER), 0)
        glBindVertexArray(0)
    }

    /// `(to − from) × perUnit` in pixels, without overflow on the way (each halved
    /// first), clamped to ±2⁶⁰ pixels so it stays finite as a `Float`: a block that far
    /// off draws nothing visible either way.
    static func pixels(from: Double, to: Double, per perUnit: Double) -> Float {
        let difference = to - from
        let pixels = difference.isFinite ? difference * perUnit : (to / 2 - from / 2) * (2 * perUnit)
        return Float(min(max(pixels, -0x1p60), 0x1p60))
    }

    /// The coverage mask, remade when the framebuffer's size changes.
    private func coverageTarget(for size: PixelSize) -> TextureTarget? {
        if let coverage, coverage.width == size.width, coverage.height == size.height { return coverage }
        coverage = try? TextureTarget(device: device, width: size.width, height: size.height, format: .r8)
        return coverage
    }
}
