import ChartStage

/// Emits the same stacks every build: a stack drawn alone, with no series controller
/// to follow (`ChartAssembly.lone`).
public final class FixedStacksController: RenderController {
    private let stacks: [SeriesStack]
    private var surface: StackSurface?

    public init(_ stacks: [SeriesStack]) { self.stacks = stacks }

    public func attach(to environment: RenderEnvironment) { surface = environment.surface(for: SeriesStack.self, layer: .series) }
    public func build(in environment: RenderEnvironment) { stacks.forEach { surface?.add($0) } }
    public var followsViewport: Bool { false }
}
