import ChartGeometry

/// Paints a `GradientField` over the whole target of the pass in progress, as a mesh
/// whose vertices take the field's colour (gradient-mesh.vert): one pass with no texture
/// read, where stretching a small texture of the field cost llvmpipe a filtered read a
/// pixel.
public final class GradientRenderer {
    private let device: RenderDevice
    private let pipeline: PipelineID
    /// The triangles' indices into the grid's vertices, for the cells they were made for.
    private var indices: (buffer: BufferID, cells: Cells)?
    /// The widest a mesh cell may be, target pixels. Vertices shade on llvmpipe's one
    /// vertex thread and each triangle costs it setup: W1's whole picture at 1280 × 720
    /// took about 1 ms less a frame with 64-pixel cells drawn indexed than with 32-pixel
    /// ones drawn six vertices a cell.
    static let cellSide = 64
    /// The fewest cells across either side: over cells a sixteenth of the target the
    /// field stays within two levels of 8-bit colour of its linear interpolation.
    static let minimumCells = 16

    /// The uniforms of gradient-mesh.vert, each named once.
    enum Uniforms {
        /// The field's four centres, in the unit square, y down.
        static let centers = Uniform<[SIMD2<Float>]>("u_centers")
        static let colors = Uniform<[SIMD3<Float>]>("u_colors")
        /// The mesh's columns and rows of cells.
        static let cells = Uniform<SIMD2<Float>>("u_cells")
    }

    static let descriptor: PipelineDescriptor = {
        var descriptor = PipelineDescriptor(label: "gradient", vertexShader: "gradient-mesh.vert",
                                            fragmentShader: "gradient-mesh.frag")
        descriptor.blend = .opaque
        descriptor.isIndexed = true
        descriptor.declare(Uniforms.centers, Uniforms.colors, Uniforms.cells)
        return descriptor
    }()

    public init(device: RenderDevice) throws {
        self.device = device
        pipeline = try device.makePipeline(Self.descriptor)
    }

    deinit {
        if let indices { device.delete(indices.buffer) }
    }

    struct Cells: Equatable {
        var columns: Int
        var rows: Int
    }

    /// The mesh's columns and rows of cells for a target of `size`.
    static func cells(for size: PixelSize) -> Cells {
        func count(_ pixels: Int) -> Int { max(minimumCells, (pixels + cellSide - 1) / cellSide) }
        return Cells(columns: count(size.width), rows: count(size.height))
    }

    /// Two triangles a cell, over the grid's vertices numbered row by row.
    static func triangleIndices(for cells: Cells) -> [UInt32] {
        let perRow = cells.columns + 1
        return (0..<cells.rows).flatMap { row in
            (0..<cells.columns).flatMap { column in
                let corner = row * perRow + column
                return [corner, corner + 1, corner + perRow, corner + perRow, corner + 1, corner + perRow + 1].map(UInt32.init)
            }
        }
    }

    /// The index buffer for `cells`, made again when they change (a resize).
    private func indexBuffer(for cells: Cells) -> BufferID {
        if let indices, indices.cells == cells { return indices.buffer }
        if let indices { device.delete(indices.buffer) }
        let values = Self.triangleIndices(for: cells)
        let buffer = device.makeBuffer(byteCount: values.count * MemoryLayout<UInt32>.size, kind: .index)
        values.withUnsafeBytes { device.upload($0, to: buffer, atByteOffset: 0, kind: .index) }
        indices = (buffer, cells)
        return buffer
    }

    /// Paints `field` over the whole target of the pass in progress.
    public func draw(_ field: GradientField) {
        guard let size = device.currentTarget?.size else { preconditionFailure("GradientRenderer: draw inside a pass") }
        let cells = Self.cells(for: size)
        let buffer = indexBuffer(for: cells)
        device.apply(pipeline)
        device.applyBindings(indexBuffer: buffer)
        device.setUniform(Uniforms.centers, field.centers.map { SIMD2(Float($0.x), Float($0.y)) })
        device.setUniform(Uniforms.colors, field.colors.map { SIMD3<Float>($0) })
        device.setUniform(Uniforms.cells, SIMD2(Float(cells.columns), Float(cells.rows)))
        device.draw(count: 6 * cells.columns * cells.rows)
    }
}
