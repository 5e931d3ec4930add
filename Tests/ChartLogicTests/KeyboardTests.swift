import ChartData
import ChartGeometry
import ChartInteraction
import ChartStage
import XCTest

/// Every action by keyboard: the focus and its rings, the legend toggled and the range
/// selector moved by focus, a pinned point stepped through the data.
final class KeyboardTests: XCTestCase {
    private let geometry = StageGeometry(canvas: PixelSize(width: 1200, height: 700), layout: .explorer)

    /// 1000 points a unit apart, three series; none has a value at 500…509, only the
    /// first at 600 (the second hidden there is still a point: the first shows it).
    private func source() -> DataSource {
        let xs = (0..<1000).map(Double.init)
        func series(_ name: String, _ phase: Double, nanAt extra: Set<Int> = []) -> Series {
            Series(name: name, ys: xs.indices.map { (500..<510).contains($0) || extra.contains($0) ? .nan : sin(Double($0) / 40 + phase) })
        }
        return DataSource(dataset: Dataset(source: "k", xs: xs, series: [series("a", 0), series("b", 1, nanAt: [600]),
                                                                          series("c", 2, nanAt: [600])]))
    }

    private func router(initialFraction: Double = 0.2) -> InputRouter {
        let main = ChartPresenter(source: source(), factory: RecordingSurfaceFactory(), geometry: geometry,
                                  initialFraction: initialFraction)
        let minimap = StageGeometry(canvas: geometry.canvas, plot: ChartLayout.explorer.minimapRect(in: geometry.canvas)!)
        let router = InputRouter(main: main, selector: RangeSelectorPresenter(main: main, factory: RecordingSurfaceFactory(),
                                                                              geometry: minimap))
        frame(router)
        return router
    }

    /// Builds both stages (the legend's toggles are known after a build).
    private func frame(_ router: InputRouter) {
        router.main.advance(by: 1.0 / 60)
        router.selector.advance(by: 1.0 / 60)
        router.main.stage.prepareFrame()
        router.selector.stage.prepareFrame()
    }

    private func outlines(_ stage: RenderStage) -> [PixelBox] {
        stage.surfaces.compactMap { $0 as? RecordingShapeSurface }.flatMap(\.shapes).compactMap {
            guard case let .outline(box, _, _, _) = $0 else { return nil }
            return box
        }
    }

    func testFocusGoesRoundTheChartTheTogglesAndTheSelector() {
        var focus = KeyboardFocus.chart
        var order: [KeyboardFocus] = []
        for _ in 0..<6 {
            focus = focus.next(toggles: 3)
            order.append(focus)
        }
        XCTAssertEqual(order, [.legend(0), .legend(1), .legend(2), .selector, .chart, .legend(0)])
        var back: [KeyboardFocus] = []
        focus = .chart
        for _ in 0..<6 {
            focus = focus.previous(toggles: 3)
            back.append(focus)
        }
        XCTAssertEqual(back, [.selector, .legend(2), .legend(1), .legend(0), .chart, .selector])
        XCTAssertEqual(KeyboardFocus.chart.next(toggles: 0), .selector, "no toggles shown: straight to the selector")
        XCTAssertEqual(KeyboardFocus.selector.previous(toggles: 0), .chart)
        XCTAssertEqual(KeyboardFocus.legend(5).next(toggles: 3), .selector, "a toggle the window no longer shows")
        XCTAssertEqual(KeyboardFocus.legend(5).previous(toggles: 3), .legend(2))
    }

    /// Tab puts a ring round the first toggle; Space and Enter toggle its series,
    /// Shift+Enter shows it alone; Esc takes the focus and the ring back to the chart.
    func testAFocusedToggleTogglesItsSeries() throws {
        let router = router()
        let main = router.main
        XCTAssertTrue(outlines(main.stage).isEmpty, "no ring before Tab")
        router.route(.command(.focusNext))
        XCTAssertEqual(router.focus, .legend(0))
        frame(router)
        let ring = try XCTUnwrap(outlines(main.stage).first)
        let toggle = main.legend.boxes[0]
        XCTAssertTrue(ring.x < toggle.x && ring.maxX > toggle.maxX && ring.y < toggle.y && ring.maxY > toggle.maxY,
                      "the ring goes round the toggle")
        let x = main.targetX
        router.route(.command(.chart(.space)))
        XCTAssertEqual(main.lines.visibleSeries, [1, 2], "Space hid the first series")
        router.route(.command(.chart(.enter)))
        XCTAssertEqual(main.lines.visibleSeries, [0, 1, 2], "Enter showed it again")
        XCTAssertEqual(main.targetX, x, "and the view did not move")
        router.route(.command(.focusNext))
        router.route(.command(.chart(.shiftEnter)))
        XCTAssertEqual(main.lines.visibleSeries, [1], "Shift+Enter: the second alone")
        router.route(.command(.chart(.escape)))
        XCTAssertEqual(router.focus, .chart)
        frame(router)
        XCTAssertTrue(outlines(main.stage).isEmpty, "the ring went")
        router.route(.command(.chart(.space)))
        XCTAssertEqual(main.lines.visibleSeries, [1], "Space on the chart toggles nothing")
    }

    /// With the selector focused, ← and → move its window (and the view) a tenth of its
    /// width, `+` widens and `-` narrows it about its centre; the ring is round the window.
    func testAFocusedSelectorMovesAndResizesItsWindow() throws {
        let router = router()
        router.route(.command(.focusPrevious))
        XCTAssertEqual(router.focus, .selector, "Shift+Tab from the chart: the selector")
        frame(router)
        let ring = try XCTUnwrap(outlines(router.selector.stage).first)
        let strip = router.selector.stage.geometry.plotBox
        let scales = PlotScales(visible: router.selector.stage.viewport.current, plot: strip)
        let window = router.selector.selection.selected
        XCTAssertEqual(ring.x, scales.canvasX(window.lowerBound) - 2, accuracy: 1e-9)
        XCTAssertEqual(ring.maxX, scales.canvasX(window.upperBound) + 2, accuracy: 1e-9)
        XCTAssertTrue(outlines(router.main.stage).isEmpty, "no ring on the legend")
        let width = window.upperBound - window.lowerBound
        router.route(.command(.chart(.left)))
        XCTAssertEqual(router.main.targetX.lowerBound, window.lowerBound - width / 10, accuracy: 1e-9)
        XCTAssertEqual(router.main.targetX.upperBound, window.upperBound - width / 10, accuracy: 1e-9)
        frame(router)
        XCTAssertEqual(router.selector.selection.selected, router.main.targetX, "the window moved with the view")
        router.route(.command(.chart(.right)))
        router.route(.command(.chart(.right)))
        XCTAssertEqual(router.main.targetX.upperBound, 999, accuracy: 1e-9, "stopped at the data's end")
        XCTAssertEqual(router.main.targetX.upperBound - router.main.targetX.lowerBound, width, accuracy: 1e-9)
        frame(router)
        router.route(.command(.chart(.zoomOut)))
        XCTAssertEqual(router.main.targetX.upperBound - router.main.targetX.lowerBound, width * 0.8, accuracy: 1e-9,
                       "- narrows the window")
        XCTAssertEqual((router.main.targetX.lowerBound + router.main.targetX.upperBound) / 2, 999 - width / 2, accuracy: 1e-9,
                       "about its centre")
        frame(router)
        router.route(.command(.chart(.zoomIn)))
        XCTAssertEqual(router.main.targetX.upperBound - router.main.targetX.lowerBound, width, accuracy: 1e-9, "+ widens it")
        router.route(.command(.chart(.escape)))
        XCTAssertEqual(router.focus, .chart)
        let before = router.main.targetX
        router.route(.command(.chart(.zoomIn)))
        XCTAssertLessThan(router.main.targetX.upperBound - router.main.targetX.lowerBound, before.upperBound - before.lowerBound,
                          "back on the chart, + zooms in")
    }

    /// Enter with nothing highlighted pins the point nearest the centre; → and ← then
    /// step it a point at a time, over the points no series has a value at, and the view
    /// follows when the point leaves it; without a pin the arrows pan.
    func testArrowsStepAPinnedPointOverGaps() throws {
        let router = router(initialFraction: 0.05)
        let main = router.main
        main.show(x: 480...520)
        frame(router)
        XCTAssertTrue(main.key(.enter))
        XCTAssertTrue(main.highlight.isPinned)
        XCTAssertEqual(main.highlight.index, 500 - 1, "500 has no value: the nearest with one, 499, before 510")
        router.route(.command(.chart(.right)))
        XCTAssertEqual(main.highlight.index, 510, "over the gap in one step")
        router.route(.command(.chart(.left)))
        XCTAssertEqual(main.highlight.index, 499)
        XCTAssertEqual(main.targetX, 480...520, "inside the view: the view stays")
        frame(router)
        XCTAssertNotNil(main.highlight.boardBox, "the board shows the pinned point")
        main.highlight.pin(index: 598)
        main.key(.right)
        XCTAssertEqual(main.targetX.upperBound, 599 + 4, accuracy: 1e-9, "the view followed 599, a tenth inside its edge")
        XCTAssertEqual(main.targetX.upperBound - main.targetX.lowerBound, 40, accuracy: 1e-9)
        main.key(.right)
        XCTAssertEqual(main.highlight.index, 600, "600 has the first series' value: a point")
        XCTAssertEqual(main.targetX.upperBound, 599 + 4, accuracy: 1e-9, "still in view: the view stays")
        frame(router)
        let board = try XCTUnwrap(main.highlight.boardBox)
        main.key(.left)
        frame(router)
        XCTAssertNotEqual(main.highlight.boardBox, board, "the board follows the point")
        main.highlight.pin(index: 998)
        for _ in 0..<3 { main.key(.right) }
        XCTAssertEqual(main.highlight.index, 999, "the last point holds")
        XCTAssertEqual(main.targetX.upperBound, 999, "the view stops at the data's end")
        main.key(.escape)
        XCTAssertFalse(main.highlight.isPinned)
        let x = main.targetX
        main.key(.left)
        XCTAssertEqual(main.targetX.lowerBound, x.lowerBound - 4, accuracy: 1e-9, "no pin: ← pans a tenth")
    }

    /// Page Up / Page Down with a pin move the view a screen and the pin by the points a
    /// screen holds; the pin stays in view.
    func testPagesMoveThePinAndTheViewTogether() throws {
        let router = router()
        let main = router.main
        main.show(x: 100...200)
        main.highlight.pin(index: 150)
        main.key(.pageRight)
        XCTAssertEqual(main.highlight.index, 250, "a hundred points on: 101 points in the view, 100 steps")
        XCTAssertEqual(main.targetX, 200...300, "and the view a screen")
        main.key(.pageLeft)
        main.key(.pageLeft)
        XCTAssertEqual(main.highlight.index, 50)
        XCTAssertEqual(main.targetX, 0...100)
        main.show(x: 420...520)
        main.highlight.pin(index: 450)
        main.key(.pageRight)
        XCTAssertEqual(main.highlight.index, 560, "the points with no value do not count")
        XCTAssertTrue(main.targetX.contains(560))
        main.key(.escape)
        main.key(.pageLeft)
        XCTAssertEqual(main.targetX, 420...520, "no pin: a page pans a screen")
        XCTAssertNil(main.highlight.index)
    }

    /// A day's chart taking the router's events starts with the focus on its plot, and
    /// the ring leaves the chart it was on.
    func testRetargetingReturnsTheFocusToTheChart() {
        let router = router()
        router.route(.command(.focusNext))
        let first = router.main, firstSelector = router.selector
        let other = ChartPresenter(source: source(), factory: RecordingSurfaceFactory(), geometry: geometry)
        let minimap = StageGeometry(canvas: geometry.canvas, plot: ChartLayout.explorer.minimapRect(in: geometry.canvas)!)
        router.retarget(main: other, selector: RangeSelectorPresenter(main: other, factory: RecordingSurfaceFactory(), geometry: minimap))
        XCTAssertEqual(router.focus, .chart)
        XCTAssertNil(first.legend.focusedSeries)
        XCTAssertFalse(firstSelector.window.isFocused)
    }
}
