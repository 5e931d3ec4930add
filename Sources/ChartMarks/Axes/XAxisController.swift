import ChartData
import ChartGeometry
import ChartStage

/// The x axis: labels under the plot at the ticks of one ladder level.
///
/// A label keeps its data position (it moves with a pan and never jumps); labels that
/// a level change adds fade in, those it drops fade out, and labels that enter the view
/// by panning are simply there. Near the plot's ends a label fades out before its box
/// would cross the edge, and a fading label is skipped where it would overlap a
/// settled one, so labels never overlap or leave the plot.
///
/// Under the labels, at the plot's left, the ladder's context names what they leave
/// unsaid: the day under times, the year under days and months. It names the span where
/// the first label can stand, and fades as the next span's start nears it, so a pan
/// across midnight hands "Dec 9, 2024" over to the "Dec 10" label, then to "Dec 10, 2024".
public final class XAxisController: RenderController, ViewportObserver {
    public let ladder: TickLadder
    public var pointSize = 11.0
    /// Pixels kept clear between neighbouring labels.
    public var labelGap = 12.0
    /// Pixels over which a label fades as it nears the plot's end.
    public var edgeFade = 12.0
    public private(set) var selector = TickLevelSelector()
    /// Opacity per label value: settled labels of the current level, and fading ones.
    public private(set) var labels: [Double: Fade] = [:]
    /// Opacity per context: the one for the current view and level, and fading ones.
    public private(set) var contexts: [TickContext: Fade] = [:]
    private var text: TextSurface?
    private var environment: RenderEnvironment?

    public init(ladder: TickLadder) {
        self.ladder = ladder
    }

    /// The ladder for a dataset's x: calendar-aware for time, 1-2-5 steps for numbers.
    public convenience init(xKind: XAxisKind) {
        switch xKind {
        case .time(let unitsPerSecond): self.init(ladder: CalendarTickLadder(unitsPerSecond: unitsPerSecond))
        case .number: self.init(ladder: NumericTickLadder())
        }
    }

    public var level: Int? { selector.level }

    public func attach(to environment: RenderEnvironment) {
        text = environment.surface(for: TextRun.self, layer: .overlay)
        self.environment = environment
        environment.viewport.addObserver(self)
        update(animated: false)
    }

    public func viewportDidChange(_ current: DataRect) {
        update(animated: true)
    }

    public func geometryDidChange(in environment: RenderEnvironment) {
        update(animated: false)
    }

    /// The ticks of the current level in view: the labels that count.
    public func ticksInView() -> [Double] {
        guard let environment, let level else { return [] }
        let v = environment.viewport.current
        return ladder.ticks(ofLevel: level, in: v.minX...v.maxX)
    }

    /// Picks the level for the current view and updates which labels show.
    /// - Complexity: O(labels in view).
    private func update(animated: Bool) {
        guard let environment else { return }
        let visible = environment.viewport.current
        let scale = environment.geometry.scales(showing: visible).x
        guard visible.width > 0, visible.width.isFinite, scale.lengthInPixels > 0 else { return }
        let previous = selector.level
        let level = selector.update(ladder: ladder, scale: scale) { level in
            self.widestLabel(level: level, in: visible) + self.labelGap
        }
        let margin = ladder.spacing(ofLevel: level)
        let ticks = Set(ladder.ticks(ofLevel: level, in: (visible.minX - margin)...(visible.maxX + margin)))
        let levelChanged = previous != nil && previous != level && animated
        for value in Array(labels.keys) where !ticks.contains(value) {
            if value < visible.minX - margin || value > visible.maxX + margin {
                labels[value] = nil
            } else {
                labels[value]?.target = 0
            }
        }
        for value in ticks {
            if labels[value] == nil {
                labels[value] = Fade(value: levelChanged ? 0 : 1, target: 1)
            } else {
                labels[value]?.target = 1
            }
        }
        let probe = scale.value(forPixel: widestLabel(level: level, in: visible) / 2)
        let context = probe.isFinite ? ladder.context(for: probe, level: level) : nil
        for key in Array(contexts.keys) where key != context { contexts[key]?.target = 0 }
        if let context {
            if contexts[context] == nil {
                contexts[context] = Fade(value: previous != nil && animated ? 0 : 1, target: 1)
            } else {
                contexts[context]?.target = 1
            }
        }
    }

    private func widestLabel(level: Int, in visible: DataRect) -> Double {
        guard let text else { return 0 }
        let ticks = ladder.ticks(ofLevel: level, in: visible.minX...visible.maxX)
        guard ticks.count <= 64 else { return .infinity }
        return ticks.map { text.measure(ladder.label(for: $0, level: level), pointSize: pointSize).width }.max() ?? 0
    }

    public func advance(by seconds: Double) -> Bool {
        var moving = false
        for (value, var fade) in labels where !fade.isSettled {
            fade.advance(by: seconds)
            labels[value] = fade.value == 0 && fade.target == 0 ? nil : fade
            moving = true
        }
        for (context, var fade) in contexts where !fade.isSettled {
            fade.advance(by: seconds)
            contexts[context] = fade.value == 0 && fade.target == 0 ? nil : fade
            moving = true
        }
        return moving
    }

    public func build(in environment: RenderEnvironment) {
        guard let text, let level else { return }
        let geometry = environment.geometry
        let visible = environment.viewport.current
        let plot = geometry.plotBox
        let scales = geometry.scales(showing: visible)
        let y = plot.maxY + 6 * geometry.scale
        var placed: [PixelBox] = []
        // Settled labels first, so fading ones give way to them.
        let ordered = labels.sorted { a, b in a.value.target != b.value.target ? a.value.target > b.value.target : a.key < b.key }
        for (value, fade) in ordered where fade.value > 0 {
            let x = scales.canvasX(value)
            let label = ladder.label(for: value, level: level)
            let size = text.measure(label, pointSize: pointSize)
            let box = size.box(at: PixelPoint(x: x, y: y), anchor: .topCenter)
            let room = min(box.x - plot.x, plot.maxX - box.maxX)
            guard room >= 0, !placed.contains(where: { $0.intersects(box) }) else { continue }
            placed.append(box)
            let alpha = fade.value * min(room / (edgeFade * geometry.scale), 1)
            text.add(TextRun(label, at: PixelPoint(x: x, y: y), anchor: .topCenter, pointSize: pointSize,
                             color: environment.theme.text.withAlpha(alpha)))
        }
        let below = PixelPoint(x: plot.x, y: y + text.measure("0", pointSize: pointSize).height)
        // The current context first: one that fades out gives way to it.
        for (context, fade) in contexts.sorted(by: { $0.value.target > $1.value.target }) where fade.value > 0 {
            let size = text.measure(context.text, pointSize: pointSize)
            let box = size.box(at: below, anchor: .topLeft)
            guard box.maxX <= plot.maxX, !placed.contains(where: { $0.intersects(box) }) else { continue }
            // Room left before the next span starts: it fades over `edgeFade` pixels.
            let room = scales.canvasX(context.end) - labelGap * geometry.scale - box.maxX
            let alpha = fade.value * min(max(room / (edgeFade * geometry.scale), 0), 1)
            guard alpha > 0 else { continue }
            placed.append(box)
            text.add(TextRun(context.text, at: below, anchor: .topLeft, pointSize: pointSize,
                             color: environment.theme.text.withAlpha(alpha)))
        }
    }
}
