import ChartData
import ChartGeometry
import ChartMarks
import ChartStage

/// The range selector under the main chart: the whole series small, with a window over
/// the main chart's x range. Dragging the window's body or edges moves the main chart;
/// moving the main chart moves the window (it observes the main viewport). A flick of
/// the body keeps it moving with decaying momentum.
public final class RangeSelectorPresenter: ViewportObserver {
    public let stage: RenderStage
    public let lines: SeriesLinesController
    public let stacks: SeriesStacksController
    public let window: RangeSelectorController
    private let main: ChartPresenter
    public private(set) var selection: RangeSelection
    var grabbed: (handle: RangeSelection.Handle, last: Double)?
    var tracker = VelocityTracker()
    public internal(set) var momentum: Momentum?
    /// Pixels either side of an edge that still grab it.
    public var edgeTolerance = 8.0

    public init(main: ChartPresenter, factory: SurfaceFactory, geometry: StageGeometry, lineWidth: Double = 1) {
        self.main = main
        let source = main.source
        let series = Array(source.dataset.series.indices)
        let y = main.fit.y(for: .left, inX: main.dataRange, visible: series) ?? 0...1
        stage = RenderStage(viewport: DataRect(minX: main.dataRange.lowerBound, maxX: main.dataRange.upperBound,
                                               minY: y.lowerBound, maxY: y.upperBound),
                            geometry: geometry, theme: main.stage.theme, factory: factory, frames: main.stage.frames)
        if let rightY = main.fit.y(for: .right, inX: main.dataRange, visible: series) { stage.rightViewport.set(.init(y: rightY)) }
        let parts = ChartAssembly.overview(source: source, composition: main.composition, lineWidth: lineWidth)
        (window, lines, stacks) = (parts.window, parts.series.lines, parts.series.stacks)
        selection = RangeSelection(data: main.dataRange, selected: main.targetX, minimumWidth: main.minimumWidth)
        for controller in parts.controllers { stage.add(controller) }
        window.selected = selection.selected
        main.stage.viewport.addObserver(self)
        // Weak: a selector may go before its chart (a test's, a day's when it closes).
        main.lines.observeVisibility { [weak self] in self?.followToggles() }
        followToggles()
    }

    public func viewportDidChange(_ current: DataRect) {
        selection.select(current.minX...current.maxX)
        window.selected = selection.selected
    }

    /// Shows and hides the series the main chart does, and refits to those left: told
    /// by the main chart's lines on each toggle (which need not move the main view).
    private func followToggles() {
        var toggled = false
        for index in lines.dataset.series.indices where lines.isVisible(index) != main.lines.isVisible(index) {
            lines.setVisible(index, main.lines.isVisible(index), animated: true)
            toggled = true
        }
        // The overview fits the series shown, so hiding a large one does not leave the
        // others flat against its floor.
        guard toggled else { return }
        for side in [YAxisSide.left, .right] {
            guard let y = main.fit.y(for: side, inX: main.dataRange, visible: main.lines.visibleSeries) else { continue }
            stage.viewport(for: side).set(.init(y: y), duration: 0.3, easing: .easeOut)
        }
    }

    /// Data ↔ canvas pixels for the selector as drawn now.
    public var scales: PlotScales { stage.scales(for: .left) }

    private var dataPerPixel: Double { stage.geometry.plot.width > 0 ? scales.dataXPerPixel : 0 }

    private func dataX(_ px: Double) -> Double { scales.dataX(atCanvasX: px) }

    /// Whether `point` is over the selector (the window routes presses here then).
    public func contains(_ point: PixelPoint) -> Bool { stage.geometry.plotBox.contains(point) }

    /// Moves the window by `widths` of its width (negative: earlier), stopping at the
    /// data's ends: the focused selector's ← and →.
    public func move(byWidths widths: Double) {
        momentum = nil
        var moved = selection
        moved.drag(.body, by: widths * (selection.selected.upperBound - selection.selected.lowerBound))
        main.show(x: moved.selected)
    }

    /// Widens the window `factor` times about its centre (below 1 narrows it), kept to
    /// the data and the narrowest view: the focused selector's `+` and `-`.
    public func scaleWidth(by factor: Double) {
        momentum = nil
        let range = selection.selected
        let centre = (range.lowerBound + range.upperBound) / 2, half = (range.upperBound - range.lowerBound) * factor / 2
        main.show(x: (centre - half)...(centre + half))
    }

    public func pointerDown(at point: PixelPoint, time: Double) {
        momentum = nil
        let x = dataX(point.x)
        if let handle = selection.handle(at: x, tolerance: edgeTolerance * dataPerPixel) {
            grabbed = (handle, point.x)
        } else {
            // Outside the window: centre it on the press, then drag it from there.
            let width = selection.selected.upperBound - selection.selected.lowerBound
            main.show(x: (x - width / 2)...(x + width / 2))
            grabbed = (.body, point.x)
        }
        tracker.reset()
        tracker.add(point.x, at: time)
    }

    public func pointerMoved(to point: PixelPoint, time: Double) {
        guard let (handle, last) = grabbed else { return }
        var moved = selection
        moved.drag(handle, by: (point.x - last) * dataPerPixel)
        grabbed = (handle, point.x)
        tracker.add(point.x, at: time)
        main.show(x: moved.selected)
    }

    public func pointerUp(at point: PixelPoint, time: Double) {
        defer { grabbed = nil }
        guard grabbed?.handle == .body else { return }
        let flick = Momentum(velocity: tracker.velocity(at: time), restSpeed: 15)
        momentum = flick.isMoving ? flick : nil
    }

    @discardableResult
    public func advance(by seconds: Double) -> Bool {
        if let distance = momentum.step(by: seconds) {
            var moved = selection
            moved.drag(.body, by: distance * dataPerPixel)
            if moved.selected == selection.selected { momentum = nil }
            main.show(x: moved.selected)
        }
        return stage.advance(by: seconds) || momentum != nil
    }
}
