import ChartGeometry
import ChartStage

/// Paints the gradient background and moves its centres one position on each
/// `shift()` (a new dataset, a range preset); still otherwise, so it costs nothing idle.
public final class GradientController: RenderController {
    public var isEnabled: Bool
    private var animation = GradientAnimation()
    private var surface: GradientSurface?
    private var environment: RenderEnvironment?

    public init(enabled: Bool = true) {
        isEnabled = enabled
    }

    public var followsViewport: Bool { false }
    public var phase: Double { animation.phase }

    public func attach(to environment: RenderEnvironment) {
        surface = environment.surface(for: GradientField.self, layer: .background)
        self.environment = environment
    }

    public func build(in environment: RenderEnvironment) {
        surface?.show(isEnabled ? animation.field(colors: environment.theme.gradient) : nil)
    }

    /// Moves the centres to their next positions, animated.
    public func shift() {
        guard isEnabled else { return }
        animation.step()
        environment?.invalidate()
    }

    public func advance(by seconds: Double) -> Bool {
        guard animation.isMoving else { return false }
        animation.advance(by: seconds)
        return true
    }
}
