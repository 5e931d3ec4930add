import ChartData
import ChartGeometry
import ChartStage

/// The y axis: grid lines with labels at the multiples of a 1-2-5 step in view
/// (`YAxisGrid`), the step planned for the viewport's *target* and the plot's height in
/// pixels (a taller window shows more lines).
///
/// Each line stays at its data value, sliding with the data as y eases. When the
/// target's range needs another step, the lines of the new step fade in while the old
/// ones fade out; a range the current step still suits changes nothing. A set whose
/// lines crowd closer than `crowded` pixels (y easing far, as in a preset's morph)
/// fades, so labels never overlap. A new transition waits until the running one is at least half done (the seed's throttle),
/// so a fast back-and-forth pan does not stack transitions: the latest target waits
/// and wins.
///
/// A chart with a second y axis has two: the left one draws the grid, the right one
/// its labels in the right margin at round values of its own series (and the grid
/// when the left axis has nothing shown). Each axis's labels are then in its first
/// series' colour, and an axis whose series are all toggled off fades out.
public final class YAxisController: RenderController, ViewportObserver {
    /// One set of lines and its opacity.
    public struct LineSet: Equatable, Sendable {
        public var grid: YAxisGrid
        public var fade: Fade
    }

    /// Which axis this is: the left one (the grid's) or the right one.
    public let side: YAxisSide
    public var pointSize = 11.0
    /// The labels' colour for a theme; `nil`: the theme's text colour.
    public var labelColor: ((ChartTheme) -> RGBAColor)? {
        didSet { environment?.invalidate() }
    }
    /// Written after every label ("%" on an axis of shares).
    public var unit = "" {
        didSet { environment?.invalidate() }
    }
    /// Whether the axis is logarithmic: its values are log10 of the data's, its ticks
    /// `LogTicks` (with unlabelled minor lines). Set before the axis is attached.
    public var isLogarithmic = false
    /// Whether this axis draws grid lines (the right one only when the left is hidden).
    public var drawsGrid = true {
        didSet { if drawsGrid != oldValue { environment?.invalidate() } }
    }
    /// The boxes drawn over this axis's labels (the value labels, `ValueAnnotationController`):
    /// a tick label one covers fades out, so no half-covered text peeks from under it.
    public var coveringBoxes: ((RenderEnvironment) -> [PixelBox])? {
        didSet { environment?.invalidate() }
    }
    /// The whole axis's opacity: it fades out when its series are all hidden.
    public private(set) var visibility = Fade(value: 1, target: 1, duration: SeriesLinesController.toggleDuration)
    /// Pixels between lines (before the HiDPI scale) at which a set of lines is hidden;
    /// it is fully shown at twice this.
    static let crowded = 16.0
    /// Seconds a transition takes.
    public var transitionDuration = 0.3
    public private(set) var sets: [LineSet] = []
    /// A target that arrived while a transition was less than half done.
    public private(set) var pending: ClosedRange<Double>?
    /// How many transitions have started (for tests and diagnostics).
    public private(set) var transitionsStarted = 0
    private var lines: ShapeSurface?
    private var text: TextSurface?
    private var environment: RenderEnvironment?

    public init(side: YAxisSide = .left) {
        self.side = side
    }

    /// Sets the axis up for `composition`: the right one shown only where a series is
    /// read against it; where both are and this axis holds one series, its labels in
    /// that series' colour (several would leave the colour saying nothing); "%" after
    /// the labels of an axis of shares.
    public func style(for composition: ChartComposition, lines: SeriesLinesController) {
        if side == .right {
            setShown(composition.usesRightAxis, animated: false)
            // The left axis draws the grid while it has series; the right one marks ticks.
            drawsGrid = composition.series(on: .left).isEmpty
        }
        unit = composition.fit(of: side) == .percent ? "%" : ""
        let own = composition.series(on: side)
        guard composition.usesRightAxis, own.count == 1, let only = own.first else {
            labelColor = nil
            return
        }
        labelColor = { [unowned lines] theme in lines.color(ofSeries: only, theme: theme).readable(on: theme.background) }
    }

    /// Rebuilds the axis before the next frame (what covers its labels changed).
    public func setNeedsBuild() {
        environment?.invalidate()
    }

    /// Fades the axis in or out.
    public func setShown(_ shown: Bool, animated: Bool = true) {
        visibility.target = shown ? 1 : 0
        if !animated { visibility = Fade(value: visibility.target, target: visibility.target, duration: visibility.duration) }
        environment?.invalidate()
    }

    public func attach(to environment: RenderEnvironment) {
        self.environment = environment
        lines = environment.surface(for: Shape.self, layer: .grid)
        text = environment.surface(for: TextRun.self, layer: .overlay)
        environment.viewport(for: side).addObserver(self)
        let target = environment.viewport(for: side).target
        sets = [LineSet(grid: grid(for: target.minY...target.maxY), fade: Fade(value: 1, target: 1))]
    }

    /// The plot's height in pixels, which the grid's step is planned for.
    private var plotHeight: Double { Double(environment?.geometry.plot.height ?? 0) }

    /// The grid for `range` (plotted units): 1-2-5 steps, or on a logarithmic axis
    /// `LogTicks`.
    private func grid(for range: ClosedRange<Double>, keeping current: YAxisGrid? = nil) -> YAxisGrid {
        isLogarithmic ? YAxisGrid(logRange: range, pixels: plotHeight, keeping: current)
            : YAxisGrid(range: range, pixels: plotHeight, keeping: current)
    }

    /// A resized plot gets the step its new height needs at once (a resize is not eased).
    public func geometryDidChange(in environment: RenderEnvironment) {
        let target = environment.viewport(for: side).target
        let resized = grid(for: target.minY...target.maxY, keeping: sets.last?.grid)
        guard resized != sets.last?.grid else { return }
        sets = [LineSet(grid: resized, fade: Fade(value: 1, target: 1))]
        pending = nil
    }

    /// How far the newest transition has come, 0…1 (1 when none is running).
    public var progress: Double { sets.last?.fade.value ?? 1 }

    public func viewportWillChange(from old: DataRect, to target: DataRect) {
        let range = target.minY...target.maxY
        guard range.upperBound > range.lowerBound else { return }
        if let newest = sets.last, newest.grid == grid(for: range, keeping: newest.grid) {
            pending = nil
            return
        }
        if progress < 0.5 {
            pending = range
        } else {
            start(range)
        }
    }

    private func start(_ range: ClosedRange<Double>) {
        for i in sets.indices { sets[i].fade.target = 0 }
        sets.append(LineSet(grid: grid(for: range, keeping: sets.last?.grid),
                            fade: Fade(value: 0, target: 1, duration: transitionDuration)))
        for i in sets.indices { sets[i].fade.duration = transitionDuration }
        pending = nil
        transitionsStarted += 1
    }

    public func advance(by seconds: Double) -> Bool {
        let fading = !visibility.isSettled
        visibility.advance(by: seconds)
        guard sets.contains(where: { !$0.fade.isSettled }) || pending != nil else { return fading }
        for i in sets.indices { sets[i].fade.advance(by: seconds) }
        sets.removeAll { $0.fade.value == 0 && $0.fade.target == 0 }
        if let pending, progress >= 0.5 { start(pending) }
        return true
    }

    public func build(in environment: RenderEnvironment) {
        guard let lines, let text else { return }
        let geometry = environment.geometry
        let plot = geometry.plotBox
        let visible = environment.viewport(for: side).current
        guard visible.height > 0, visibility.value > 0 else { return }
        let scales = geometry.scales(showing: visible)
        let theme = environment.theme
        let labelColor = labelColor?(theme) ?? theme.text
        let inView = visible.minY...visible.maxY
        let covers = coveringBoxes?(environment) ?? []
        for set in sets where set.fade.value > 0 {
            // While y eases far (a preset's morph), a set's lines crowd together or
            // spread apart; crowded lines fade, so labels never overlap.
            let spacing = scales.y.pixels(forSpan: set.grid.step)
            let roomy = min(max((spacing - Self.crowded * geometry.scale) / (Self.crowded * geometry.scale), 0), 1)
            let opacity = set.fade.value * roomy * visibility.value
            guard opacity > 0 else { continue }
            // A log axis's unlabelled lines (2…9 × 10ᵏ), fainter than the labelled ones.
            for value in drawsGrid ? set.grid.minorValues(in: inView, pixels: scales.y.lengthInPixels) : [] {
                let y = min(max(scales.canvasY(value), plot.y + 0.5), plot.maxY - 0.5)
                lines.add(.segment(from: PixelPoint(x: plot.x, y: y), to: PixelPoint(x: plot.maxX, y: y),
                                   width: geometry.scale, color: theme.grid.withAlpha(opacity * 0.45)))
            }
            for value in set.grid.values(in: inView) {
                let label = set.grid.label(value, in: inView) + unit
                let exact = scales.canvasY(value)
                guard exact >= plot.y - 0.5, exact <= plot.maxY + 0.5 else { continue }
                // A line on the plot's edge is drawn on the plot's outermost pixel row.
                let y = min(max(exact, plot.y + 0.5), plot.maxY - 0.5)
                if drawsGrid {
                    lines.add(.segment(from: PixelPoint(x: plot.x, y: y), to: PixelPoint(x: plot.maxX, y: y),
                                       width: geometry.scale, color: theme.grid.withAlpha(opacity)))
                } else {
                    // A tick into the plot, so each label points at its height.
                    lines.add(.segment(from: PixelPoint(x: plot.maxX - 6 * geometry.scale, y: y), to: PixelPoint(x: plot.maxX, y: y),
                                       width: geometry.scale, color: labelColor.withAlpha(opacity * 0.6)))
                }
                // A label wider than the margin (every digit of a narrow view of large
                // values) sits inside the plot, just above its line, rather than be cut.
                let gap = 8 * geometry.scale
                let size = text.measure(label, pointSize: pointSize)
                let place: (position: PixelPoint, anchor: TextAnchor)
                switch side {
                case .left where size.width <= plot.x - gap:
                    place = (PixelPoint(x: plot.x - gap, y: exact), .centerRight)
                case .left:
                    place = (PixelPoint(x: plot.x + 4 * geometry.scale, y: exact - 2 * geometry.scale), .bottomLeft)
                case .right where size.width <= Double(geometry.canvas.width) - plot.maxX - gap:
                    place = (PixelPoint(x: plot.maxX + gap, y: exact), .centerLeft)
                case .right:
                    place = (PixelPoint(x: plot.maxX - 4 * geometry.scale, y: exact - 2 * geometry.scale), .bottomRight)
                }
                let clear = Self.clearance(of: size.box(at: place.position, anchor: place.anchor), from: covers, scale: geometry.scale)
                guard clear > 0 else { continue }
                text.add(TextRun(label, at: place.position, anchor: place.anchor, pointSize: pointSize,
                                 color: labelColor.withAlpha(opacity * clear)))
            }
        }
    }

    /// How far `box` may show beside `covers`: 0 where one overlaps it, rising to 1 as
    /// it clears the nearest by `crowded / 4` pixels (the fade crowded lines get, in
    /// pixels, so a label slides out from under a moving value label smoothly).
    static func clearance(of box: PixelBox, from covers: [PixelBox], scale: Double) -> Double {
        let band = crowded / 4 * scale
        return covers.reduce(1) { clear, cover in
            let dx = max(cover.x - box.maxX, box.x - cover.maxX), dy = max(cover.y - box.maxY, box.y - cover.maxY)
            return min(clear, min(max(max(dx, dy) / band, 0), 1))
        }
    }
}
