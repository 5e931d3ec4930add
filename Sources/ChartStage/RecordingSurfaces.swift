import ChartGeometry

/// Surfaces that keep what controllers emit, for tests without a GPU. Text is measured
/// with a fixed advance (0.6 em per character, 1.2 em line height).
public final class RecordingSurfaceFactory: SurfaceFactory {
    public private(set) var shapes: [RecordingShapeSurface] = []
    public private(set) var texts: [RecordingTextSurface] = []
    public private(set) var lines: [RecordingLineSurface] = []
    public private(set) var stacks: [RecordingStackSurface] = []
    public private(set) var gradients: [RecordingGradientSurface] = []

    public init() {}

    public func makeShapeSurface(layer: RenderLayer) -> ShapeSurface {
        let surface = RecordingShapeSurface(layer: layer)
        shapes.append(surface)
        return surface
    }

    public func makeTextSurface(layer: RenderLayer) -> TextSurface {
        let surface = RecordingTextSurface(layer: layer)
        texts.append(surface)
        return surface
    }

    public func makeLineSurface(layer: RenderLayer) -> LineSurface {
        let surface = RecordingLineSurface(layer: layer)
        lines.append(surface)
        return surface
    }

    public func makeStackSurface(layer: RenderLayer) -> StackSurface {
        let surface = RecordingStackSurface(layer: layer)
        stacks.append(surface)
        return surface
    }

    public func makeGradientSurface(layer: RenderLayer) -> GradientSurface {
        let surface = RecordingGradientSurface(layer: layer)
        gradients.append(surface)
        return surface
    }
}

public final class RecordingShapeSurface: ShapeSurface {
    public let layer: RenderLayer
    public private(set) var shapes: [Shape] = []
    init(layer: RenderLayer) { self.layer = layer }
    public func add(_ shape: Shape) { shapes.append(shape) }
    public func removeAll() { shapes.removeAll() }
}

public final class RecordingTextSurface: TextSurface {
    public let layer: RenderLayer
    public private(set) var runs: [TextRun] = []
    init(layer: RenderLayer) { self.layer = layer }
    public func add(_ run: TextRun) { runs.append(run) }
    public func removeAll() { runs.removeAll() }

    public func measure(_ text: String, pointSize: Double) -> TextSize {
        TextSize.estimate(for: text, size: pointSize)
    }

    /// Each run's box, as placed.
    public var boxes: [PixelBox] {
        runs.map { measure($0.text, pointSize: $0.pointSize).box(at: $0.position, anchor: $0.anchor) }
    }
}

public final class RecordingLineSurface: LineSurface {
    public let layer: RenderLayer
    public private(set) var lines: [SeriesLine] = []
    init(layer: RenderLayer) { self.layer = layer }
    public func add(_ line: SeriesLine) { lines.append(line) }
    public func removeAll() { lines.removeAll() }
}

/// Keeps the stacks it is given, for tests.
public final class RecordingStackSurface: StackSurface {
    public let layer: RenderLayer
    public private(set) var stacks: [SeriesStack] = []
    init(layer: RenderLayer) { self.layer = layer }
    public func add(_ stack: SeriesStack) { stacks.append(stack) }
    public func removeAll() { stacks.removeAll() }
}

public final class RecordingGradientSurface: GradientSurface {
    public let layer: RenderLayer
    public private(set) var field: GradientField?
    /// How many times a field was shown: the GPU redraws its texture each time.
    public private(set) var updates = 0
    init(layer: RenderLayer) { self.layer = layer }
    public func show(_ field: GradientField?) {
        self.field = field
        updates += 1
    }
    public func removeAll() { field = nil }
}
