import CGL
import ChartCore

/// Draws a `GradientField` into a small square texture with the gradient shader: the
/// seed's compression, a tenth of the window's width, later stretched with linear
/// filtering.
public final class GradientRenderer {
    private let device: GLDevice
    private let program: ProgramID
    private let vertexArray: VertexArrayID
    let stretcher: TextureStretcher

    public init(device: GLDevice) throws {
        self.device = device
        program = try device.makeProgram(vertex: "gradient.vert", fragment: "gradient.frag")
        vertexArray = device.makeVertexArray()
        stretcher = try TextureStretcher(device: device)
    }

    /// Fills `target` (bound for drawing afterwards) with `field`.
    public func render(_ field: GradientField, into target: TextureTarget) {
        target.bind()
        glDisable(GLenum(GL_BLEND))
        glDisable(GLenum(GL_SCISSOR_TEST))
        device.use(program)
        let centers = field.centers.flatMap { [Float($0.x), Float($0.y)] }
        let colors = field.colors.flatMap { [$0.red, $0.green, $0.blue] }
        glUniform2fv(device.uniform("u_centers", in: program), 4, centers)
        glUniform3fv(device.uniform("u_colors", in: program), 4, colors)
        glUniform2f(device.uniform("u_targetSize", in: program), Float(target.width), Float(target.height))
        glBindVertexArray(vertexArray.raw)
        glDrawArrays(GLenum(GL_TRIANGLES), 0, 3)
        glBindVertexArray(0)
        device.checkError("GradientRenderer.render")
    }
}

/// The gradient background: redrawn into its small texture only when the field
/// changes (the centres move, the theme switches), stretched over the canvas each frame.
final class GLGradientSurface: GradientSurface, GLSurface {
    let layer: RenderLayer
    private let device: GLDevice
    private let renderer: GradientRenderer
    private var field: GradientField?
    private var drawn: GradientField?
    private var texture: TextureTarget?

    init(layer: RenderLayer, device: GLDevice, renderer: GradientRenderer) {
        self.layer = layer
        self.device = device
        self.renderer = renderer
    }

    func show(_ field: GradientField?) { self.field = field }
    var coversCanvas: Bool { field != nil }
    func removeAll() { field = nil }

    func draw(_ frame: SurfaceFrame) {
        guard let field else { return }
        let side = max(16, (frame.geometry.canvas.width + 9) / 10)
        if texture?.width != side {
            texture = try? TextureTarget(device: device, width: side, height: side)
            drawn = nil
        }
        guard let texture else { return }
        if drawn != field {
            renderer.render(field, into: texture)
            drawn = field
        }
        device.bind(frame.destination)
        glViewport(0, 0, GLsizei(frame.geometry.canvas.width), GLsizei(frame.geometry.canvas.height))
        renderer.stretcher.stretch(texture, to: frame.geometry.canvas)
    }
}

/// Paints a texture over the whole bound framebuffer, linearly filtered: a textured
/// triangle rather than `glBlitFramebuffer`, which costs several times more on llvmpipe
/// at 1280 × 720 (the gradient, and the benchmark's `--scale` upscale).
public final class TextureStretcher {
    private let device: GLDevice
    private let program: ProgramID
    private let vertexArray: VertexArrayID

    public init(device: GLDevice) throws {
        self.device = device
        program = try device.makeProgram(vertex: "gradient.vert", fragment: "stretch.frag")
        vertexArray = device.makeVertexArray()
    }

    /// Paints `source` over the bound framebuffer of `size` (its viewport set to it).
    public func stretch(_ source: TextureTarget, to size: PixelSize) {
        glViewport(0, 0, GLsizei(size.width), GLsizei(size.height))
        glDisable(GLenum(GL_BLEND))
        glDisable(GLenum(GL_SCISSOR_TEST))
        device.use(program)
        glUniform1i(device.uniform("u_texture", in: program), 0)
        glUniform2f(device.uniform("u_targetSize", in: program), Float(size.width), Float(size.height))
        glActiveTexture(GLenum(GL_TEXTURE0))
        glBindTexture(GLenum(GL_TEXTURE_2D), source.texture.raw)
        glBindVertexArray(vertexArray.raw)
        glDrawArrays(GLenum(GL_TRIANGLES), 0, 3)
        glBindVertexArray(0)
    }
}
