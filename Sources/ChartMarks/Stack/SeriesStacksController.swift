import ChartGeometry
import ChartStage

/// The series drawn as bars or filled areas (`ChartComposition.groups`), one
/// `SeriesStack` per group through its axis's view. A toggled series' height eases
/// between its value and zero over the toggle's 0.3 s (the ones stacked above slide
/// with it, shares re-normalise), never jumps: the GPU computes the heights from the
/// weights, so an easing frame changes uniforms only. The hovered bar keeps its colour
/// while the other steps dim.
public final class SeriesStacksController: RenderController {
    private let lines: SeriesLinesController
    public var composition: ChartComposition { lines.composition }
    /// The dataset index of the hovered or pinned step: bars elsewhere dim.
    public var highlightedIndex: Int? {
        didSet { if highlightedIndex != oldValue { environment?.invalidate() } }
    }
    /// How much the whole picture shows, 0…1: a pie taking the areas' place fades them.
    public var opacity = 1.0 {
        didSet { if opacity != oldValue { environment?.invalidate() } }
    }
    /// Opacity of the fill of a group behind lines of the other axis.
    public static let behindOpacity = 0.35
    /// What the last build emitted (for tests and the window's trace).
    public private(set) var stacks: [SeriesStack] = []
    private var surface: StackSurface?
    private var environment: RenderEnvironment?

    public init(lines: SeriesLinesController) {
        self.lines = lines
    }

    public var followsViewport: Bool { false }

    public func attach(to environment: RenderEnvironment) {
        // Under the lines: a volume's bars and the rain's sit behind them.
        surface = environment.surface(for: SeriesStack.self, layer: .grid)
        self.environment = environment
    }

    /// Each member's weight: its toggle's progress, eased so heights start and stop
    /// softly.
    public func weights(of group: ChartComposition.Group) -> [Double] {
        group.series.map { Easing.easeInOut.value(at: lines.fades[$0].value) }
    }

    public func advance(by seconds: Double) -> Bool {
        // The lines controller eases the fades; every step of one moves the heights.
        composition.groups.contains { $0.series.contains { !lines.fades[$0].isSettled } }
    }

    public func build(in environment: RenderEnvironment) {
        stacks = []
        guard opacity > 0 else { return }
        let theme = environment.theme
        for group in composition.groups {
            let weights = weights(of: group)
            guard weights.contains(where: { $0 > 0 }) else { continue }
            let alpha = opacity * (group.isBehindLines ? Self.behindOpacity : 1)
            let colors = group.series.map { index in
                let color = lines.color(ofSeries: index, theme: theme)
                // Unstacked areas overlap: each lets the ones under it show.
                let own = group.mark == .areas && !group.isStacked ? 0.5 : 1
                return color.withAlpha(Double(color.alpha) * alpha * own)
            }
            let series = group.series.map { lines.handles[$0] }
            let stack = SeriesStack(mark: group.mark, series: series, weights: weights, colors: colors,
                                    isStacked: group.isStacked, isPercentage: group.isPercentage, axis: group.axis,
                                    highlightedIndex: group.mark == .bars ? highlightedIndex : nil)
            stacks.append(stack)
            surface?.add(stack)
        }
    }
}
