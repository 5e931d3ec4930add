import CGL
import ChartCore

/// Draws `LineSeriesBuffer`s with the line shaders. Per frame it sets uniforms and
/// attribute offsets only; the points never move again after their upload.
public final class LineRenderer {
    private let device: GLDevice
    private let program: ProgramID
    private let vertexArray: VertexArrayID

    /// The number of vertices in one segment's strip: a quad and a bevel triangle.
    private static let verticesPerSegment: GLsizei = 5

    public init(device: GLDevice) throws {
        self.device = device
        program = try device.makeProgram(vertex: "line.vert", fragment: "line.frag")
        vertexArray = device.makeVertexArray()
        glBindVertexArray(vertexArray.raw)
        for attribute in 0..<4 {
            glEnableVertexAttribArray(GLuint(attribute))
            glVertexAttribDivisor(GLuint(attribute), 1)
        }
        glBindVertexArray(0)
    }

    /// Draws `series` as the viewport shows it inside `plotRect`.
    /// - Parameters:
    ///   - plotRect: the plot in framebuffer pixels, from the top-left.
    ///   - framebufferSize: the size of the framebuffer drawn into.
    /// - Complexity: O(visible blocks) GL calls.
    public func draw(_ series: LineSeriesBuffer, viewport: Viewport, plotRect: PixelRect,
                     framebufferSize: PixelSize, style: LineStyle) {
        let visible = viewport.visible
        guard visible.width > 0, visible.height > 0, plotRect.width > 0, plotRect.height > 0 else { return }
        let blocks = series.visibleBlocks(minX: visible.minX, maxX: visible.maxX)
        guard !blocks.isEmpty else { return }

        device.use(program)
        let halfWidth = style.widthInPixels / 2
        glUniform2f(device.uniform("u_pixelsPerUnit", in: program),
                    Float(Double(plotRect.width) / visible.width), Float(Double(plotRect.height) / visible.height))
        let bottom = framebufferSize.height - plotRect.y - plotRect.height
        glUniform4f(device.uniform("u_plotRect", in: program),
                    Float(plotRect.x), Float(bottom), Float(plotRect.width), Float(plotRect.height))
        glUniform2f(device.uniform("u_framebufferSize", in: program),
                    Float(framebufferSize.width), Float(framebufferSize.height))
        glUniform1f(device.uniform("u_halfWidth", in: program), Float(halfWidth))
        // One pixel beyond the stroke holds the antialiasing feather.
        glUniform1f(device.uniform("u_extrusion", in: program), Float(halfWidth + 1))
        glUniform1f(device.uniform("u_miterLimit", in: program), Float(style.miterLimit))
        let c = style.color
        glUniform4f(device.uniform("u_color", in: program), c.red, c.green, c.blue, c.alpha)
        let offsetLocation = device.uniform("u_offset", in: program)

        glEnable(GLenum(GL_BLEND))
        glBlendFuncSeparate(GLenum(GL_SRC_ALPHA), GLenum(GL_ONE_MINUS_SRC_ALPHA), GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        glEnable(GLenum(GL_SCISSOR_TEST))
        glScissor(GLint(plotRect.x), GLint(bottom), GLsizei(plotRect.width), GLsizei(plotRect.height))
        glBindVertexArray(vertexArray.raw)
        for block in series.blocks[blocks] {
            glBindBuffer(GLenum(GL_ARRAY_BUFFER), block.buffer.raw)
            for attribute in 0..<4 {
                let offset = block.byteOffset + attribute * LineSeriesBuffer.bytesPerPoint
                glVertexAttribPointer(GLuint(attribute), 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE),
                                      GLsizei(LineSeriesBuffer.bytesPerPoint), UnsafeRawPointer(bitPattern: offset))
            }
            glUniform2f(offsetLocation, Float(block.originX - visible.minX), Float(block.originY - visible.minY))
            glDrawArraysInstanced(GLenum(GL_TRIANGLE_STRIP), 0, Self.verticesPerSegment, GLsizei(block.segmentCount))
        }
        glBindVertexArray(0)
        glDisable(GLenum(GL_SCISSOR_TEST))
        device.checkError("LineRenderer.draw")
    }
}
