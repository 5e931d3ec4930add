import ChartData
import ChartGeometry
import ChartStage

/// Draws `SeriesCandles` from `LODCandleSeries` with candle.vert: one instance a candle,
/// whose twelve vertices the shader builds from the candle's six stored floats (a wick
/// from low to high, a body from open to close), so a frame sets uniforms only. The
/// level is the finest whose candles get `OHLCLevels.minimumCandlePixels` each, so
/// there is one candle per period at every zoom.
final class CandleRenderer {
    private let device: RenderDevice
    private let pipeline: PipelineID

    /// Vertices an instance draws: two quads of two triangles.
    static let verticesPerCandle = 12

    static let descriptor: PipelineDescriptor = {
        var descriptor = PipelineDescriptor(label: "candles", vertexShader: "candle.vert", fragmentShader: "stack.frag")
        descriptor.usesScissor = true
        descriptor.samplers = ["u_candles"]
        descriptor.declare(Uniforms.plotRect, Uniforms.framebufferSize, Uniforms.firstCandle, Uniforms.offset,
                           Uniforms.pixelsPerUnit, Uniforms.loneHalfWidth, Uniforms.wickWidth, Uniforms.rising,
                           Uniforms.falling)
        return descriptor
    }()

    init(device: RenderDevice) throws {
        self.device = device
        pipeline = try device.makePipeline(Self.descriptor)
    }

    /// Draws `candles` from `series` as `scales` (data ↔ pixels on a plot of `plotRect`'s
    /// size, ready from the geometry layer) map them inside `plotRect` (the pass target's
    /// pixels, from the top-left), over what the pass in progress holds.
    /// - Parameter pixelScale: the HiDPI scale the wick's width is multiplied by.
    /// - Complexity: O(pieces in view) draws.
    func draw(_ candles: SeriesCandles, series: LODCandleSeries, scales: PlotScales, plotRect: PixelRect, pixelScale: Double) {
        guard let target = device.currentTarget else { preconditionFailure("CandleRenderer: draw inside a pass") }
        let visible = scales.visible
        guard visible.width > 0, visible.height > 0, plotRect.width > 0, plotRect.height > 0 else { return }
        let levels = series.levels
        let (level, rows) = levels.level(forX: visible.minX...visible.maxX, plotWidth: Double(plotRect.width))
        guard !rows.isEmpty else { return }
        let drawnCandles = levels.candle(holding: rows.lowerBound, level: level)...levels.candle(holding: rows.upperBound - 1, level: level)
        let pieces = series.pieces(level: level, candles: drawnCandles)

        let framebuffer = target.size
        let bottom = framebuffer.height - plotRect.y - plotRect.height
        let transform = scales.transform
        device.apply(pipeline)
        device.applyScissor(plotRect)
        device.setUniform(Uniforms.plotRect, SIMD4(Float(plotRect.x), Float(bottom), Float(plotRect.width), Float(plotRect.height)))
        device.setUniform(Uniforms.framebufferSize, SIMD2(framebuffer))
        device.setUniform(Uniforms.wickWidth, Float(max(candles.wickWidth * pixelScale, 1)))
        device.setUniform(Uniforms.rising, SIMD4<Float>(candles.rising))
        device.setUniform(Uniforms.falling, SIMD4<Float>(candles.falling))
        // A candle with no neighbour (a file of one row): a tenth of the view wide.
        let loneHalfWidth = levels.xs.first == levels.xs.last ? visible.width / 20 : 0
        for piece in pieces {
            let drawn = max(drawnCandles.lowerBound, piece.own.lowerBound)..<min(drawnCandles.upperBound + 1, piece.own.upperBound)
            guard !drawn.isEmpty else { continue }
            device.applyBindings(textures: [piece.texture])
            device.setUniform(Uniforms.firstCandle, Int32(drawn.lowerBound - piece.own.lowerBound))
            device.setUniform(Uniforms.offset, SIMD2(transform.offsetX(to: piece.originX), transform.offsetY(to: piece.originY)))
            let perUnit = transform.pixelsPerUnit(unitX: piece.unitX, unitY: piece.unitY)
            device.setUniform(Uniforms.pixelsPerUnit, SIMD2(StackRenderer.finiteFloat(perUnit.x), StackRenderer.finiteFloat(perUnit.y)))
            device.setUniform(Uniforms.loneHalfWidth, Float(loneHalfWidth / piece.unitX))
            device.draw(count: Self.verticesPerCandle, instances: drawn.count)
        }
    }
}

extension CandleRenderer {
    /// The uniforms of candle.vert, each named once (stack.frag has none).
    enum Uniforms {
        /// Left, bottom, width and height in the target's pixels from the bottom-left.
        static let plotRect = Uniform<SIMD4<Float>>("u_plotRect")
        static let framebufferSize = Uniform<SIMD2<Float>>("u_framebufferSize")
        /// The piece's position of the first candle drawn (instance 0).
        static let firstCandle = Uniform<Int32>("u_firstCandle")
        /// Plot pixels of the piece's x and y origins.
        static let offset = Uniform<SIMD2<Float>>("u_offset")
        /// Plot pixels per stored unit, x and y.
        static let pixelsPerUnit = Uniform<SIMD2<Float>>("u_pixelsPerUnit")
        /// Half the width of a candle with no neighbour, stored units.
        static let loneHalfWidth = Uniform<Float>("u_loneHalfWidth")
        /// The wick's width, pixels.
        static let wickWidth = Uniform<Float>("u_wickWidth")
        static let rising = Uniform<SIMD4<Float>>("u_rising")
        static let falling = Uniform<SIMD4<Float>>("u_falling")
    }
}
