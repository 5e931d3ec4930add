import CGL
import ChartCore
import ChartData

/// Series lines: each at the level of detail the view needs, drawn by `LineRenderer`
/// through the viewport, so a pan changes uniforms only.
///
/// A caching surface (the range selector's, whose view rarely changes) draws its lines
/// once into a texture the size of the plot and copies that each frame, until the lines,
/// the view or the geometry change.
final class GLLineSurface: LineSurface, GLSurface {
    let layer: RenderLayer
    private let renderer: LineRenderer
    private let series: [LODLineSeries]
    private var lines: [SeriesLine] = []
    private let cache: LineCache?

    init(layer: RenderLayer, renderer: LineRenderer, series: [LODLineSeries], cache: LineCache?) {
        self.layer = layer
        self.renderer = renderer
        self.series = series
        self.cache = cache
    }

    func add(_ line: SeriesLine) { lines.append(line) }
    func removeAll() { lines.removeAll() }

    func draw(_ frame: SurfaceFrame) {
        guard let cache else {
            drawLines(viewport: frame.viewport, plot: frame.geometry.plot, canvas: frame.geometry.canvas, scale: frame.geometry.scale,
                      opaqueBehind: true)
            return
        }
        let plot = frame.geometry.plot
        guard plot.width > 0, plot.height > 0 else { return }
        let key = LineCache.Key(lines: lines, visible: frame.viewport.visible, plot: plot, scale: frame.geometry.scale)
        if let target = cache.target(for: key) {
            target.clear(to: RGBAColor(red: 0, green: 0, blue: 0, alpha: 0))
            // The cache is transparent (it is copied premultiplied over the canvas).
            drawLines(viewport: frame.viewport, plot: PixelRect(size: plot.size), canvas: plot.size, scale: frame.geometry.scale,
                      opaqueBehind: false)
            cache.didDraw(key)
        }
        cache.copy(into: frame.destination, plot: plot, canvas: frame.geometry.canvas)
    }

    private func drawLines(viewport: Viewport, plot: PixelRect, canvas: PixelSize, scale: Double, opaqueBehind: Bool) {
        let visible = viewport.visible
        for line in lines where series.indices.contains(line.seriesIndex) {
            var style = LineStyle(widthInPixels: line.width * scale)
            style.color = line.color
            let pieces = series[line.seriesIndex].buffers(forVisibleX: visible.minX...visible.maxX, plotWidth: plot.width)
            renderer.draw(pieces, viewport: viewport, plotRect: plot, framebufferSize: canvas, style: style,
                          opaqueBehind: opaqueBehind)
        }
    }
}

/// The texture a caching line surface keeps, and what it last drew into it.
final class LineCache {
    struct Key: Equatable {
        var lines: [SeriesLine]
        var visible: DataRect
        var plot: PixelRect
        var scale: Double
    }

    private let device: GLDevice
    private let program: ProgramID
    private let vertexArray: VertexArrayID
    private var texture: TextureTarget?
    private var drawn: Key?
    /// Times the lines were drawn into the texture (for tests).
    private(set) var renders = 0

    init(device: GLDevice) throws {
        self.device = device
        program = try device.makeProgram(vertex: "cached-plot.vert", fragment: "cached-plot.frag")
        vertexArray = device.makeVertexArray()
    }

    /// The texture bound for drawing when `key` differs from what it holds, else `nil`.
    func target(for key: Key) -> TextureTarget? {
        if texture?.width != key.plot.width || texture?.height != key.plot.height {
            texture = try? TextureTarget(device: device, width: key.plot.width, height: key.plot.height)
            drawn = nil
        }
        guard key != drawn, let texture else { return nil }
        texture.bind()
        return texture
    }

    func didDraw(_ key: Key) {
        drawn = key
        renders += 1
    }

    /// Copies the texture (premultiplied) over `plot` in `destination`.
    func copy(into destination: FramebufferID?, plot: PixelRect, canvas: PixelSize) {
        guard let texture else { return }
        device.bind(destination)
        glViewport(0, 0, GLsizei(canvas.width), GLsizei(canvas.height))
        let bottom = canvas.height - plot.y - plot.height
        glEnable(GLenum(GL_BLEND))
        glBlendEquation(GLenum(GL_FUNC_ADD))
        glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        device.use(program)
        glUniform4f(device.uniform("u_plotRect", in: program), Float(plot.x), Float(bottom), Float(plot.width), Float(plot.height))
        glUniform2f(device.uniform("u_framebufferSize", in: program), Float(canvas.width), Float(canvas.height))
        glUniform2f(device.uniform("u_origin", in: program), Float(plot.x), Float(bottom))
        glUniform1i(device.uniform("u_texture", in: program), 0)
        glActiveTexture(GLenum(GL_TEXTURE0))
        glBindTexture(GLenum(GL_TEXTURE_2D), texture.texture.raw)
        glBindVertexArray(vertexArray.raw)
        glDrawArrays(GLenum(GL_TRIANGLE_STRIP), 0, 4)
        glBindVertexArray(0)
        glBlendFuncSeparate(GLenum(GL_SRC_ALPHA), GLenum(GL_ONE_MINUS_SRC_ALPHA), GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        device.checkError("LineCache.copy")
    }
}
