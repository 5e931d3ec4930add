import ChartData
import ChartGeometry
import ChartMarks
import ChartStage
import Foundation

/// The main chart: its render stage, with the controllers `ChartAssembly.main` makes
/// over one data source, and input turned into viewport changes.
///
/// x follows the user at once (drag, wheel, keys) or eases (double-click, presets, box
/// zoom) and is clamped to the data; y then eases to fit the lines of the visible
/// series in the *target* x range, found with the O(log n) range query. A flick keeps
/// panning with decaying momentum. A range preset is a mode: any other change of the
/// range ends it. Time comes in through `advance(by:)`.
public final class ChartPresenter {
    public let source: DataSource
    public let stage: RenderStage
    public let composition: ChartComposition
    /// The y range each axis fits to.
    public let fit: ChartFit
    public let lines: SeriesLinesController
    public let stacks: SeriesStacksController
    public let highlight: HighlightController
    /// The notes on the chart (`n` on a pinned point) and the one being typed.
    public let notes: NotesController
    public let annotation: ValueAnnotationController
    public let legend: LegendController
    public let presets: PresetButtonsController
    public let selectionBox: SelectionBoxController
    /// The measure between two points A and B (shift-click, `m`; ChartPresenter+Measure).
    public let measure: MeasureController
    public let xAxis: XAxisController
    public let yAxis: YAxisController
    /// The second y axis, on the right; shown only where a series is read against it.
    public let rightAxis: YAxisController
    public let gradient: GradientController
    public let noData: NoDataController
    /// The audiograph's sweep line (hidden unless one plays).
    public let audioCursor: AudiographCursorController
    /// The padlock over each y axis set by hand (`ChartPresenter+ManualY`).
    public let axisLock: AxisLockController
    /// The y axes the user set by hand: they stay where they were put while x moves,
    /// until `0` or a double-click fits them again.
    public internal(set) var lockedAxes: Set<YAxisSide> = [] {
        didSet { axisLock.locked = lockedAxes }
    }
    /// A chart of shares turns into a pie of a range's shares (a click, Enter) and back
    /// (Esc, its "‹ Zoom out"); `nil` for other charts.
    public let pie: PieController?
    let pieZoomOut: ZoomOutController?
    /// The x range shown before the pie, which going back restores.
    var rangeBeforePie: ClosedRange<Double>?
    /// The data's x extent: the view never leaves it.
    public let dataRange: ClosedRange<Double>
    /// The narrowest x range the view zooms to: half the average spacing of the points,
    /// so a zoom can always reach a single segment.
    public let minimumWidth: Double
    /// Seconds y takes to ease to a new fit.
    public var fitDuration = 0.3
    /// Called after every change of the x range the user asked for (the session saves it).
    public var onViewChange: (() -> Void)?
    /// Asked with a point's index when a click lands on it or Enter is pressed with it
    /// highlighted; returns whether it opened the point (a day), in which case the click
    /// pins nothing. `nil`, or `false`, and a click pins the highlight as usual.
    public var onZoomIntoPoint: ((Int) -> Bool)?

    enum Drag {
        case pending(start: PixelPoint)
        case panning(last: PixelPoint)
        case box(start: Double)
        /// A drag on a y axis's labels, stretching that axis.
        case scalingY(side: YAxisSide, last: PixelPoint)
    }
    var drag: Drag?
    /// The highlight as it was before the latest click's release pinned or unpinned it:
    /// a double-click puts it back.
    private var highlightBeforeClick: (index: Int?, pinned: Bool)?
    /// Where the pointer rests over the plot: as the view moves under it (a preset, a
    /// key, a flick), the highlight follows the data under the pointer.
    var hoverPoint: PixelPoint?
    var tracker = VelocityTracker()
    public internal(set) var momentum: Momentum?

    public init(source: DataSource, factory: SurfaceFactory, geometry: StageGeometry, theme: ChartTheme = .day,
                lineWidth: Double = 2, gradient: Bool = true, initialFraction: Double = 1,
                frames: FrameRequest = FrameRequest()) {
        self.source = source
        let dataset = source.dataset
        composition = ChartComposition(dataset: dataset)
        fit = ChartFit(source: source, composition: composition)
        dataRange = composition.extent(of: dataset)
        let span = dataRange.upperBound - dataRange.lowerBound
        minimumWidth = min(span, max(span / Double(max(dataset.count - 1, 1)) / 2,
                                     FiniteDomain.smallestSpan(atMagnitude: dataRange.upperBound)))
        // One point sits in the middle of the data's extent (`ChartComposition.extent`):
        // the newest fraction of it would put the point on the plot's left edge.
        let initialX = dataset.count == 1 ? dataRange
            : RangeSelection.newest(initialFraction, of: dataRange, minimumWidth: minimumWidth).selected
        let all = Array(dataset.series.indices)
        let initialY = fit.y(for: .left, inX: initialX, visible: all) ?? 0...1
        let initial = DataRect(minX: initialX.lowerBound, maxX: initialX.upperBound, minY: initialY.lowerBound, maxY: initialY.upperBound)
        stage = RenderStage(viewport: initial, geometry: geometry, theme: theme, factory: factory, frames: frames)
        if let rightY = fit.y(for: .right, inX: initialX, visible: all) { stage.rightViewport.set(.init(y: rightY)) }
        let parts = ChartAssembly.main(source: source, composition: composition, dataRange: dataRange, lineWidth: lineWidth,
                                       gradient: gradient)
        lines = parts.series.lines
        stacks = parts.series.stacks
        highlight = parts.highlight
        notes = parts.notes
        annotation = parts.frame.annotation
        legend = parts.legend
        presets = parts.presets
        selectionBox = parts.selectionBox
        measure = parts.measure
        xAxis = parts.frame.xAxis
        yAxis = parts.frame.yAxis
        rightAxis = parts.frame.rightAxis
        self.gradient = parts.frame.gradient
        noData = parts.noData
        audioCursor = parts.audioCursor
        axisLock = parts.axisLock
        pie = parts.pie
        pieZoomOut = parts.pieZoomOut
        for controller in parts.controllers { stage.add(controller) }
    }

    public var geometry: StageGeometry { stage.geometry }
    /// Data ↔ canvas pixels for the view as it is drawn now.
    public var scales: PlotScales { stage.scales(for: .left) }
    /// Data ↔ canvas pixels for the view the chart is heading to (what pan and zoom
    /// move from, so a gesture during an animation starts where it will end).
    private var targetScales: PlotScales { geometry.scales(showing: stage.viewport.target) }
    /// The x range the view shows, or is easing to.
    public var targetX: ClosedRange<Double> { stage.viewport.target.minX...stage.viewport.target.maxX }

    // MARK: Navigation

    /// Shows `range` (clamped into the data, at least `minimumWidth` wide), moving x at
    /// once or along `easing` over `duration`, and eases y to fit it. Ends the preset
    /// mode unless `keepingPreset` (the preset's own move).
    public func show(x range: ClosedRange<Double>, duration: Double = 0, easing: Easing = .easeOut,
                     keepingPreset: Bool = false) {
        if !keepingPreset { endPreset() }
        let clamped = clamp(range)
        stage.setX(clamped, duration: duration, easing: easing)
        if let pie, pie.isShown { showPie(over: clamped) }
        fitY(duration: max(duration, fitDuration), easing: duration > 0 ? easing : .easeOut)
        onViewChange?()
    }

    /// Eases each axis's y to its visible series in the target x range (`ChartFit`); an
    /// axis with no series shown fades out (the right one's grid takes over when the
    /// left one goes).
    public func fitY(duration: Double? = nil, easing: Easing = .easeOut) {
        let x = targetX, visible = lines.visibleSeries
        for (side, axis) in [(YAxisSide.left, yAxis), (.right, rightAxis)] {
            let shown = composition.series(on: side).contains(where: visible.contains)
            if side == .right, !composition.usesRightAxis { continue }
            axis.setShown(shown)
            guard shown, !lockedAxes.contains(side), let y = fit.y(for: side, inX: x, visible: visible) else { continue }
            stage.viewport(for: side).set(.init(y: y), duration: duration ?? fitDuration, easing: easing)
        }
        rightAxis.drawsGrid = !composition.series(on: .left).contains(where: visible.contains)
    }

    public func clamp(_ range: ClosedRange<Double>) -> ClosedRange<Double> {
        let span = dataRange.upperBound - dataRange.lowerBound
        let width = min(max(range.upperBound - range.lowerBound, minimumWidth), span)
        let low = min(max(range.lowerBound, dataRange.lowerBound), dataRange.upperBound - width)
        return low...(low + width)
    }

    /// Pans by `dx` pixels (content follows the pointer: positive shows earlier x).
    public func pan(byPixels dx: Double) {
        guard geometry.plot.width > 0 else { return }
        let panned = targetScales.x.shifted(byPixels: -dx)
        show(x: panned.lower...panned.upper)
    }

    /// Zooms x by `factor` (above 1 magnifies) around canvas pixel `px`: the data point
    /// under it stays under it (unless the data's end stops the view).
    /// At the narrowest or widest view, zooming further changes nothing.
    public func zoom(by factor: Double, aroundPixel px: Double) {
        let x = targetX
        let plot = geometry.plotBox
        let scales = targetScales
        let anchor = scales.dataX(atCanvasX: min(max(px, plot.x), plot.maxX))
        let current = x.upperBound - x.lowerBound
        // Limited before placing, so a zoom past the limit does not slide the view.
        let width = min(max(current / factor, minimumWidth), dataRange.upperBound - dataRange.lowerBound)
        guard width != current else { return }
        let zoomed = scales.x.zoomed(toSpan: width, keeping: anchor)
        show(x: zoomed.lower...zoomed.upper)
    }

    /// Shows a range preset, eased along cubic-bezier(0.64, 0, 0, 1) over 1.2 s, with the
    /// trend of the preset's range (read once, so the morph keeps one colour) and its
    /// baseline on, until the range is changed another way. An unavailable preset (fewer
    /// than two points) does nothing.
    public func apply(_ preset: RangePreset) {
        guard presets.presets.contains(preset), !presets.unavailable.contains(preset) else { return }
        let range = clamp(preset.range(for: dataRange, kind: source.dataset.xKind))
        presets.active = preset
        lines.trendRange = range
        show(x: range, duration: RangePreset.duration, easing: .preset, keepingPreset: true)
        gradient.shift()
    }

    /// Leaves the preset mode: the button goes out, the trend and baseline go.
    private func endPreset() {
        guard presets.active != nil || lines.showsTrend else { return }
        presets.active = nil
        lines.trendRange = nil
    }

    /// Everything, eased.
    public func fitAll() {
        lockedAxes = []
        show(x: dataRange, duration: 0.35, easing: .easeInOut)
    }

    /// Shows or hides a series (fading), and re-fits y to the series left.
    public func toggle(series index: Int, only: Bool = false) {
        guard lines.dataset.series.indices.contains(index) else { return }
        if only {
            for i in lines.dataset.series.indices { lines.setVisible(i, i == index, animated: true) }
        } else {
            let hiding = lines.isVisible(index)
            guard !(hiding && lines.visibleSeries.count == 1) else { return }
            lines.setVisible(index, !hiding, animated: true)
        }
        legend.refresh()
        fitY()
        onViewChange?()
    }

    // MARK: Input

    /// A press at canvas pixel `point`; `clicks` is 2 for a double-click.
    public func pointerDown(at point: PixelPoint, button: PointerButton, clicks: Int = 1, shift: Bool = false, time: Double) {
        momentum = nil
        hoverPoint = nil
        if let index = legend.series(at: point) {
            toggle(series: index, only: shift)
            return
        }
        if let preset = presets.preset(at: point) {
            apply(preset)
            return
        }
        if pieZoomOut?.contains(point) == true {
            hidePie()
            return
        }
        if button == .primary, pie?.isShown != true, let side = yAxisSide(at: point) {
            if clicks >= 2 { unlockY(side) } else { drag = .scalingY(side: side, last: point) }
            return
        }
        guard geometry.plotBox.contains(point), pie?.isShown != true else { return }
        if clicks >= 2, button == .primary {
            // The first click's release pinned or unpinned the highlight: undone.
            if let before = highlightBeforeClick { highlight.restore(index: before.index, pinned: before.pinned) }
            highlightBeforeClick = nil
            fitAll()
            return
        }
        switch button {
        case .primary:
            drag = .pending(start: point)
            tracker.reset()
            tracker.add(point.x, at: time)
        case .secondary:
            drag = .box(start: point.x)
            selectionBox.band = point.x...point.x
        }
    }

    /// The pointer moved to `point`: drags pan or stretch the box, else the highlight follows.
    public func pointerMoved(to point: PixelPoint, time: Double) {
        switch drag {
        case .pending(let start):
            guard abs(point.x - start.x) > 3 || abs(point.y - start.y) > 3 else { return }
            drag = .panning(last: start)
            highlight.endHover()
            pointerMoved(to: point, time: time)
        case .panning(let last):
            pan(byPixels: point.x - last.x)
            panLockedY(byDraggingPixels: point.y - last.y)
            tracker.add(point.x, at: time)
            drag = .panning(last: point)
        case .box(let start):
            selectionBox.band = min(start, point.x)...max(start, point.x)
        case .scalingY(let side, let last):
            stretchY(side, byDraggingPixels: point.y - last.y)
            drag = .scalingY(side: side, last: point)
        case nil:
            hover(at: point)
        }
    }

    func hover(at point: PixelPoint) {
        let plot = geometry.plotBox
        guard plot.contains(point) else {
            hoverPoint = nil
            highlight.endHover()
            return
        }
        hoverPoint = point
        if let pie, pie.isShown {
            pie.hover(at: point)
            return
        }
        highlight.hover(atX: scales.dataX(atCanvasX: point.x), reach: highlightReach, pointer: point)
    }

    /// How far from a line's end at a gap in x the pointer still highlights its last
    /// point, data units: a round cap and a pixel, so the end's ink is all covered.
    private var highlightReach: Double {
        guard geometry.plotBox.width > 0 else { return 0 }
        return scales.x.span(forPixels: lines.lineWidth * geometry.scale / 2 + 2)
    }

    public func pointerUp(at point: PixelPoint, button: PointerButton, time: Double) {
        defer { drag = nil }
        switch drag {
        case .pending:
            if pie != nil, let index = source.nearestIndex(toX: scales.dataX(atCanvasX: point.x), reach: highlightReach) {
                showPie(around: index)
                return
            }
            if let open = onZoomIntoPoint,
               let index = source.nearestIndex(toX: scales.dataX(atCanvasX: point.x), reach: highlightReach), open(index) {
                highlightBeforeClick = nil
                return
            }
            highlightBeforeClick = (highlight.index, highlight.isPinned)
            highlight.togglePin(atX: scales.dataX(atCanvasX: point.x), reach: highlightReach)
        case .panning:
            let velocity = tracker.velocity(at: time)
            let flick = Momentum(velocity: velocity, restSpeed: 30)
            momentum = flick.isMoving ? flick : nil
        case .box(let start):
            selectionBox.band = nil
            let plot = geometry.plotBox, scales = self.scales
            let low = min(start, point.x), high = max(start, point.x)
            guard high - low > 4 else { return }
            func value(_ px: Double) -> Double { scales.dataX(atCanvasX: min(max(px, plot.x), plot.maxX)) }
            show(x: value(low)...value(high), duration: 0.3, easing: .easeInOut)
        case .scalingY, nil:
            break
        }
    }

    public func pointerExited() {
        hoverPoint = nil
        highlight.endHover()
        pie?.endHover()
    }

    /// Wheel or touchpad: `steps` notches (positive zooms in) at canvas pixel `point`.
    public func wheel(steps: Double, at point: PixelPoint) {
        guard geometry.plotBox.contains(point), steps != 0 else { return }
        momentum = nil
        zoom(by: pow(1.15, steps), aroundPixel: point.x)
    }

    /// Handles `key`; returns whether it meant something here.
    @discardableResult
    public func key(_ key: ChartKey) -> Bool {
        momentum = nil
        let x = targetX, width = x.upperBound - x.lowerBound
        let centre = geometry.plotBox.x + geometry.plotBox.width / 2
        switch key {
        // With a pinned point, arrows and pages step it (ChartPresenter+Stepping).
        case .left: if !stepPin(by: -1) { show(x: (x.lowerBound - width / 10)...(x.upperBound - width / 10)) }
        case .right: if !stepPin(by: 1) { show(x: (x.lowerBound + width / 10)...(x.upperBound + width / 10)) }
        case .zoomIn: zoom(by: 1.25, aroundPixel: centre)
        case .zoomOut: zoom(by: 0.8, aroundPixel: centre)
        case .pageLeft:
            if !pagePin(-1) { show(x: (x.lowerBound - width)...(x.upperBound - width), duration: 0.25, easing: .easeInOut) }
        case .pageRight:
            if !pagePin(1) { show(x: (x.lowerBound + width)...(x.upperBound + width), duration: 0.25, easing: .easeInOut) }
        case .toggleSeries(let index):
            guard lines.dataset.series.indices.contains(index) else { return false }
            toggle(series: index)
        case .home: show(x: dataRange.lowerBound...(dataRange.lowerBound + width), duration: 0.35, easing: .easeInOut)
        case .end: show(x: (dataRange.upperBound - width)...dataRange.upperBound, duration: 0.35, easing: .easeInOut)
        case .fit: fitAll()
        case .escape:
            if pie?.isShown == true { hidePie() } else { highlight.clear() }
        case .enter, .shiftEnter:
            if let pie, !pie.isShown {
                if let index = highlight.index { showPie(around: index) } else { showPie(over: targetX) }
                return true
            }
            if let index = highlight.index, onZoomIntoPoint?(index) == true { return true }
            // Nothing opened: pin the point highlighted, or the one nearest the centre.
            guard !highlight.isPinned, pie?.isShown != true else { return false }
            if let index = highlight.index { highlight.pin(index: index) } else { return pinNearestCentre() }
        case .preset(let preset): apply(preset)
        case .up, .down, .space: return false
        }
        return true
    }

    /// Advances momentum and every animation by `seconds`; returns whether anything moves.
    @discardableResult
    public func advance(by seconds: Double) -> Bool {
        if let distance = momentum.step(by: seconds) {
            let before = targetX
            pan(byPixels: distance)
            if targetX == before { momentum = nil }
        }
        let moving = stage.advance(by: seconds)
        if let pie { followPie(pie) }
        if moving, drag == nil, let hoverPoint { hover(at: hoverPoint) }
        return moving || momentum != nil
    }
}
