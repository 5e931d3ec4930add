import ChartData
import ChartGeometry
import ChartInteraction
import ChartStage
import XCTest

/// Every real way to zoom keeps its anchor on screen: the data x under the wheel's
/// cursor stays under the cursor, `+` and `-` keep the plot's centre, and a range
/// selector edge dragged keeps the other edge where it is; each to a pixel of the view
/// as drawn, read through `PlotScales` after the view has settled.
final class ZoomAnchorTests: XCTestCase {
    private let geometry = StageGeometry(canvas: PixelSize(width: 1200, height: 700), layout: .explorer)

    private func presenter() -> ChartPresenter {
        let walk = RandomWalk(count: 100_000, seed: 5).dataset()
        let dataset = Dataset(source: walk.source, xs: walk.xs, series: walk.series, xKind: .time(unitsPerSecond: 1))
        return ChartPresenter(source: DataSource(dataset: dataset), factory: RecordingSurfaceFactory(), geometry: geometry)
    }

    private func settle(_ presenter: ChartPresenter, selector: RangeSelectorPresenter? = nil) {
        for _ in 0..<600 {
            let moving = presenter.advance(by: 1.0 / 60) || (selector?.advance(by: 1.0 / 60) ?? false)
            presenter.stage.prepareFrame()
            selector?.stage.prepareFrame()
            if !moving { return }
        }
        XCTFail("still animating after 10 s")
    }

    /// Shows a tenth of the data around `fraction` of it, clear of its ends (a zoom
    /// that reaches an end is stopped there and may move its anchor).
    private func showMiddle(_ presenter: ChartPresenter, at fraction: Double) {
        let data = presenter.dataRange, span = data.upperBound - data.lowerBound
        let low = data.lowerBound + span * (0.3 + 0.3 * fraction)
        presenter.show(x: low...(low + span / 10))
        settle(presenter)
    }

    func testTheWheelKeepsTheDataUnderTheCursorUnderIt() {
        let presenter = presenter()
        let plot = geometry.plotBox
        var rng = SplitMix64(seed: 41)
        for _ in 0..<40 {
            showMiddle(presenter, at: Double.random(in: 0...1, using: &rng))
            let cursor = PixelPoint(x: Double.random(in: plot.x...plot.maxX, using: &rng), y: plot.y + plot.height / 2)
            let anchor = presenter.scales.dataX(atCanvasX: cursor.x)
            let steps = Double.random(in: 0.5...3, using: &rng) * (Bool.random(using: &rng) ? 1 : -1)
            let width = presenter.targetX.upperBound - presenter.targetX.lowerBound
            presenter.wheel(steps: steps, at: cursor)
            settle(presenter)
            let zoomed = presenter.targetX.upperBound - presenter.targetX.lowerBound
            XCTAssertNotEqual(zoomed, width, accuracy: width * 0.01, "the wheel zoomed (\(steps) steps)")
            XCTAssertEqual(presenter.scales.canvasX(anchor), cursor.x, accuracy: 1,
                           "\(steps) steps at x \(cursor.x): the data under the cursor stays under it")
        }
    }

    func testPlusAndMinusKeepTheCentre() {
        let presenter = presenter()
        let plot = geometry.plotBox
        let centre = plot.x + plot.width / 2
        showMiddle(presenter, at: 0.5)
        for key in [ChartKey.zoomIn, .zoomIn, .zoomOut, .zoomIn, .zoomOut, .zoomOut, .zoomOut] {
            let anchor = presenter.scales.dataX(atCanvasX: centre)
            let width = presenter.targetX.upperBound - presenter.targetX.lowerBound
            XCTAssertTrue(presenter.key(key))
            settle(presenter)
            let zoomed = presenter.targetX.upperBound - presenter.targetX.lowerBound
            XCTAssertEqual(zoomed, key == .zoomIn ? width / 1.25 : width / 0.8, accuracy: width * 1e-9)
            XCTAssertEqual(presenter.scales.canvasX(anchor), centre, accuracy: 1, "\(key) keeps the centre")
        }
    }

    /// Dragging one edge of the range selector's window zooms the main chart about the
    /// other: the data at the main plot's far edge stays there, and the dragged edge
    /// follows the pointer in the selector.
    func testASelectorEdgeDraggedKeepsTheOtherEdge() throws {
        let main = presenter()
        let minimap = StageGeometry(canvas: geometry.canvas, plot: try XCTUnwrap(ChartLayout.explorer.minimapRect(in: geometry.canvas)))
        let selector = RangeSelectorPresenter(main: main, factory: RecordingSurfaceFactory(), geometry: minimap)
        showMiddle(main, at: 0.5)
        settle(main, selector: selector)
        let plot = geometry.plotBox, box = minimap.plotBox
        for (handle, distance) in [(RangeSelection.Handle.leftEdge, -60.0), (.leftEdge, 25), (.rightEdge, 40), (.rightEdge, -30)] {
            let selected = selector.selection.selected
            let grabbed = selector.scales.canvasX(handle == .leftEdge ? selected.lowerBound : selected.upperBound)
            let keptPixel = handle == .leftEdge ? plot.maxX : plot.x
            let kept = main.scales.dataX(atCanvasX: keptPixel)
            selector.pointerDown(at: PixelPoint(x: grabbed, y: box.y + box.height / 2), time: 0)
            for step in 1...4 {
                selector.pointerMoved(to: PixelPoint(x: grabbed + distance * Double(step) / 4, y: box.y + box.height / 2),
                                      time: 0.02 * Double(step))
            }
            selector.pointerUp(at: PixelPoint(x: grabbed + distance, y: box.y + box.height / 2), time: 0.1)
            settle(main, selector: selector)
            let moved = selector.selection.selected
            XCTAssertEqual(selector.scales.canvasX(handle == .leftEdge ? moved.lowerBound : moved.upperBound), grabbed + distance,
                           accuracy: 1, "\(handle) follows the pointer \(distance) px")
            XCTAssertEqual(main.scales.canvasX(kept), keptPixel, accuracy: 1, "dragging the \(handle) keeps the other edge")
        }
    }
}
