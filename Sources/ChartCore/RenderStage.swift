import ChartData

/// Holds the viewport, the controllers in draw order and their surfaces, and keeps
/// track of what must be rebuilt: a controller's target when it invalidates itself,
/// the viewport followers on a viewport step, everything on a resize or a theme step.
public final class RenderStage: ViewportObserver {
    public let viewport: AnimatedViewport
    /// The view of series read against the right y axis: the same x as `viewport`
    /// (whoever moves x moves both), its own y.
    public let rightViewport: AnimatedViewport
    public private(set) var geometry: StageGeometry
    public private(set) var theme: ChartTheme
    /// The theme a running switch ends on.
    public private(set) var targetTheme: ChartTheme
    private let factory: SurfaceFactory
    private var targets: [RenderTarget] = []
    private var themeTransition: (from: ChartTheme, to: ChartTheme, elapsed: Double)?
    /// Seconds an animated theme switch takes.
    public var themeDuration = 0.35
    /// Whether something changed since the last `prepareFrame()`.
    public private(set) var needsFrame = true
    /// Surfaces in the order they are drawn.
    public private(set) var surfaces: [RenderSurface] = []

    public init(viewport: DataRect, geometry: StageGeometry, theme: ChartTheme, factory: SurfaceFactory) {
        self.viewport = AnimatedViewport(viewport)
        rightViewport = AnimatedViewport(viewport)
        self.geometry = geometry
        self.theme = theme
        targetTheme = theme
        self.factory = factory
        self.viewport.addObserver(self)
        rightViewport.addObserver(self)
    }

    /// Moves x of both viewports to `range`, at once or along `easing` over `duration`.
    public func setX(_ range: ClosedRange<Double>, duration: Double = 0, easing: Easing = .easeOut) {
        viewport.set(.init(x: range), duration: duration, easing: easing)
        rightViewport.set(.init(x: range), duration: duration, easing: easing)
    }

    /// The viewport series on `side` are drawn through.
    public func viewport(for side: YAxisSide) -> AnimatedViewport {
        side == .left ? viewport : rightViewport
    }

    /// Adds `controller` above the ones already added and lets it ask for surfaces.
    public func add(_ controller: RenderController) {
        let target = RenderTarget(controller: controller)
        targets.append(target)
        controller.attach(to: ControllerEnvironment(stage: self, target: target))
        sortSurfaces()
        needsFrame = true
    }

    public func setGeometry(_ geometry: StageGeometry) {
        guard geometry != self.geometry else { return }
        self.geometry = geometry
        for target in targets {
            target.controller.geometryDidChange(in: ControllerEnvironment(stage: self, target: target))
        }
        invalidateAll()
    }

    /// Switches the theme, easing every colour over `themeDuration` when `animated`.
    public func setTheme(_ theme: ChartTheme, animated: Bool) {
        if animated {
            themeTransition = (self.theme, theme, 0)
        } else {
            themeTransition = nil
            self.theme = theme
        }
        targetTheme = theme
        invalidateAll()
    }

    /// Advances the viewport, the theme and every controller by `seconds`; returns
    /// whether anything is still moving (the caller keeps drawing frames while it is).
    @discardableResult
    public func advance(by seconds: Double) -> Bool {
        var moving = viewport.advance(by: seconds)
        moving = rightViewport.advance(by: seconds) || moving
        if var transition = themeTransition {
            transition.elapsed += seconds
            let t = min(transition.elapsed / themeDuration, 1)
            theme = t < 1 ? transition.from.interpolated(to: transition.to, at: Easing.easeInOut.value(at: t)) : transition.to
            themeTransition = t < 1 ? transition : nil
            invalidateAll()
            moving = moving || t < 1
        }
        for target in targets where target.controller.advance(by: seconds) {
            target.isValid = false
            needsFrame = true
            moving = true
        }
        return moving
    }

    /// Rebuilds the invalid targets; call once before drawing the surfaces.
    public func prepareFrame() {
        for target in targets where !target.isValid {
            for surface in target.surfaces { surface.removeAll() }
            target.controller.build(in: ControllerEnvironment(stage: self, target: target))
            target.isValid = true
        }
        needsFrame = false
    }

    public func viewportDidChange(_ current: DataRect) {
        for target in targets where target.controller.followsViewport { target.isValid = false }
        needsFrame = true
    }

    func invalidate(_ target: RenderTarget) {
        target.isValid = false
        needsFrame = true
    }

    private func invalidateAll() {
        for target in targets { target.isValid = false }
        needsFrame = true
    }

    fileprivate func register(_ surface: RenderSurface, in target: RenderTarget) {
        target.append(surface)
        sortSurfaces()
    }

    private func sortSurfaces() {
        surfaces = RenderLayer.allCases.flatMap { layer in
            targets.flatMap { $0.surfaces.filter { $0.layer == layer } }
        }
    }

    fileprivate var surfaceFactory: SurfaceFactory { factory }
}

/// The environment one controller sees: surfaces it asks for join its own target.
private final class ControllerEnvironment: RenderEnvironment {
    private unowned let stage: RenderStage
    private let target: RenderTarget

    init(stage: RenderStage, target: RenderTarget) {
        self.stage = stage
        self.target = target
    }

    var viewport: AnimatedViewport { stage.viewport }
    var rightViewport: AnimatedViewport { stage.rightViewport }
    var geometry: StageGeometry { stage.geometry }
    var theme: ChartTheme { stage.theme }

    func shapeSurface(layer: RenderLayer) -> ShapeSurface {
        registered(stage.surfaceFactory.makeShapeSurface(layer: layer))
    }

    func textSurface(layer: RenderLayer) -> TextSurface {
        registered(stage.surfaceFactory.makeTextSurface(layer: layer))
    }

    func lineSurface(layer: RenderLayer) -> LineSurface {
        registered(stage.surfaceFactory.makeLineSurface(layer: layer))
    }

    func stackSurface(layer: RenderLayer) -> StackSurface {
        registered(stage.surfaceFactory.makeStackSurface(layer: layer))
    }

    func gradientSurface(layer: RenderLayer) -> GradientSurface {
        registered(stage.surfaceFactory.makeGradientSurface(layer: layer))
    }

    func invalidate() {
        stage.invalidate(target)
    }

    private func registered<S: RenderSurface>(_ surface: S) -> S {
        stage.register(surface, in: target)
        return surface
    }
}
