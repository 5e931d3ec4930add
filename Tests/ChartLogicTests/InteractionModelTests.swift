import ChartData
import ChartGeometry
import ChartMarks
import ChartStage
import XCTest

final class InteractionModelTests: XCTestCase {
    private func date(_ y: Int, _ m: Int, _ d: Int, _ h: Int = 0) -> Double {
        CivilDate(year: y, month: m, day: d, hour: h).unixSeconds
    }

    /// Presets end at the newest point and start the same moment a calendar span
    /// earlier (a month before March 31 is the end of February), never before the data.
    func testPresetsUseCalendarArithmetic() {
        let kind = XAxisKind.time(unitsPerSecond: 1)
        let data = date(2015, 1, 1)...date(2024, 3, 31, 16)
        XCTAssertEqual(RangePreset.oneDay.range(for: data, kind: kind), date(2024, 3, 30, 16)...data.upperBound)
        XCTAssertEqual(RangePreset.fiveDays.range(for: data, kind: kind), date(2024, 3, 26, 16)...data.upperBound)
        XCTAssertEqual(RangePreset.oneMonth.range(for: data, kind: kind), date(2024, 2, 29, 16)...data.upperBound, "leap February")
        XCTAssertEqual(RangePreset.sixMonths.range(for: data, kind: kind), date(2023, 9, 30, 16)...data.upperBound)
        XCTAssertEqual(RangePreset.oneYear.range(for: data, kind: kind), date(2023, 3, 31, 16)...data.upperBound)
        XCTAssertEqual(RangePreset.fiveYears.range(for: data, kind: kind), date(2019, 3, 31, 16)...data.upperBound)
        XCTAssertEqual(RangePreset.all.range(for: data, kind: kind), data)
        XCTAssertEqual(RangePreset.fiveYears.range(for: date(2023, 1, 1)...date(2024, 1, 1), kind: kind),
                       date(2023, 1, 1)...date(2024, 1, 1), "clamped to the first point")
        let ms = RangePreset.oneMonth.range(for: (data.lowerBound * 1000)...(data.upperBound * 1000), kind: .time(unitsPerSecond: 1000))
        XCTAssertEqual(ms.lowerBound, date(2024, 2, 29, 16) * 1000)
        XCTAssertEqual(RangePreset.available(for: .number), [.all])
        XCTAssertEqual(CivilDate(year: 2023, month: 3, day: 31).addingMonths(-1), CivilDate(year: 2023, month: 2, day: 28))
        XCTAssertEqual(CivilDate(year: 2024, month: 1, day: 15).addingMonths(-13), CivilDate(year: 2022, month: 12, day: 15))
    }

    /// A flick's speed decays to rest, and how far it goes does not depend on the
    /// frame rate: v × τ in all.
    func testMomentumDecaysToRest() {
        for frame in [1.0 / 30, 1.0 / 60, 1.0 / 144] {
            var momentum = Momentum(velocity: 1200, restSpeed: 20)
            var travelled = 0.0, time = 0.0
            var speeds: [Double] = []
            while momentum.isMoving {
                travelled += momentum.advance(by: frame)
                time += frame
                speeds.append(abs(momentum.velocity))
            }
            XCTAssertEqual(speeds, speeds.sorted(by: >), "speed only falls")
            XCTAssertLessThan(time, 2, "at rest within two seconds")
            XCTAssertEqual(travelled, 1200 * 0.325, accuracy: 20 * 0.325 + 1)
        }
        XCTAssertFalse(Momentum(velocity: 5, restSpeed: 20).isMoving, "a slow release does not coast")
    }

    func testVelocityTrackerUsesTheLastTenthOfASecond() {
        var tracker = VelocityTracker()
        tracker.add(0, at: 0)
        tracker.add(500, at: 0.5)
        for i in 1...5 { tracker.add(500 + Double(i) * 10, at: 0.5 + Double(i) * 0.01) }
        XCTAssertEqual(tracker.velocity(at: 0.55), 1000, accuracy: 1)
        XCTAssertEqual(tracker.velocity(at: 0.9), 0, "a pointer that rested before release has no velocity")
    }

    /// The selector's window: the body keeps its width and stops at the data's ends;
    /// the edges stop at the ends and at the minimum width; edges are grabbed first.
    func testRangeSelectionDrags() {
        var rng = SplitMix64(seed: 21)
        for _ in 0..<2000 {
            var selection = RangeSelection(data: 0...1000, selected: 400...600, minimumWidth: 20)
            for _ in 0..<10 {
                let handle = [RangeSelection.Handle.body, .leftEdge, .rightEdge][Int.random(in: 0..<3, using: &rng)]
                let width = selection.selected.upperBound - selection.selected.lowerBound
                selection.drag(handle, by: Double.random(in: -700...700, using: &rng))
                let s = selection.selected
                XCTAssertTrue(s.lowerBound >= 0 && s.upperBound <= 1000)
                XCTAssertGreaterThanOrEqual(s.upperBound - s.lowerBound, 20 - 1e-9)
                if handle == .body { XCTAssertEqual(s.upperBound - s.lowerBound, width, accuracy: 1e-9) }
            }
        }
        let selection = RangeSelection(data: 0...1000, selected: 400...600, minimumWidth: 20)
        XCTAssertEqual(selection.handle(at: 403, tolerance: 5), .leftEdge)
        XCTAssertEqual(selection.handle(at: 598, tolerance: 5), .rightEdge)
        XCTAssertEqual(selection.handle(at: 500, tolerance: 5), .body)
        XCTAssertNil(selection.handle(at: 700, tolerance: 5))
        XCTAssertEqual(RangeSelection.newest(0.2, of: 0...1000, minimumWidth: 1).selected, 800...1000)
    }

    /// Across thousands of seeded layouts the board never covers a highlight circle nor
    /// a box it keeps clear of (a notice, the pointer), stays inside the canvas and stands
    /// beside the highlight line, not across it, unless it is wider than either side.
    func testInfoBoardNeverCoversACircle() {
        var rng = SplitMix64(seed: 22)
        let canvas = PixelBox(x: 0, y: 0, width: 1280, height: 720)
        var sides = Set<Double>()
        for _ in 0..<20_000 {
            let lineX = Double.random(in: 60...1260, using: &rng)
            let circles = (0..<Int.random(in: 1...6, using: &rng)).map { _ in
                PixelPoint(x: lineX, y: Double.random(in: 40...690, using: &rng))
            }
            let size = TextSize(width: Double.random(in: 80...400, using: &rng), height: Double.random(in: 40...140, using: &rng))
            let notice = PixelBox(x: Double.random(in: 0...800, using: &rng), y: 12, width: Double.random(in: 100...480, using: &rng),
                                  height: 28)
            let pointer = PixelPoint(x: lineX + Double.random(in: -40...40, using: &rng), y: Double.random(in: 0...720, using: &rng))
            let pointerBox = PixelBox(x: pointer.x - 12, y: pointer.y - 12, width: 24, height: 24)
            let box = InfoBoardLayout.place(size: size, lineX: lineX, circles: circles, radius: 5, obstacles: [notice, pointerBox],
                                            top: 6, canvas: canvas)
            XCTAssertTrue(canvas.contains(box), "inside the canvas: \(box)")
            for c in circles {
                let nx = min(max(c.x, box.x), box.maxX), ny = min(max(c.y, box.y), box.maxY)
                XCTAssertGreaterThanOrEqual(((c.x - nx) * (c.x - nx) + (c.y - ny) * (c.y - ny)).squareRoot(), 5,
                                            "board \(box) covers the circle at \(c)")
            }
            let roomBeside = lineX - 15 - size.width >= 0 || lineX + 15 + size.width <= canvas.maxX
            let clear = !box.intersects(notice) && !box.intersects(pointerBox)
            // Where some placement beside the line is clear of everything, the board takes one.
            if roomBeside, clear {
                XCTAssertTrue(box.maxX <= lineX - 15 + 1e-9 || box.x >= lineX + 15 - 1e-9, "beside the line at \(lineX): \(box)")
            }
            if roomBeside {
                XCTAssertTrue(clear, "clear of the notice \(notice) and the pointer \(pointer): \(box)")
            }
            sides.insert(box.x + box.width / 2 < lineX - 1 ? -1 : box.x > lineX ? 1 : 0)
        }
        XCTAssertEqual(sides, [-1, 1], "left and right placements occur, never across the line")
    }
}
