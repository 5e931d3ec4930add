import ChartData
import ChartGeometry
import ChartInteraction
import ChartMarks
import ChartStage
import ChartSupport
import Foundation
import XCTest

/// y by hand: the maths of each gesture, as properties over seeded ranges.
final class ManualYRangeTests: XCTestCase {
    /// Zooming keeps the value under the pointer at the same height and divides the span
    /// by the factor; zooming back by its inverse returns the range.
    func testZoomKeepsTheValueUnderThePointer() {
        var rng = SplitMix64(seed: 61)
        for _ in 0..<1_000 {
            let low = Double.random(in: -1e6...1e6, using: &rng), span = pow(10, Double.random(in: -3...6, using: &rng))
            let range = low...(low + span)
            let t = Double.random(in: 0...1, using: &rng), value = low + t * span
            let factor = pow(1.15, Double.random(in: -4...4, using: &rng))
            let zoomed = YRangeGesture.zoomed(range, by: factor, keeping: value)
            let zoomedSpan = zoomed.upperBound - zoomed.lowerBound
            // Rounding is relative to the values' magnitude, which may dwarf the span.
            let rounding = (abs(low) + span) * 1e-14
            XCTAssertEqual(zoomedSpan, span / factor, accuracy: 4 * rounding)
            XCTAssertEqual((value - zoomed.lowerBound) / zoomedSpan, t, accuracy: 4 * rounding / zoomedSpan,
                           "the value stays at its height")
            let back = YRangeGesture.zoomed(zoomed, by: 1 / factor, keeping: value)
            XCTAssertEqual(back.lowerBound, range.lowerBound, accuracy: 8 * rounding)
            XCTAssertEqual(back.upperBound, range.upperBound, accuracy: 8 * rounding)
        }
    }

    /// A drag down an axis widens it about its middle, doubling the span every 150 pixels;
    /// a drag up narrows it; the middle stays.
    func testAxisDragStretchesAboutTheMiddle() {
        let range = 50.0...150.0
        let down = YRangeGesture.stretched(range, byDraggingPixels: 150)
        XCTAssertEqual(down.lowerBound, 0, accuracy: 1e-9)
        XCTAssertEqual(down.upperBound, 200, accuracy: 1e-9)
        let up = YRangeGesture.stretched(range, byDraggingPixels: -150)
        XCTAssertEqual(up.lowerBound, 75, accuracy: 1e-9)
        XCTAssertEqual(up.upperBound, 125, accuracy: 1e-9)
    }

    /// A drag down the plot shows higher values by the pixels' worth of data; ranges at
    /// the edge of what a view may hold stay finite and valid.
    func testPanFollowsThePointerAndStaysFinite() {
        let panned = YRangeGesture.panned(0...100, byDraggingPixels: 50, height: 500)
        XCTAssertEqual(panned.lowerBound, 10, accuracy: 1e-9)
        XCTAssertEqual(panned.upperBound, 110, accuracy: 1e-9)
        let huge = YRangeGesture.stretched(-1e307...1e307, byDraggingPixels: 3_000)
        XCTAssertTrue(huge.lowerBound.isFinite && huge.upperBound.isFinite && huge.lowerBound < huge.upperBound)
        let tiny = YRangeGesture.zoomed(1...1.000_000_001, by: 1e12, keeping: 1)
        XCTAssertGreaterThan(tiny.upperBound, tiny.lowerBound)
    }
}

/// y by hand in the main chart: it stays where the user put it while x moves, until `0`
/// or a double-click fits it again, and a padlock says so.
final class ManualYPresenterTests: XCTestCase {
    private let geometry = StageGeometry(canvas: PixelSize(width: 1200, height: 700), layout: .explorer)

    private func walk() -> DataSource {
        let walk = RandomWalk(count: 20_000, seed: 7).dataset()
        return DataSource(dataset: Dataset(source: walk.source, xs: walk.xs, series: walk.series, xKind: .time(unitsPerSecond: 1)))
    }

    private func settle(_ presenter: ChartPresenter) {
        for _ in 0..<600 {
            let moving = presenter.advance(by: 1.0 / 60)
            presenter.stage.prepareFrame()
            if !moving { return }
        }
        XCTFail("still animating after 10 s")
    }

    private func currentY(_ presenter: ChartPresenter, _ side: YAxisSide = .left) -> ClosedRange<Double> {
        let view = presenter.stage.viewport(for: side).current
        return view.minY...view.maxY
    }

    /// Shift+wheel over the plot zooms y at the pointer; the range then holds through x
    /// pans, zooms and keys, with the padlock drawn; `0` fits y to the view again.
    func testShiftWheelSetsYWhichHoldsThroughXMovesUntilZero() {
        let presenter = ChartPresenter(source: walk(), factory: RecordingSurfaceFactory(), geometry: geometry, initialFraction: 0.3)
        settle(presenter)
        let plot = geometry.plotBox
        let fitted = currentY(presenter)
        let pointer = PixelPoint(x: plot.x + plot.width / 2, y: plot.y + plot.height / 4)
        let under = presenter.scales.dataY(atCanvasY: pointer.y)
        presenter.wheelY(steps: 3, at: pointer)
        settle(presenter)
        let set = currentY(presenter)
        XCTAssertEqual(set.upperBound - set.lowerBound, (fitted.upperBound - fitted.lowerBound) / pow(1.15, 3),
                       accuracy: (fitted.upperBound - fitted.lowerBound) * 1e-9)
        XCTAssertEqual(presenter.scales.dataY(atCanvasY: pointer.y), under, accuracy: (set.upperBound - set.lowerBound) * 1e-9)
        XCTAssertEqual(presenter.lockedAxes, [.left])
        XCTAssertNotNil(presenter.axisLock.boxes[.left], "the padlock is drawn over the left axis")

        presenter.pan(byPixels: -300)
        presenter.zoom(by: 0.5, aroundPixel: plot.x + 10)
        presenter.key(.right)
        presenter.key(.pageLeft)
        settle(presenter)
        XCTAssertEqual(currentY(presenter), set, "x moved; y stayed where it was put")

        presenter.key(.fit)
        settle(presenter)
        XCTAssertTrue(presenter.lockedAxes.isEmpty)
        XCTAssertNil(presenter.axisLock.boxes[.left], "the padlock goes")
        let view = presenter.stage.viewport.current
        let y = presenter.source.yBounds(inX: view.minX...view.maxX)!
        XCTAssertEqual(currentY(presenter), Viewport.fittedY(min: y.min, max: y.max), "fitted to the data in view again")
    }

    /// A drag on the left axis's labels stretches y about its middle; a drag on the plot
    /// then pans x and slides y with the pointer; a double-click on the axis fits it again.
    func testDraggingTheAxisStretchesAndADoubleClickOnItFits() {
        let presenter = ChartPresenter(source: walk(), factory: RecordingSurfaceFactory(), geometry: geometry, initialFraction: 0.3)
        settle(presenter)
        let plot = geometry.plotBox
        let fitted = currentY(presenter)
        let axis = PixelPoint(x: plot.x / 2, y: plot.y + plot.height / 2)
        presenter.pointerDown(at: axis, button: .primary, time: 1)
        presenter.pointerMoved(to: PixelPoint(x: axis.x, y: axis.y + 75), time: 1.1)
        presenter.pointerMoved(to: PixelPoint(x: axis.x, y: axis.y + 150), time: 1.2)
        presenter.pointerUp(at: PixelPoint(x: axis.x, y: axis.y + 150), button: .primary, time: 1.2)
        settle(presenter)
        let stretched = currentY(presenter)
        let span = fitted.upperBound - fitted.lowerBound
        XCTAssertEqual(stretched.upperBound - stretched.lowerBound, 2 * span, accuracy: span * 1e-9, "150 px down doubles it")
        XCTAssertEqual(stretched.lowerBound + stretched.upperBound, fitted.lowerBound + fitted.upperBound,
                       accuracy: span * 1e-9, "about its middle")
        XCTAssertEqual(presenter.lockedAxes, [.left])

        let x = presenter.targetX
        presenter.pointerDown(at: PixelPoint(x: 600, y: 300), button: .primary, time: 5)
        presenter.pointerMoved(to: PixelPoint(x: 700, y: 350), time: 5.5)
        presenter.pointerUp(at: PixelPoint(x: 700, y: 350), button: .primary, time: 6)
        settle(presenter)
        XCTAssertLessThan(presenter.targetX.lowerBound, x.lowerBound, "x panned as ever")
        let slid = currentY(presenter)
        XCTAssertEqual(slid.lowerBound - stretched.lowerBound, 50 / plot.height * 2 * span, accuracy: span * 1e-9,
                       "y slid 50 px with the pointer")

        presenter.pointerDown(at: axis, button: .primary, clicks: 2, time: 8)
        presenter.pointerUp(at: axis, button: .primary, time: 8)
        settle(presenter)
        XCTAssertTrue(presenter.lockedAxes.isEmpty)
        let view = presenter.stage.viewport.current
        let y = presenter.source.yBounds(inX: view.minX...view.maxX)!
        XCTAssertEqual(currentY(presenter), Viewport.fittedY(min: y.min, max: y.max))
    }

    /// Shift+wheel over the right axis's labels zooms that axis alone; the left one keeps
    /// fitting the data as x moves.
    func testOverTheRightAxisOnlyItIsSet() {
        let xs = (0..<2_000).map(Double.init)
        let price = xs.map { 100 + 10 * sin($0 / 50) }, volume = xs.map { 1e6 + 3e5 * cos($0 / 30) }
        let dataset = Dataset(source: "t", xs: xs, series: [Series(name: "Close", ys: price),
                                                            Series(name: "Traded", ys: volume, axis: .right)])
        let presenter = ChartPresenter(source: DataSource(dataset: dataset), factory: RecordingSurfaceFactory(),
                                       geometry: geometry, initialFraction: 0.3)
        settle(presenter)
        let plot = geometry.plotBox
        let rightBefore = currentY(presenter, .right), leftBefore = currentY(presenter)
        presenter.wheelY(steps: -2, at: PixelPoint(x: plot.maxX + 20, y: plot.y + plot.height / 2))
        settle(presenter)
        XCTAssertEqual(presenter.lockedAxes, [.right])
        XCTAssertNotEqual(currentY(presenter, .right), rightBefore)
        XCTAssertEqual(currentY(presenter), leftBefore)
        let right = currentY(presenter, .right)
        presenter.pan(byPixels: 200)
        settle(presenter)
        XCTAssertEqual(currentY(presenter, .right), right)
        XCTAssertNotEqual(currentY(presenter), leftBefore, "the left axis fits the new x")
    }
}

/// The session keeps a y set by hand, per file: the window reopens with it, and an old
/// or odd session file still loads.
final class ManualYSessionTests: XCTestCase {
    private let geometry = StageGeometry(canvas: PixelSize(width: 1200, height: 700), layout: .explorer)

    private func presenter() -> ChartPresenter {
        let walk = RandomWalk(count: 5_000, seed: 9).dataset()
        return ChartPresenter(source: DataSource(dataset: walk), factory: RecordingSurfaceFactory(), geometry: geometry,
                              initialFraction: 0.5)
    }

    /// The update the window records carries the range set by hand; applied to the
    /// session and read back into a new window, the axis is set and locked there too, and
    /// stays through the session's own x view.
    func testALockedYGoesThroughTheSessionAndComesBackLocked() throws {
        let main = presenter()
        main.setY(-40...25, for: .left)
        let file = SessionEntry(path: "/data/walk.csv")
        let update = SessionRestore(file: file).viewUpdate(of: main)
        XCTAssertEqual(update.manualY, ManualYRanges(left: -40...25))
        var session = Session()
        update.apply(to: &session)
        let read = try JSONDecoder().decode(Session.self, from: JSONEncoder().encode(session))
        let entry = try XCTUnwrap(read.entry(for: "/data/walk.csv"))
        XCTAssertEqual(entry.manualY, ManualYRanges(left: -40...25))

        let reopened = presenter()
        SessionRestore.apply(entry, to: reopened)
        for _ in 0..<120 { reopened.advance(by: 1.0 / 60) }
        XCTAssertEqual(reopened.lockedAxes, [.left])
        let view = reopened.stage.viewport.current
        XCTAssertEqual(view.minY...view.maxY, -40...25)

        main.key(.fit)
        XCTAssertNil(SessionRestore(file: file).viewUpdate(of: main).manualY?.left, "0 unlocks, and the session forgets it")
    }

    /// An entry without the field (an older session) loads with every axis fitting; a
    /// range that is not two finite, ordered numbers is dropped, not the session.
    func testOldAndOddEntriesLoad() throws {
        let json = """
        {"entries": [{"path": "/a.csv"}, {"path": "/b.csv", "manualY": {"left": [5, 1], "right": [0, 10]}},
                     {"path": "/c.csv", "manualY": {"left": "x"}}]}
        """
        let session = try JSONDecoder().decode(Session.self, from: Data(json.utf8))
        XCTAssertEqual(session.entry(for: "/a.csv")?.manualY, ManualYRanges())
        XCTAssertEqual(session.entry(for: "/b.csv")?.manualY, ManualYRanges(right: 0...10))
        XCTAssertEqual(session.entry(for: "/c.csv")?.manualY, ManualYRanges())
    }
}
