import ChartData
import ChartGeometry
import ChartStage

/// Draws `SeriesStack`s (bars and filled areas) from `LODStackSeries` with the stack
/// shaders, which compute every height from the series' values: per frame it sets
/// uniforms only, and a toggle's easing changes the weights alone.
///
/// No antialiasing: bands are flat and share their edges exactly (one float, computed
/// alike on both sides), so stacked layers meet with neither gap nor blended seam, and
/// a bar fills its step to the pixel.
final class StackRenderer {
    private let device: RenderDevice
    private let bars: PipelineID
    private let areas: PipelineID

    /// Bars: at most one step per pixel column. A bar narrower than a pixel may cover no
    /// pixel centre and vanish, and the spike the `maximum` merge keeps with it.
    static let barStepsPerPixel = 1.0
    /// Areas: at most two steps per pixel column; a polygon's edge passes through every
    /// point, so narrow steps still shape it.
    static let areaStepsPerPixel = 2.0

    static let barsDescriptor: PipelineDescriptor = {
        var descriptor = PipelineDescriptor(label: "stack bars", vertexShader: "stack.vert", fragmentShader: "stack.frag")
        descriptor.usesScissor = true
        descriptor.samplers = ["u_steps"]
        descriptor.declare(Uniforms.plotRect, Uniforms.framebufferSize, Uniforms.zeroY, Uniforms.seriesCount, Uniforms.areas,
                           Uniforms.stacked, Uniforms.percentage, Uniforms.weights, Uniforms.colors, Uniforms.dims,
                           Uniforms.dimmedOpacity, Uniforms.storedSteps, Uniforms.firstStep, Uniforms.offsetX,
                           Uniforms.pixelsPerUnit, Uniforms.loneHalfWidth, Uniforms.highlight, Uniforms.layer)
        return descriptor
    }()

    static let areasDescriptor: PipelineDescriptor = {
        var descriptor = barsDescriptor
        descriptor.label = "stack areas"
        descriptor.primitive = .triangleStrip
        return descriptor
    }()

    init(device: RenderDevice) throws {
        self.device = device
        bars = try device.makePipeline(Self.barsDescriptor)
        areas = try device.makePipeline(Self.areasDescriptor)
    }

    /// `value` (a scale, pixels per stored unit) as a `Float`, within ±2¹²⁰ so it stays
    /// finite: at that scale every stored value beyond ±2⁻⁶⁰ lies far off any canvas
    /// either way (and the shader keeps such corners finite).
    static func finiteFloat(_ value: Double) -> Float { Float(min(max(value, -0x1p120), 0x1p120)) }

    /// How `stack`'s levels merge a bucket (`StackMerge`'s rules by mark and stacking).
    static func merge(for stack: SeriesStack) -> StackMerge {
        switch (stack.mark, stack.isStacked) {
        case (.bars, false), (.areas, false): .maximum
        case (.bars, true): .largestTotal
        case (.areas, true): .mean
        }
    }

    /// Draws `stack` from `series` as `scales` (data ↔ pixels on a plot of `plotRect`'s
    /// size, ready from the geometry layer) map it inside `plotRect` (the pass target's
    /// pixels, from the top-left), over what the pass in progress holds.
    /// - Complexity: O(pieces in view) draws (× layers for areas).
    func draw(_ stack: SeriesStack, series: LODStackSeries, scales: PlotScales, plotRect: PixelRect) {
        guard let target = device.currentTarget else { preconditionFailure("StackRenderer: draw inside a pass") }
        let visible = scales.visible
        let layers = stack.series.count
        guard layers > 0, visible.width > 0, visible.height > 0, plotRect.width > 0, plotRect.height > 0 else { return }
        guard layers <= ShaderConstants.maxStackSeries else {
            device.report(making: "a stack of \(layers) series", because: "the most one stack draws is \(ShaderConstants.maxStackSeries)",
                          instead: "it is left out")
            return
        }
        let steps = series.visibleSteps(forX: visible.minX...visible.maxX)
        guard !steps.isEmpty else { return }
        let levels = series.levels
        let isBars = stack.mark == .bars
        let level = levels.level(forVisible: steps, plotWidth: plotRect.width,
                                 stepsPerPixel: isBars ? Self.barStepsPerPixel : Self.areaStepsPerPixel)
        let buckets = levels.bucket(holding: steps.lowerBound, level: level)...levels.bucket(holding: steps.upperBound - 1, level: level)
        let pieces = series.pieces(level: level, buckets: buckets)

        let framebuffer = target.size
        let bottom = framebuffer.height - plotRect.y - plotRect.height
        let transform = scales.transform
        device.apply(isBars ? bars : areas)
        device.applyScissor(plotRect)
        device.setUniform(Uniforms.plotRect, SIMD4(Float(plotRect.x), Float(bottom), Float(plotRect.width), Float(plotRect.height)))
        device.setUniform(Uniforms.framebufferSize, SIMD2(framebuffer))
        device.setUniform(Uniforms.zeroY, transform.offsetY(to: 0))
        device.setUniform(Uniforms.seriesCount, Int32(layers))
        device.setUniform(Uniforms.areas, !isBars)
        device.setUniform(Uniforms.stacked, stack.isStacked)
        device.setUniform(Uniforms.percentage, stack.isPercentage)
        let padding = ShaderConstants.maxStackSeries - layers
        device.setUniform(Uniforms.weights, stack.weights.map { Float($0) } + [Float](repeating: 0, count: padding))
        device.setUniform(Uniforms.colors, stack.colors.map { SIMD4<Float>($0) } + [SIMD4<Float>](repeating: .zero, count: padding))
        device.setUniform(Uniforms.dims, isBars && stack.highlightedIndex != nil)
        device.setUniform(Uniforms.dimmedOpacity, Float(stack.dimmedOpacity))
        // A bar with no neighbour at another x: a tenth of the view wide where every step
        // shares one x (a lone step among them), as a lone thing is seen; else a step
        // between two at its own x, a pixel wide, so it still shows.
        let xs = levels.xs
        let loneHalfWidth = xs.first == xs.last ? visible.width / 20 : transform.spanX(coveredBy: 0.5)
        let highlightedBucket = stack.highlightedIndex.map { levels.bucket(holding: max($0, 0), level: level) }
        for piece in pieces {
            let drawn = max(buckets.lowerBound, piece.own.lowerBound)..<min(buckets.upperBound + 1, piece.own.upperBound)
            guard !drawn.isEmpty else { continue }
            device.applyBindings(textures: [piece.texture])
            device.setUniform(Uniforms.storedSteps, Int32(piece.storedCount))
            device.setUniform(Uniforms.firstStep, Int32(drawn.lowerBound - piece.firstStored))
            device.setUniform(Uniforms.offsetX, transform.offsetX(to: piece.originX))
            // Percentages are in percent whatever the values' unit.
            let unitY = stack.isPercentage ? 1 : piece.unitY
            let perUnit = transform.pixelsPerUnit(unitX: piece.unitX, unitY: unitY)
            device.setUniform(Uniforms.pixelsPerUnit, SIMD2(Self.finiteFloat(perUnit.x), Self.finiteFloat(perUnit.y)))
            if isBars {
                device.setUniform(Uniforms.loneHalfWidth, Float(loneHalfWidth / piece.unitX))
                // Out of the piece's range when the highlighted bucket is another piece's:
                // every bar of this one dims.
                device.setUniform(Uniforms.highlight, Int32(clamping: (highlightedBucket ?? 0) - piece.firstStored))
                device.draw(count: 6 * layers * drawn.count)
            } else {
                // Through the next piece's first point (stored here), so strips join.
                let points = min(drawn.count + 1, piece.storedCount - (drawn.lowerBound - piece.firstStored))
                guard points >= 2 else { continue }
                for layer in 0..<layers {
                    device.setUniform(Uniforms.layer, Int32(layer))
                    device.draw(count: 2 * points)
                }
            }
        }
    }
}
