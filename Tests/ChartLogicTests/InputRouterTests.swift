import ChartData
import ChartGeometry
import ChartInteraction
import ChartStage
import XCTest

/// Events reach the presenter they belong to, without a window.
final class InputRouterTests: XCTestCase {
    private let geometry = StageGeometry(canvas: PixelSize(width: 1200, height: 700), layout: .explorer)

    private func router() -> InputRouter {
        let walk = RandomWalk(count: 20_000, seed: 9).dataset()
        let source = DataSource(dataset: Dataset(source: walk.source, xs: walk.xs, series: walk.series,
                                                 xKind: .time(unitsPerSecond: 1)))
        let main = ChartPresenter(source: source, factory: RecordingSurfaceFactory(), geometry: geometry, initialFraction: 0.2)
        let minimap = StageGeometry(canvas: geometry.canvas, plot: ChartLayout.explorer.minimapRect(in: geometry.canvas)!)
        return InputRouter(main: main, selector: RangeSelectorPresenter(main: main, factory: RecordingSurfaceFactory(),
                                                                        geometry: minimap))
    }

    /// A press in the range selector's strip drags the selector's window until the
    /// button comes up, even when the pointer crosses into the main plot on the way.
    func testAPressInTheSelectorStaysWithTheSelectorUntilReleased() {
        let router = router()
        let strip = router.selector.stage.geometry.plotBox
        let window = router.selector.selection.selected
        let scales = PlotScales(visible: router.selector.stage.viewport.current, plot: strip)
        let grab = PixelPoint(x: scales.canvasX((window.lowerBound + window.upperBound) / 2), y: strip.y + strip.height / 2)
        XCTAssertFalse(router.userMoved)
        router.route(.pointerDown(at: grab, button: .primary, clicks: 1, shift: false, time: 0))
        XCTAssertTrue(router.userMoved, "a press is the user's")
        // Left by 200 px and up into the main plot: still the selector's drag.
        let over = PixelPoint(x: grab.x - 200, y: geometry.plotBox.y + 50)
        router.route(.pointerMoved(to: over, time: 0.5))
        router.route(.pointerUp(at: over, button: .primary, time: 1))
        let moved = router.selector.selection.selected
        XCTAssertEqual(moved.upperBound - moved.lowerBound, window.upperBound - window.lowerBound, accuracy: 1e-6 * window.upperBound,
                       "the window kept its width")
        XCTAssertEqual(moved.lowerBound, window.lowerBound - 200 * scales.dataXPerPixel, accuracy: 2 * scales.dataXPerPixel,
                       "and moved with the pointer")
        XCTAssertEqual(router.main.targetX, moved, "the main chart follows")
        XCTAssertNil(router.main.highlight.index, "the main plot saw no click")
    }

    /// A followed file grew under a drag: the chart that took the drag over gets its
    /// release, so the pointer hovers afterwards instead of panning on every move.
    func testAChartThatTookOverADragGetsItsRelease() {
        let router = router()
        let plot = geometry.plotBox
        let start = PixelPoint(x: plot.x + plot.width / 2, y: plot.y + plot.height / 2)
        router.route(.pointerDown(at: start, button: .primary, clicks: 1, shift: false, time: 0))
        router.route(.pointerMoved(to: PixelPoint(x: start.x + 100, y: start.y), time: 0.1))
        let old = router.main
        let grown = ChartPresenter(source: old.source, factory: RecordingSurfaceFactory(), geometry: geometry, initialFraction: 0.2)
        grown.follow(from: old)
        let minimap = StageGeometry(canvas: geometry.canvas, plot: ChartLayout.explorer.minimapRect(in: geometry.canvas)!)
        router.retarget(main: grown, selector: RangeSelectorPresenter(main: grown, factory: RecordingSurfaceFactory(), geometry: minimap))
        let end = PixelPoint(x: start.x + 150, y: start.y)
        router.route(.pointerMoved(to: end, time: 0.2))
        router.route(.pointerUp(at: end, button: .primary, time: 0.3))
        let released = grown.targetX
        router.route(.pointerMoved(to: PixelPoint(x: start.x - 200, y: start.y), time: 5))
        XCTAssertEqual(grown.targetX, released, "a move after the release does not pan")
        XCTAssertNotNil(grown.highlight.index, "it hovers")
    }

    /// A click in the main plot pins the highlight there; a press with the right button
    /// in the strip is the main chart's (the selector takes the primary button only).
    func testPressesInThePlotGoToTheMainChart() {
        let router = router()
        let plot = geometry.plotBox
        let point = PixelPoint(x: plot.x + plot.width / 2, y: plot.y + plot.height / 2)
        router.route(.pointerDown(at: point, button: .primary, clicks: 1, shift: false, time: 0))
        router.route(.pointerUp(at: point, button: .primary, time: 0.05))
        XCTAssertNotNil(router.main.highlight.index, "the click pinned the highlight")
        XCTAssertEqual(router.main.highlight.index.map { router.main.source.dataset.xs[$0] } ?? 0,
                       router.main.scales.dataX(atCanvasX: point.x), accuracy: 2 * router.main.scales.dataXPerPixel)
    }

    /// The wheel and the chart's keys move the view and count as the user's; window
    /// events are not the router's.
    func testZoomAndKeysReachTheMainChart() {
        let router = router()
        let before = router.main.targetX
        let plot = geometry.plotBox
        XCTAssertTrue(router.route(.zoom(steps: 2, at: PixelPoint(x: plot.x + 100, y: plot.y + 10))))
        XCTAssertLessThan(router.main.targetX.upperBound - router.main.targetX.lowerBound, before.upperBound - before.lowerBound)
        XCTAssertTrue(router.userMoved)
        XCTAssertTrue(router.route(.command(.chart(.fit))))
        XCTAssertEqual(router.main.targetX, router.main.dataRange, "0 fits everything")
        XCTAssertFalse(router.route(.quit))
        XCTAssertFalse(router.route(.command(.toggleTheme)))
        XCTAssertFalse(router.route(.zoom(steps: 0, at: PixelPoint(x: 0, y: 0))), "a zero step is nothing")
    }
}
