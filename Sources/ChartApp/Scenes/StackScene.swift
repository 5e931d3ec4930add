import ChartData
import ChartGeometry
import ChartInteraction
import ChartRender
import ChartStage

/// One stack (bars or areas) alone on the theme's flat background, filling the target,
/// y fitted at once to the stack in view every frame: what `sightline bench --kind` draws,
/// the stack's counterpart of the lines of `bench --plain`. (The window's bar and area
/// charts are the presenter's, with their axes and controls.)
public final class StackScene {
    public let stack: SeriesStack
    public let source: DataSource
    private let factory: GPUSurfaceFactory
    private let stage: RenderStage
    /// The range index of what y fits to: each step's total of positive values for a
    /// stack, the series for a lone one; `nil` for percentages (always 0…100).
    private let fit: RangeMinMax?
    /// Each step's total of negative values for a stack that has some (stacks diverge
    /// below zero); `nil` otherwise.
    private let negativeFit: RangeMinMax?

    /// - Precondition: `stack`'s series are `source`'s (`DataSource.handle(ofSeries:)`).
    /// - Complexity: O(steps × series), for the totals y fits to.
    public init(device: RenderDevice, source: DataSource, stack: SeriesStack, theme: ChartTheme = .day) throws {
        precondition(stack.series.allSatisfy(source.issued), "StackScene: the stack names another data source's series")
        self.stack = stack
        self.source = source
        factory = try GPUSurfaceFactory(device: device, source: source, font: nil)
        stage = RenderStage(viewport: DataRect(minX: 0, maxX: 1, minY: 0, maxY: 1),
                            geometry: StageGeometry(canvas: PixelSize(width: 1, height: 1), layout: .plain), theme: theme,
                            factory: factory)
        for controller in ChartAssembly.lone(stack) { stage.add(controller) }
        let columns = stack.series.map { source.dataset.series[$0.index].ys }
        if stack.isPercentage {
            fit = nil
            negativeFit = nil
        } else if stack.isStacked, columns.count > 1 {
            (fit, negativeFit) = source.dataset.stackTotals(of: stack.series.map(\.index))
        } else {
            fit = RangeMinMax(ys: columns.first ?? [])
            negativeFit = nil
        }
    }

    /// The view of x in `range` with y from the lowest bar or layer in it (0 when none
    /// is negative) to the tallest (with the usual margin), or 0…100 for percentages.
    /// - Complexity: O(log n).
    public func viewport(x range: ClosedRange<Double>) -> Viewport {
        let dataset = source.dataset
        let inside = dataset.firstIndex(atOrAfterX: range.lowerBound)..<dataset.firstIndex(atOrAfterX: range.upperBound.nextUp)
        var rect = DataRect(minX: range.lowerBound, maxX: range.upperBound, minY: 0, maxY: 100)
        if let fit, !inside.isEmpty {
            let extremes = fit.minMax(in: inside)
            let low = (negativeFit ?? fit).minMax(in: inside)?.min ?? 0
            let y = Viewport.fittedY(min: min(low, 0), max: max(extremes?.max ?? 1, 0))
            (rect.minY, rect.maxY) = (y.lowerBound, y.upperBound)
        } else if fit != nil {
            rect.maxY = Viewport.fittedY(min: 0, max: 1).upperBound
        }
        return Viewport(visible: rect)
    }

    /// Draws x in `range` into `target`.
    public func draw(x range: ClosedRange<Double>, into target: PassTarget) {
        stage.setGeometry(StageGeometry(canvas: target.size, layout: .plain))
        stage.viewport.set(AnimatedViewport.Change(viewport(x: range).visible))
        stage.advance(by: 0)
        factory.scale = stage.geometry.scale
        stage.frames.beginFrame()
        stage.prepareFrame()
        factory.draw(stage, into: target)
    }
}
