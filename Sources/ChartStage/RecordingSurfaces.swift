import ChartGeometry

/// Surfaces that keep what controllers emit, for tests without a GPU: a kind whose
/// surfaces only take marks gets a `RecordingSurface` of it without registering
/// anything; text (measured with a fixed advance, 0.6 em per character, 1.2 em line
/// height) and the gradient have surfaces of their own.
public final class RecordingSurfaceFactory: SurfaceFactory {
    /// Every surface made, in the order they were asked for.
    public private(set) var made: [RenderSurface] = []
    private var makers = SurfaceMakers()

    public init() {
        makers.register(TextRun.self) { RecordingTextSurface(layer: $0) }
        makers.register(GradientField.self) { RecordingGradientSurface(layer: $0) }
    }

    public func makeSurface<Kind: Mark>(for kind: Kind.Type, layer: RenderLayer) -> Kind.Surface {
        guard let surface = makers.make(kind, layer: layer) ?? (RecordingSurface<Kind>(layer: layer) as? Kind.Surface) else {
            preconditionFailure("no recording surface for \(Kind.self): register one in RecordingSurfaceFactory.init")
        }
        guard let recorded = surface as? RenderSurface else {
            preconditionFailure("the recording surface for \(Kind.self) is not a RenderSurface")
        }
        made.append(recorded)
        return surface
    }

    /// The surfaces made of type `type`, in order.
    public func surfaces<Surface>(_ type: Surface.Type) -> [Surface] { made.compactMap { $0 as? Surface } }

    public var shapes: [RecordingShapeSurface] { surfaces(RecordingShapeSurface.self) }
    public var texts: [RecordingTextSurface] { surfaces(RecordingTextSurface.self) }
    public var lines: [RecordingLineSurface] { surfaces(RecordingLineSurface.self) }
    public var stacks: [RecordingStackSurface] { surfaces(RecordingStackSurface.self) }
    public var gradients: [RecordingGradientSurface] { surfaces(RecordingGradientSurface.self) }
}

/// Keeps the marks it is given, in order.
public final class RecordingSurface<Kind>: MarkSurface {
    public let layer: RenderLayer
    public private(set) var marks: [Kind] = []
    init(layer: RenderLayer) { self.layer = layer }
    public func add(_ mark: Kind) { marks.append(mark) }
    public func removeAll() { marks.removeAll() }
}

public typealias RecordingShapeSurface = RecordingSurface<Shape>
public typealias RecordingLineSurface = RecordingSurface<SeriesLine>
public typealias RecordingStackSurface = RecordingSurface<SeriesStack>

extension RecordingSurface where Kind == Shape {
    public var shapes: [Shape] { marks }
}

extension RecordingSurface where Kind == SeriesLine {
    public var lines: [SeriesLine] { marks }
}

extension RecordingSurface where Kind == SeriesStack {
    public var stacks: [SeriesStack] { marks }
}

public final class RecordingTextSurface: TextMarkSurface {
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
