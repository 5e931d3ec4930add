import ChartGeometry
import ChartStage

/// Rectangles, circles, (dashed) segments and wedges as one instanced draw of quads whose
/// fragment shader computes each shape's signed distance; filled areas as one batch of
/// triangles. The batches are rebuilt only when the shapes change.
final class GPUShapeSurface: MarkSurface, GPUSurface {
    let layer: RenderLayer
    private let device: RenderDevice
    private let pipelines: ShapePipelines
    private var shapes: [Shape] = []
    private var instances: [Float] = []
    private var triangles: [Float] = []
    /// The quads of the instances queued so far in a build (each shape's box and its
    /// pixel of margin): a flat shape drawn before them must not touch one.
    private var queued: [PixelBox] = []
    private var isBuilt = false
    private let instanceBuffer: BufferID
    private let triangleBuffer: BufferID

    private static let floatsPerInstance = 16
    private static let floatsPerVertex = 6

    init(layer: RenderLayer, device: RenderDevice, pipelines: ShapePipelines) {
        self.layer = layer
        self.device = device
        self.pipelines = pipelines
        instanceBuffer = device.makeBuffer(byteCount: 0)
        triangleBuffer = device.makeBuffer(byteCount: 0)
    }

    deinit {
        device.delete(instanceBuffer)
        device.delete(triangleBuffer)
    }

    func add(_ shape: Shape) {
        shapes.append(shape)
        isBuilt = false
    }

    func removeAll() {
        shapes.removeAll()
        isBuilt = false
    }

    var layerContent: SurfaceContent? { SurfaceContent(shapes) }

    func draw(_ frame: SurfaceFrame) {
        if !isBuilt { build() }
        let canvas = frame.geometry.canvas
        if !triangles.isEmpty {
            device.apply(pipelines.flat)
            device.applyBindings(vertexBuffer: triangleBuffer)
            device.setUniform(ShapePipelines.canvasSize, SIMD2(canvas))
            device.draw(count: triangles.count / Self.floatsPerVertex)
        }
        if !instances.isEmpty {
            device.apply(pipelines.shape)
            device.applyBindings(vertexBuffer: instanceBuffer)
            device.setUniform(ShapePipelines.canvasSize, SIMD2(canvas))
            device.draw(count: 4, instances: instances.count / Self.floatsPerInstance)
        }
    }

    private func build() {
        instances.removeAll(keepingCapacity: true)
        triangles.removeAll(keepingCapacity: true)
        queued.removeAll(keepingCapacity: true)
        let seams = WedgeSeams(shapes)
        for (index, shape) in shapes.enumerated() {
            switch shape {
            case let .rect(box, fill, cornerRadius):
                let pieces = Self.pieces(of: box, cornerRadius: cornerRadius)
                // Against the instances queued before this rectangle: its own measured
                // pieces give its middle no coverage, so their order does not matter.
                let flatAllowed = !pieces.contains { $0.1 && touchesQueued($0.0) }
                for (piece, flat) in pieces {
                    if flat, flatAllowed {
                        appendFlat(piece, fill)
                    } else {
                        append([piece.x, piece.y, piece.maxX, piece.maxY], [kind(.rect), cornerRadius, 0, 0], fill, fill)
                    }
                }
            case let .outline(box, color, width, cornerRadius):
                // A rect whose rim, `width` wide, takes the stroke colour over a clear fill.
                append([box.x, box.y, box.maxX, box.maxY], [kind(.rect), cornerRadius, width, 0], RGBAColor(red: 0, green: 0, blue: 0, alpha: 0), color)
            case let .circle(center, radius, fill, stroke, strokeWidth):
                append([center.x, center.y, radius, strokeWidth], [kind(.circle), 0, 0, 0], fill, stroke)
            case let .segment(from, to, width, color, dash):
                let (a, b) = Self.snapped(from, to, width: width)
                if dash == nil, let box = Self.wholePixels(a, b, width: width), !touchesQueued(box) {
                    appendFlat(box, color)
                } else {
                    append([a.x, a.y, b.x, b.y], [kind(.segment), width, dash?.on ?? 0, dash?.off ?? 0], color, color)
                }
            case let .area(top, baseline, color):
                for (p, q) in zip(top, top.dropFirst()) {
                    for v in [p, q, PixelPoint(x: q.x, y: baseline), p, PixelPoint(x: q.x, y: baseline), PixelPoint(x: p.x, y: baseline)] {
                        triangles += [Float(v.x), Float(v.y), color.red, color.green, color.blue, color.alpha]
                    }
                }
            case let .wedge(center, radius, startAngle, endAngle, fill):
                guard endAngle > startAngle, radius > 0 else { continue }
                // Small angles keep Float's precision in the shader; a full turn or more
                // is the whole disc, which the shader tells by the span alone.
                let start = startAngle.truncatingRemainder(dividingBy: 2 * .pi)
                let span = min(endAngle - startAngle, 2 * .pi)
                let overlap = seams.overlap(ofWedgeAt: index)
                append([center.x, center.y, radius, overlap.start], [kind(.wedge), start, start + span, overlap.end], fill, fill)
            }
        }
        instances.withUnsafeBytes { device.stream($0, into: instanceBuffer) }
        triangles.withUnsafeBytes { device.stream($0, into: triangleBuffer) }
        isBuilt = true
    }

    /// The shape kind as the shader reads it (`a_params.x`).
    private func kind(_ kind: ShaderConstants.ShapeKind) -> Double { Double(kind.rawValue) }

    private func append(_ geometry: [Double], _ params: [Double], _ fill: RGBAColor, _ stroke: RGBAColor) {
        queued.append(Self.quad(geometry, params))
        instances += geometry.map(Float.init) + params.map(Float.init)
        instances += [fill.red, fill.green, fill.blue, fill.alpha, stroke.red, stroke.green, stroke.blue, stroke.alpha]
    }

    /// The box shape.vert draws an instance's quad over.
    private static func quad(_ geometry: [Double], _ params: [Double]) -> PixelBox {
        let (lo, hi): (PixelPoint, PixelPoint)
        switch Int(params[0]) {
        case ShaderConstants.ShapeKind.circle.rawValue, ShaderConstants.ShapeKind.wedge.rawValue:
            lo = PixelPoint(x: geometry[0] - geometry[2], y: geometry[1] - geometry[2])
            hi = PixelPoint(x: geometry[0] + geometry[2], y: geometry[1] + geometry[2])
        case ShaderConstants.ShapeKind.segment.rawValue:
            let half = params[1] / 2
            lo = PixelPoint(x: min(geometry[0], geometry[2]) - half, y: min(geometry[1], geometry[3]) - half)
            hi = PixelPoint(x: max(geometry[0], geometry[2]) + half, y: max(geometry[1], geometry[3]) + half)
        default:
            lo = PixelPoint(x: geometry[0], y: geometry[1])
            hi = PixelPoint(x: geometry[2], y: geometry[3])
        }
        return PixelBox(x: lo.x - 1, y: lo.y - 1, width: hi.x - lo.x + 2, height: hi.y - lo.y + 2)
    }

    /// Whether `box` meets a queued instance's quad. Flat triangles draw before the
    /// instances, so a flat shape may go ahead of those queued only where it touches
    /// none of them: shapes that share no pixel blend alike in either order.
    private func touchesQueued(_ box: PixelBox) -> Bool { queued.contains { $0.intersects(box) } }

    /// A filled rectangle without rounded corners cut where its whole pixels start: the
    /// middle, whose edges fall on pixel edges, flat (`true`), and the columns or rows
    /// its fractional edges cross measured, as the whole rectangle would measure them;
    /// a rounded one, or one with no whole pixel inside, whole and measured.
    static func pieces(of box: PixelBox, cornerRadius: Double) -> [(PixelBox, Bool)] {
        let left = box.x.rounded(.up), right = box.maxX.rounded(.down)
        let top = box.y.rounded(.up), bottom = box.maxY.rounded(.down)
        guard cornerRadius == 0, right > left, bottom > top else { return [(box, false)] }
        var pieces: [(PixelBox, Bool)] = []
        // Rows above and below the middle span the whole width; columns beside it, its height.
        if top > box.y { pieces.append((PixelBox(x: box.x, y: box.y, width: box.width, height: top - box.y), false)) }
        if left > box.x { pieces.append((PixelBox(x: box.x, y: top, width: left - box.x, height: bottom - top), false)) }
        pieces.append((PixelBox(x: left, y: top, width: right - left, height: bottom - top), true))
        if box.maxX > right { pieces.append((PixelBox(x: right, y: top, width: box.maxX - right, height: bottom - top), false)) }
        if box.maxY > bottom { pieces.append((PixelBox(x: box.x, y: bottom, width: box.width, height: box.maxY - bottom), false)) }
        return pieces
    }

    /// Two triangles over `box`, which covers whole pixels, in one colour.
    private func appendFlat(_ box: PixelBox, _ color: RGBAColor) {
        let (x0, y0, x1, y1) = (Float(box.x), Float(box.y), Float(box.maxX), Float(box.maxY))
        for (x, y) in [(x0, y0), (x1, y0), (x0, y1), (x1, y0), (x1, y1), (x0, y1)] {
            triangles += [x, y, color.red, color.green, color.blue, color.alpha]
        }
    }

    /// The pixels a solid horizontal or vertical segment covers when its edges fall on
    /// pixel edges (a grid line `snapped`, between whole pixels): there shape.frag's
    /// distance gives every pixel centre inside full coverage and every one outside
    /// none, so the rectangle drawn flat, without measuring a distance a pixel (and its
    /// pixel of margin on each side), is the same picture within a level: the measured
    /// coverage, with the pixel's position interpolated in floats, comes out a hair under
    /// 1 on some pixels (a line's first, a whole row now and then), which can round a
    /// channel a level apart. `nil` for any other segment.
    static func wholePixels(_ a: PixelPoint, _ b: PixelPoint, width: Double) -> PixelBox? {
        let half = width / 2
        let box: PixelBox
        if a.y == b.y {
            box = PixelBox(x: min(a.x, b.x), y: a.y - half, width: abs(b.x - a.x), height: width)
        } else if a.x == b.x {
            box = PixelBox(x: a.x - half, y: min(a.y, b.y), width: width, height: abs(b.y - a.y))
        } else {
            return nil
        }
        let edges = [box.x, box.y, box.maxX, box.maxY]
        guard box.width > 0, box.height > 0, edges.allSatisfy({ $0 == $0.rounded() }) else { return nil }
        return box
    }

    /// Thin horizontal and vertical segments centred on a pixel row or column, so a
    /// one-pixel grid line is one crisp row instead of two half-tone ones.
    private static func snapped(_ a: PixelPoint, _ b: PixelPoint, width: Double) -> (PixelPoint, PixelPoint) {
        guard width.rounded() == width, Int(width) % 2 == 1 else { return (a, b) }
        if a.y == b.y {
            let y = a.y.rounded(.down) + 0.5
            return (PixelPoint(x: a.x, y: y), PixelPoint(x: b.x, y: y))
        }
        if a.x == b.x {
            let x = a.x.rounded(.down) + 0.5
            return (PixelPoint(x: x, y: a.y), PixelPoint(x: x, y: b.y))
        }
        return (a, b)
    }
}
