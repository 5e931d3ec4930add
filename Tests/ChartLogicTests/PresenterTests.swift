import ChartData
import ChartGeometry
import ChartInteraction
import ChartStage
import XCTest

final class PresenterTests: XCTestCase {
    private let geometry = StageGeometry(canvas: PixelSize(width: 1200, height: 700), layout: .explorer)

    /// The W1 walk (a minute apart from 2020-09-13) with its x read as Unix time.
    private func walk(_ count: Int = 200_000) -> DataSource {
        let walk = RandomWalk(count: count, seed: 7).dataset()
        return DataSource(dataset: Dataset(source: walk.source, xs: walk.xs, series: walk.series, xKind: .time(unitsPerSecond: 1)))
    }

    /// Steps time until every animation has finished.
    private func settle(_ presenter: ChartPresenter, selector: RangeSelectorPresenter? = nil) {
        for _ in 0..<600 {
            let mainMoving = presenter.advance(by: 1.0 / 60)
            let selectorMoving = selector?.advance(by: 1.0 / 60) ?? false
            let moving = mainMoving || selectorMoving
            presenter.stage.prepareFrame()
            selector?.stage.prepareFrame()
            if !moving { return }
        }
        XCTFail("still animating after 10 s")
    }

    /// The wheel zooms x around the cursor: the data x under the pointer stays under it;
    /// y then eases to the nice fit of the data in the new x range.
    func testWheelKeepsTheCursorsPointAndYFitsTheTarget() {
        let source = walk()
        let presenter = ChartPresenter(source: source, factory: RecordingSurfaceFactory(), geometry: geometry, initialFraction: 0.5)
        settle(presenter)
        var rng = SplitMix64(seed: 31)
        let plot = geometry.plotBox
        for _ in 0..<300 {
            let px = Double.random(in: plot.x...plot.maxX, using: &rng)
            let before = presenter.targetX
            let t = (px - plot.x) / plot.width
            let anchor = before.lowerBound + t * (before.upperBound - before.lowerBound)
            let steps = Double.random(in: -2...2, using: &rng)
            presenter.wheel(steps: steps, at: PixelPoint(x: px, y: plot.y + 50))
            let after = presenter.targetX
            let clamped = after.lowerBound == presenter.dataRange.lowerBound || after.upperBound == presenter.dataRange.upperBound
                || after.upperBound - after.lowerBound <= presenter.minimumWidth * 1.0001
            if !clamped {
                XCTAssertEqual(after.lowerBound + t * (after.upperBound - after.lowerBound), anchor,
                               accuracy: (after.upperBound - after.lowerBound) * 1e-9)
            }
            XCTAssertTrue(after.lowerBound >= presenter.dataRange.lowerBound && after.upperBound <= presenter.dataRange.upperBound)
        }
        settle(presenter)
        let view = presenter.stage.viewport.current
        let y = source.yBounds(inX: view.minX...view.maxX)!
        XCTAssertEqual(view.minY...view.maxY, Viewport.fittedY(min: y.min, max: y.max), "y eased to the fit")
    }

    /// A flick keeps panning after release, slows down and stops.
    func testDragFlickCoastsAndStops() {
        let presenter = ChartPresenter(source: walk(), factory: RecordingSurfaceFactory(), geometry: geometry, initialFraction: 0.3)
        settle(presenter)
        let plot = geometry.plotBox
        let start = presenter.targetX
        var time = 10.0
        presenter.pointerDown(at: PixelPoint(x: 400, y: 300), button: .primary, time: time)
        for i in 1...10 {
            time += 0.01
            presenter.pointerMoved(to: PixelPoint(x: 400 + Double(i) * 15, y: 300), time: time)
        }
        presenter.pointerUp(at: PixelPoint(x: 550, y: 300), button: .primary, time: time)
        let released = presenter.targetX
        let perPixel = (start.upperBound - start.lowerBound) / plot.width
        XCTAssertEqual(released.lowerBound - start.lowerBound, -150 * perPixel, accuracy: perPixel * 1e-6,
                       "a 150 px drag to the right shows 150 px earlier")
        XCTAssertNotNil(presenter.momentum, "released at 1500 px/s: it coasts")
        var positions: [Double] = []
        while presenter.momentum != nil {
            presenter.advance(by: 1.0 / 60)
            positions.append(presenter.targetX.lowerBound)
        }
        let steps = zip(positions.dropFirst(), positions).map { $0 - $1 }
        XCTAssertTrue(steps.allSatisfy { $0 <= 0 }, "it keeps the flick's direction")
        XCTAssertEqual(steps, steps.sorted(), "and slows down")
        XCTAssertEqual(positions.last! - released.lowerBound, -1500 * 0.325 * perPixel, accuracy: 40 * perPixel)
    }

    /// The range selector and the main chart stay in step both ways.
    func testSelectorAndMainViewStayInSync() {
        let source = walk()
        let main = ChartPresenter(source: source, factory: RecordingSurfaceFactory(), geometry: geometry, initialFraction: 0.2)
        let minimap = StageGeometry(canvas: geometry.canvas, plot: ChartLayout.explorer.minimapRect(in: geometry.canvas)!)
        let selector = RangeSelectorPresenter(main: main, factory: RecordingSurfaceFactory(), geometry: minimap)
        settle(main, selector: selector)
        XCTAssertEqual(selector.selection.selected, main.targetX)
        XCTAssertEqual(main.targetX.upperBound, main.dataRange.upperBound, "the newest 20% at first")
        var rng = SplitMix64(seed: 33)
        let box = minimap.plotBox
        var time = 0.0
        for _ in 0..<200 {
            if Bool.random(using: &rng) {
                let selected = selector.selection.selected
                let perPixel = (main.dataRange.upperBound - main.dataRange.lowerBound) / box.width
                let startX = box.x + ((selected.lowerBound + selected.upperBound) / 2 - main.dataRange.lowerBound) / perPixel
                let dx = Double.random(in: -300...300, using: &rng)
                time += 1
                selector.pointerDown(at: PixelPoint(x: startX, y: box.y + 10), time: time)
                selector.pointerMoved(to: PixelPoint(x: startX + dx, y: box.y + 10), time: time + 0.5)
                selector.pointerUp(at: PixelPoint(x: startX + dx, y: box.y + 10), time: time + 0.6)
            } else {
                main.wheel(steps: Double.random(in: -3...3, using: &rng), at: PixelPoint(x: Double.random(in: 100...1100, using: &rng), y: 300))
                main.pan(byPixels: Double.random(in: -200...200, using: &rng))
            }
            settle(main, selector: selector)
            XCTAssertEqual(selector.selection.selected.lowerBound, main.targetX.lowerBound, accuracy: 1e-6)
            XCTAssertEqual(selector.selection.selected.upperBound, main.targetX.upperBound, accuracy: 1e-6)
            XCTAssertEqual(selector.window.selected, selector.selection.selected)
        }
    }

    /// Dragging the selector's body moves the main view by the same data distance.
    func testDraggingTheSelectorMovesTheMainView() {
        let main = ChartPresenter(source: walk(), factory: RecordingSurfaceFactory(), geometry: geometry, initialFraction: 0.2)
        let minimap = StageGeometry(canvas: geometry.canvas, plot: ChartLayout.explorer.minimapRect(in: geometry.canvas)!)
        let selector = RangeSelectorPresenter(main: main, factory: RecordingSurfaceFactory(), geometry: minimap)
        let before = main.targetX
        let box = minimap.plotBox
        let perPixel = (main.dataRange.upperBound - main.dataRange.lowerBound) / box.width
        let bodyX = box.x + ((before.lowerBound + before.upperBound) / 2 - main.dataRange.lowerBound) / perPixel
        selector.pointerDown(at: PixelPoint(x: bodyX, y: box.y + 20), time: 0)
        selector.pointerMoved(to: PixelPoint(x: bodyX - 100, y: box.y + 20), time: 1)
        selector.pointerUp(at: PixelPoint(x: bodyX - 100, y: box.y + 20), time: 2)
        XCTAssertEqual(main.targetX.lowerBound, before.lowerBound - 100 * perPixel, accuracy: perPixel * 1e-6)
        XCTAssertEqual(main.targetX.upperBound - main.targetX.lowerBound, before.upperBound - before.lowerBound, accuracy: 1e-6)
    }

    /// A preset eases along cubic-bezier(0.64, 0, 0, 1) over 1.2 s to its calendar range.
    func testPresetsLandOnTheirRanges() {
        let presenter = ChartPresenter(source: walk(400_000), factory: RecordingSurfaceFactory(), geometry: geometry)
        settle(presenter)
        let kind = presenter.source.dataset.xKind
        for preset in [RangePreset.fiveDays, .oneMonth, .oneDay, .all] {
            presenter.key(.preset(preset))
            XCTAssertEqual(presenter.targetX, preset.range(for: presenter.dataRange, kind: kind))
            presenter.advance(by: 0.6)
            XCTAssertNotEqual(presenter.stage.viewport.current.minX, presenter.targetX.lowerBound, "still moving at 0.6 s")
            presenter.advance(by: 0.61)
            XCTAssertEqual(presenter.stage.viewport.current.minX, presenter.targetX.lowerBound, "there at 1.2 s")
            XCTAssertTrue(presenter.lines.showsTrend)
            XCTAssertEqual(presenter.presets.active, preset)
        }
    }

    /// Hiding a series re-fits y to the others; shift-click shows only one.
    func testTogglesRefitY() {
        var ys2: [Double] = []
        let base = RandomWalk(count: 5000, seed: 3).dataset()
        for y in base.series[0].ys { ys2.append(y * 10 + 1000) }
        let dataset = Dataset(source: "t", xs: base.xs, series: [base.series[0], Series(name: "big", ys: ys2)], xKind: base.xKind)
        let source = DataSource(dataset: dataset)
        let presenter = ChartPresenter(source: source, factory: RecordingSurfaceFactory(), geometry: geometry, initialFraction: 1)
        settle(presenter)
        presenter.toggle(series: 1)
        settle(presenter)
        let y = source.yBounds(inX: presenter.targetX, series: [0])!
        XCTAssertEqual(presenter.stage.viewport.current.minY...presenter.stage.viewport.current.maxY,
                       Viewport.fittedY(min: y.min, max: y.max))
        XCTAssertEqual(presenter.lines.fades[1].value, 0, "faded out")
        presenter.toggle(series: 0)
        XCTAssertTrue(presenter.lines.isVisible(0), "the last visible series cannot be hidden")
        presenter.toggle(series: 1, only: true)
        XCTAssertEqual(presenter.lines.visibleSeries, [1])
    }

    /// A right-drag zooms to the band between press and release (eased), showing a
    /// translucent band meanwhile; a double-click fits everything.
    func testBoxZoomAndDoubleClick() {
        let presenter = ChartPresenter(source: walk(), factory: RecordingSurfaceFactory(), geometry: geometry, initialFraction: 1)
        settle(presenter)
        let plot = geometry.plotBox
        let all = presenter.targetX
        presenter.pointerDown(at: PixelPoint(x: plot.x + 100, y: 200), button: .secondary, time: 0)
        presenter.pointerMoved(to: PixelPoint(x: plot.x + 300, y: 250), time: 0.1)
        XCTAssertEqual(presenter.selectionBox.band, (plot.x + 100)...(plot.x + 300))
        presenter.pointerUp(at: PixelPoint(x: plot.x + 300, y: 250), button: .secondary, time: 0.2)
        XCTAssertNil(presenter.selectionBox.band)
        let perPixel = (all.upperBound - all.lowerBound) / plot.width
        XCTAssertEqual(presenter.targetX.lowerBound, all.lowerBound + 100 * perPixel, accuracy: perPixel * 1e-6)
        XCTAssertEqual(presenter.targetX.upperBound, all.lowerBound + 300 * perPixel, accuracy: perPixel * 1e-6)
        settle(presenter)
        presenter.pointerDown(at: PixelPoint(x: plot.x + 50, y: 200), button: .primary, clicks: 2, time: 1)
        XCTAssertEqual(presenter.targetX, all)
    }

    /// Zoomed into a gap of the data, the plot says there is no data there.
    func testAGapSaysNoData() {
        let xs = (0..<1000).map(Double.init)
        let ys = xs.map { (300..<700).contains(Int($0)) ? Double.nan : sin($0 / 50) }
        let source = DataSource(dataset: Dataset(source: "gap", xs: xs, series: [Series(name: "s", ys: ys)]))
        let presenter = ChartPresenter(source: source, factory: RecordingSurfaceFactory(), geometry: geometry, initialFraction: 1)
        settle(presenter)
        XCTAssertFalse(presenter.noData.isShowing)
        presenter.show(x: 400...600)
        settle(presenter)
        XCTAssertTrue(presenter.noData.isShowing)
        let texts = presenter.stage.surfaces.compactMap { $0 as? RecordingTextSurface }.flatMap(\.runs).map(\.text)
        XCTAssertTrue(texts.contains("No data in this range"))
    }
}
