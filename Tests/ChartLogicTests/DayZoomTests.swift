import ChartData
import ChartGeometry
import ChartInteraction
import ChartMarks
import ChartStage
import XCTest

/// Opening a day from the overview and going back, on recording surfaces.
final class DayZoomTests: XCTestCase {
    private let geometry = StageGeometry(canvas: PixelSize(width: 1200, height: 700), layout: .explorer)
    private let day = 86_400_000.0
    /// 2019-01-01T00:00Z in Unix ms.
    private let firstDay = Double(CivilCalendar.days(year: 2019, month: 1, day: 1)) * 86_400_000

    /// 120 days of two series, a point at each UTC midnight, in the thousands.
    private func overviewSource() -> DataSource {
        let xs = (0..<120).map { firstDay + Double($0) * day }
        let views = xs.indices.map { 3000 + 800 * sin(Double($0) / 5) }
        let joined = xs.indices.map { 400 + 90 * cos(Double($0) / 3) }
        return DataSource(dataset: Dataset(source: "overview.json", xs: XValues(xs),
                                           series: [Series(name: "Views", ys: views), Series(name: "Joined", ys: joined)],
                                           xKind: .time(unitsPerSecond: 1000)))
    }

    /// Day `index`'s 24 hours, each a 24th of the day or so, in the hundreds.
    private func daySource(_ index: Int) -> DataSource {
        let start = firstDay + Double(index) * day
        let xs = (0..<24).map { start + Double($0) * 3_600_000 }
        let views = xs.indices.map { 125 + 60 * sin(Double($0) / 4) }
        let joined = xs.indices.map { 17 + 5 * cos(Double($0) / 4) }
        return DataSource(dataset: Dataset(source: "day.json", xs: XValues(xs),
                                           series: [Series(name: "Views", ys: views), Series(name: "Joined", ys: joined)],
                                           xKind: .time(unitsPerSecond: 1000)))
    }

    private func dayChart(_ index: Int) -> ChartPresenter {
        ChartPresenter(source: daySource(index), factory: RecordingSurfaceFactory(), geometry: geometry, initialFraction: 1)
    }

    /// An overview and its navigation; a click or Enter opens the day of the point.
    private func navigation() -> (ChartPresenter, DayZoom, opened: () -> [Int]) {
        let overview = ChartPresenter(source: overviewSource(), factory: RecordingSurfaceFactory(), geometry: geometry,
                                      initialFraction: 0.4)
        let zoom = DayZoom(overview: overview)
        var opened: [Int] = []
        overview.onZoomIntoPoint = { [unowned zoom] index in
            opened.append(index)
            zoom.zoomIn(to: self.dayChart(index), label: DayZoom.label(forX: overview.source.dataset.xs[index],
                                                                       unitsPerSecond: 1000))
            return true
        }
        return (overview, zoom, { opened })
    }

    /// Steps 60 Hz frames until nothing moves; returns the phases seen, in order, once each.
    @discardableResult
    private func settle(_ zoom: DayZoom) -> [DayZoom.Phase] {
        var phases = [zoom.phase]
        for _ in 0..<600 {
            let moving = zoom.advance(by: 1.0 / 60)
            zoom.shown.stage.prepareFrame()
            if phases.last != zoom.phase { phases.append(zoom.phase) }
            if !moving { return phases }
        }
        XCTFail("still animating after 10 s")
        return phases
    }

    /// A click (press and release in place) on the plot at data x `x`.
    private func click(_ overview: ChartPresenter, atX x: Double) {
        let at = PixelPoint(x: overview.scales.canvasX(x), y: Double(geometry.plot.y + geometry.plot.height / 2))
        overview.pointerDown(at: at, button: .primary, time: 0)
        overview.pointerUp(at: at, button: .primary, time: 0.1)
    }

    /// The brief's check: into a day and back, the overview's x range is what it was,
    /// bit for bit, once the animations have run; on the way the overview eases to the
    /// day, the day takes over at that range and its y eases to its own data.
    func testIntoADayAndBackRestoresTheOverviewRangeExactly() throws {
        let (overview, zoom, opened) = navigation()
        // A range no arithmetic would land on again by chance.
        overview.show(x: (firstDay + 40.123_456_7 * day)...(firstDay + 71.987_654_3 * day))
        settle(zoom)
        let before = overview.stage.viewport.current
        let index = 55
        click(overview, atX: overview.source.dataset.xs[index] + 0.2 * day)
        XCTAssertEqual(opened(), [index], "the click opened the nearest point's day")
        XCTAssertFalse(overview.highlight.isPinned, "and pinned nothing")
        XCTAssertEqual(zoom.phase, .enteringDay)
        XCTAssertEqual(zoom.overviewX, before.minX...before.maxX)
        let dayChart = try XCTUnwrap(zoom.day)
        let dayX = dayChart.dataRange
        XCTAssertEqual(dayX, overview.source.dataset.xs[index]...(overview.source.dataset.xs[index] + 23 * 3_600_000))

        // Half way, the overview is between its range and the day's.
        for _ in 0..<9 { zoom.advance(by: 1.0 / 60) }
        let halfway = overview.stage.viewport.current
        XCTAssertTrue(halfway.width < before.width && halfway.width > dayX.upperBound - dayX.lowerBound, "\(halfway)")
        XCTAssertTrue(zoom.shown === overview, "the overview is drawn until it gets there")

        XCTAssertEqual(settle(zoom), [.enteringDay, .inDay])
        XCTAssertTrue(zoom.shown === dayChart)
        XCTAssertEqual(overview.stage.viewport.current.minX, dayX.lowerBound, "the overview stopped at the day")
        XCTAssertEqual(overview.stage.viewport.current.maxX, dayX.upperBound)
        let dayView = dayChart.stage.viewport.current
        XCTAssertEqual(dayView.minX...dayView.maxX, dayX, "the day shows that same range")
        let fit = try XCTUnwrap(dayChart.source.yBounds(inX: dayX))
        XCTAssertLessThanOrEqual(dayView.maxY, fit.max * 1.5, "its y eased from the overview's thousands to its hundreds")
        XCTAssertGreaterThanOrEqual(dayView.maxY, fit.max)
        XCTAssertEqual(zoom.dayLabel, "Mon, Feb 25, 2019")

        XCTAssertTrue(DayZoomCommands(zoom: zoom).take(.command(.chart(.escape))), "Esc goes back")
        XCTAssertEqual(zoom.phase, .leavingDay)
        XCTAssertTrue(zoom.shown === overview)
        XCTAssertEqual(overview.stage.viewport.current.minX, dayX.lowerBound, "the overview reappears at the day")
        XCTAssertEqual(settle(zoom), [.leavingDay, .overview])
        let after = overview.stage.viewport.current
        XCTAssertEqual(after.minX, before.minX, "bit for bit")
        XCTAssertEqual(after.maxX, before.maxX, "bit for bit")
        XCTAssertEqual(after.minY, before.minY, "y fits the same range again")
        XCTAssertEqual(after.maxY, before.maxY)
        XCTAssertNil(zoom.day, "the day's chart is let go")
        XCTAssertNil(zoom.overviewX)
    }

    /// Enter opens the highlighted point's day; with nothing highlighted it pins the point
    /// nearest the view's centre (opening nothing), whose day a second Enter opens.
    func testEnterOpensTheHighlightedDay() throws {
        let (overview, zoom, opened) = navigation()
        let x = overview.targetX
        XCTAssertTrue(overview.key(.enter), "nothing highlighted: the centre's point is pinned")
        XCTAssertEqual(opened(), [])
        let centre = try XCTUnwrap(overview.highlight.index)
        XCTAssertTrue(overview.highlight.isPinned)
        XCTAssertEqual(centre, overview.source.dataset.nearestIndex(toX: (x.lowerBound + x.upperBound) / 2))
        XCTAssertTrue(overview.key(.enter))
        XCTAssertEqual(opened(), [centre], "the pinned point's day")
        overview.highlight.clear()
        _ = settle(zoom)
        zoom.zoomOut()
        _ = settle(zoom)
        overview.highlight.hover(atX: overview.source.dataset.xs[100])
        XCTAssertTrue(overview.key(.enter))
        XCTAssertEqual(opened(), [centre, 100])
        XCTAssertEqual(zoom.phase, .enteringDay)
        XCTAssertEqual(settle(zoom).last, .inDay)
        XCTAssertTrue(zoom.shown.key(.enter), "in a day, Enter pins a point")
        XCTAssertFalse(zoom.shown.key(.enter), "and opens nothing further")
    }

    /// A hook that declines (no day file): the click pins the highlight as it always did.
    func testADeclinedClickStillPins() {
        let overview = ChartPresenter(source: overviewSource(), factory: RecordingSurfaceFactory(), geometry: geometry)
        var asked = 0
        overview.onZoomIntoPoint = { _ in
            asked += 1
            return false
        }
        click(overview, atX: overview.source.dataset.xs[110])
        XCTAssertEqual(asked, 1)
        XCTAssertTrue(overview.highlight.isPinned)
        XCTAssertEqual(overview.highlight.index, 110)
    }

    /// During a transition presses, keys and the wheel wait; in the day, the "‹ Zoom out"
    /// button goes back and the legend starts after it and the day's name.
    func testInputWaitsForTheTransitionAndTheButtonGoesBack() throws {
        let (overview, zoom, _) = navigation()
        settle(zoom)
        let before = overview.targetX
        click(overview, atX: overview.source.dataset.xs[90])
        let press = ChartEvent.pointerDown(at: PixelPoint(x: 600, y: 300), button: .primary, clicks: 1, shift: false, time: 1)
        XCTAssertTrue(DayZoomCommands(zoom: zoom).take(press))
        XCTAssertTrue(DayZoomCommands(zoom: zoom).take(.command(.chart(.escape))), "Esc waits too")
        XCTAssertTrue(DayZoomCommands(zoom: zoom).take(.zoom(steps: 1, at: PixelPoint(x: 600, y: 300))))
        XCTAssertFalse(DayZoomCommands(zoom: zoom).take(.pointerMoved(to: PixelPoint(x: 600, y: 300), time: 1)), "moves pass")
        XCTAssertEqual(zoom.phase, .enteringDay)
        settle(zoom)

        let dayChart = try XCTUnwrap(zoom.day)
        let control = try XCTUnwrap(zoom.control)
        let button = try XCTUnwrap(control.buttonBox)
        let bar = try XCTUnwrap(geometry.bar)
        XCTAssertEqual(button.x, bar.x, "top-left of the bar")
        let texts = dayChart.stage.surfaces.compactMap { $0 as? RecordingTextSurface }.flatMap(\.runs).map(\.text)
        XCTAssertTrue(texts.contains("‹ Zoom out"), "\(texts)")
        XCTAssertEqual(zoom.dayLabel, "Mon, Apr 1, 2019")
        XCTAssertTrue(texts.contains("Mon, Apr 1, 2019"), "the bar says which day")
        let legendStart = try XCTUnwrap(dayChart.legend.boxes.first?.x)
        XCTAssertGreaterThan(legendStart, try XCTUnwrap(control.end), "the legend starts after the day's name")

        XCTAssertFalse(DayZoomCommands(zoom: zoom).take(.pointerDown(at: PixelPoint(x: 600, y: 300), button: .primary, clicks: 1, shift: false,
                                                   time: 2)), "a press on the day's plot is the day's")
        let onButton = PixelPoint(x: button.x + button.width / 2, y: button.y + button.height / 2)
        XCTAssertTrue(DayZoomCommands(zoom: zoom).take(.pointerDown(at: onButton, button: .primary, clicks: 1, shift: false, time: 3)))
        XCTAssertEqual(zoom.phase, .leavingDay)
        settle(zoom)
        XCTAssertEqual(overview.targetX, before)
        XCTAssertFalse(DayZoomCommands(zoom: zoom).take(.command(.chart(.escape))), "on the overview Esc is the chart's again")
    }

    /// A second zoom while one runs is ignored; going back while entering turns round.
    func testZoomingOutWhileEnteringTurnsRound() {
        let (overview, zoom, opened) = navigation()
        settle(zoom)
        let before = overview.targetX
        click(overview, atX: overview.source.dataset.xs[80])
        zoom.zoomIn(to: dayChart(81), label: "another")
        XCTAssertEqual(zoom.dayLabel, DayZoom.label(forX: overview.source.dataset.xs[80], unitsPerSecond: 1000))
        for _ in 0..<6 { zoom.advance(by: 1.0 / 60) }
        zoom.zoomOut()
        XCTAssertEqual(settle(zoom), [.leavingDay, .overview])
        XCTAssertEqual(overview.targetX, before)
        XCTAssertEqual(overview.stage.viewport.current.minX, before.lowerBound)
        XCTAssertEqual(opened(), [80])
    }

    func testDayLabels() {
        XCTAssertEqual(DayZoom.label(forX: 0, unitsPerSecond: 1), "Thu, Jan 1, 1970")
        let march14 = Double(CivilCalendar.days(year: 2020, month: 3, day: 14)) * 86_400
        XCTAssertEqual(DayZoom.label(forX: (march14 + 86_399) * 1000, unitsPerSecond: 1000), "Sat, Mar 14, 2020")
        XCTAssertEqual(DayZoom.label(forX: -1, unitsPerSecond: 1), "Wed, Dec 31, 1969")
    }

    /// A passing message sits on the plot, fades, and goes.
    func testNoticeFadesAndGoes() throws {
        let recorded = RecordedStage(viewport: DataRect(minX: 0, maxX: 1, minY: 0, maxY: 1))
        let notice = NoticeController()
        recorded.stage.add(notice)
        notice.show("day.json: no such file")
        recorded.frame()
        let box = try XCTUnwrap(notice.panelBox)
        XCTAssertTrue(PixelBox(recorded.stage.geometry.plot).contains(box))
        XCTAssertEqual(notice.opacity, 1)
        let text = try XCTUnwrap(recorded.surfaces.texts.first)
        XCTAssertEqual(text.runs.map(\.text), ["day.json: no such file"])
        for _ in 0..<Int(60 * (notice.duration - notice.fadeDuration / 2)) { recorded.frame() }
        XCTAssertEqual(notice.opacity, 0.5, accuracy: 0.05, "half faded")
        for _ in 0..<60 { recorded.frame() }
        XCTAssertNil(notice.message)
        XCTAssertEqual(text.runs, [], "and cleared")
        XCTAssertFalse(notice.advance(by: 1), "nothing left to animate")
    }
}
