import ChartData
import ChartGeometry

/// Holds the viewport, the controllers in draw order and their surfaces, and keeps
/// track of what must be rebuilt: a controller's target when it invalidates itself,
/// the viewport followers on a viewport step, everything on a resize or a theme step.
/// Each such change also raises the window's one frame flag (`frames`), which only the
/// loop lowers (`FrameRequest.beginFrame()`); the frame's commit (`prepareFrame(of:)`,
/// every stage the frame draws together, before any surface is drawn) rebuilds the stale
/// targets.
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
    var targets: [RenderTarget] = []
    private var themeTransition: (from: ChartTheme, to: ChartTheme, elapsed: Double)?
    /// Seconds an animated theme switch takes.
    public var themeDuration = 0.35
    /// The frame flag this stage raises on a change: the window's, shared by every
    /// stage it draws, or the stage's own.
    public let frames: FrameRequest
    /// Whether every target is built: the stage may be drawn as it is.
    public var isCommitted: Bool { targets.allSatisfy(\.isValid) }
    /// Surfaces in the order they are drawn.
    public internal(set) var surfaces: [RenderSurface] = []

    /// - Parameter frames: the flag to raise on a change; by default the stage's own.
    public init(viewport: DataRect, geometry: StageGeometry, theme: ChartTheme, factory: SurfaceFactory,
                frames: FrameRequest = FrameRequest()) {
        self.frames = frames
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

    /// Data ↔ canvas pixels for the view of series on `side` as it is drawn now: what
    /// a frame's surfaces draw through.
    public func scales(for side: YAxisSide) -> PlotScales { geometry.scales(showing: viewport(for: side).current) }

    /// Adds `controller` above the ones already added and lets it ask for surfaces.
    public func add(_ controller: RenderController) {
        let target = RenderTarget(controller: controller)
        targets.append(target)
        controller.attach(to: ControllerEnvironment(stage: self, target: target))
        sortSurfaces()
        frames.request()
    }

    /// The controllers on the stage, in draw order: what `ChartAssembly` put there.
    public var controllers: [RenderController] { targets.map(\.controller) }

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
            frames.request()
            moving = true
        }
        return moving
    }

    /// The frame's commit of this stage alone (a still render); stages drawn in one
    /// frame commit together, `prepareFrame(of:)`.
    public func prepareFrame() {
        Self.prepareFrame(of: [self])
    }

    /// The frame's commit: rebuilds the stale targets of every stage the frame draws, so
    /// each is drawn committed. The loop calls it once a frame, after
    /// `FrameRequest.beginFrame()` and before drawing the surfaces; the surfaces never do,
    /// and it never lowers the flag.
    ///
    /// A build may change what another controller shows (one stage's build invalidating
    /// another stage's target, or an earlier one of its own): such a target is rebuilt in
    /// a further pass of this commit, and the request its change raised stays up for the
    /// next frame. A controller that changes something in every build is a bug: the
    /// passes stop after `maximumPasses`, and the flag it keeps raising shows as frames
    /// drawn while nothing moves.
    public static func prepareFrame(of stages: [RenderStage]) {
        for _ in 0..<maximumPasses {
            for stage in stages { stage.rebuildStaleTargets() }
            if stages.allSatisfy(\.isCommitted) { return }
        }
    }

    /// Passes one commit makes at most over its stages.
    static let maximumPasses = 4

    private func rebuildStaleTargets() {
        // A target whose controller a later build invalidates is rebuilt later in the same
        // pass, or in the next one.
        for target in targets where !target.isValid {
            // Valid before its build, so a change the build itself makes is kept.
            target.isValid = true
            for surface in target.surfaces { surface.removeAll() }
            target.controller.build(in: ControllerEnvironment(stage: self, target: target))
        }
    }

    public func viewportDidChange(_ current: DataRect) {
        for target in targets where target.controller.followsViewport { target.isValid = false }
        frames.request()
    }

    func invalidate(_ target: RenderTarget) {
        target.isValid = false
        frames.request()
    }

    private func invalidateAll() {
        for target in targets { target.isValid = false }
        frames.request()
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
    /// Weak: the stage keeps its targets, and a target keeps its controller, which keeps
    /// this environment; a strong one would keep a replaced chart's controllers and
    /// surfaces (GPU textures among them) alive for ever.
    private weak var target: RenderTarget?

    init(stage: RenderStage, target: RenderTarget) {
        self.stage = stage
        self.target = target
    }

    var viewport: AnimatedViewport { stage.viewport }
    var rightViewport: AnimatedViewport { stage.rightViewport }
    var geometry: StageGeometry { stage.geometry }
    var theme: ChartTheme { stage.theme }

    func surface<Kind: Mark>(for kind: Kind.Type, layer: RenderLayer) -> Kind.Surface {
        let surface = stage.surfaceFactory.makeSurface(for: kind, layer: layer)
        // Every kind's `Surface` role refines `RenderSurface`; a kind whose role did not
        // could never be drawn, so it stops here, named.
        guard let drawn = surface as? RenderSurface else { preconditionFailure("\(Kind.self).Surface is not a RenderSurface") }
        if let target { stage.register(drawn, in: target) }
        return surface
    }

    func invalidate() {
        if let target { stage.invalidate(target) }
    }
}
