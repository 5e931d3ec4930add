import ChartData
import ChartGeometry
import Foundation
import XCTest

final class AxisTicksTests: XCTestCase {
    func testCivilDatesMatchFoundationsCalendar() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        var rng = SplitMix64(seed: 4)
        for _ in 0..<2000 {
            let seconds = Double(Int.random(in: -6_000_000_000...6_000_000_000, using: &rng))
            let date = CivilDate(unixSeconds: seconds)
            let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second],
                                            from: Date(timeIntervalSince1970: seconds))
            XCTAssertEqual([date.year, date.month, date.day, date.hour, date.minute, date.second],
                           [c.year!, c.month!, c.day!, c.hour!, c.minute!, c.second!], "\(seconds)")
            XCTAssertEqual(date.unixSeconds, seconds)
        }
    }

    /// Every level's ticks are among the finer level's: zooming out keeps a subset.
    func testCalendarLevelsNest() {
        let ladder = CalendarTickLadder()
        var rng = SplitMix64(seed: 5)
        // Levels whose ranges stay within the dates `CivilDate` makes (past it, none).
        for level in ladder.levels.dropLast() where ladder.spacing(ofLevel: level + 1) * 12 < CivilDate.limitInSeconds / 2 {
            for _ in 0..<20 {
                let spacing = ladder.spacing(ofLevel: level + 1)
                let start = Double.random(in: -2e9...4e9, using: &rng)
                let range = start...(start + spacing * Double.random(in: 2...12, using: &rng))
                let fine = Set(ladder.ticks(ofLevel: level, in: range))
                let coarse = ladder.ticks(ofLevel: level + 1, in: range)
                XCTAssertFalse(coarse.isEmpty || fine.count < coarse.count)
                for tick in coarse { XCTAssertTrue(fine.contains(tick), "level \(level + 1) tick \(tick) not in level \(level)") }
            }
        }
    }

    /// Ticks of a level are never closer than its nominal step (no crowding at a
    /// month's end), and the average matches `spacing`.
    func testCalendarTicksKeepTheirDistance() {
        let ladder = CalendarTickLadder()
        for level in ladder.levels where level < 30 {
            let spacing = ladder.spacing(ofLevel: level)
            let start = 1_600_000_000.0
            let ticks = ladder.ticks(ofLevel: level, in: start...(start + spacing * 200))
            let gaps = zip(ticks.dropFirst(), ticks).map { $0 - $1 }
            let mean = gaps.reduce(0, +) / Double(gaps.count)
            XCTAssertEqual(mean, spacing, accuracy: spacing * 0.05, "level \(level)")
            XCTAssertGreaterThanOrEqual(gaps.min()!, spacing * 0.45, "level \(level)")
        }
    }

    func testCalendarLabelsFitTheirUnit() {
        let ladder = CalendarTickLadder()
        func label(_ y: Int, _ mo: Int, _ d: Int, _ h: Int = 0, _ mi: Int = 0, _ s: Int = 0) -> String {
            ladder.label(for: CivilDate(year: y, month: mo, day: d, hour: h, minute: mi, second: s).unixSeconds, level: 0)
        }
        XCTAssertEqual(label(2021, 1, 1), "2021")
        XCTAssertEqual(label(2021, 3, 1), "Mar")
        XCTAssertEqual(label(2021, 3, 3), "Mar 3")
        XCTAssertEqual(label(2021, 3, 3, 14, 5), "14:05")
        XCTAssertEqual(label(2021, 3, 3, 14, 5, 7), "14:05:07")
        XCTAssertEqual(label(1950, 7, 1), "Jul", "before 1970")
        XCTAssertEqual(label(12345, 1, 1), "12345")
        XCTAssertEqual(label(-150_000_000, 1, 1), "\u{2212}150M", "deep time in thousands with a suffix, a real minus")
        XCTAssertEqual(label(2_500_000, 1, 1), "2.5M")
        XCTAssertEqual(label(100_001, 1, 1), "100001", "a year off the thousands keeps its digits")
        let ms = CalendarTickLadder(unitsPerSecond: 1000)
        XCTAssertEqual(ms.label(for: 1_614_780_300_000, level: 3), "14:05")
    }

    /// Under times the context is the day, under days and months the year; years need
    /// none. Each spans its day or year, in the ladder's units.
    func testCalendarContextsNameWhatLabelsLeaveOut() {
        for unitsPerSecond in [1.0, 1000] {
            let ladder = CalendarTickLadder(unitsPerSecond: unitsPerSecond)
            func level(stepping seconds: Double) -> Int { ladder.levels.first { ladder.spacing(ofLevel: $0) == seconds * unitsPerSecond }! }
            let at = CivilDate(year: 2021, month: 3, day: 3, hour: 14, minute: 5).unixSeconds * unitsPerSecond
            let day = ladder.context(for: at, level: level(stepping: 3600))
            XCTAssertEqual(day?.text, "Mar 3, 2021")
            XCTAssertEqual(day?.start, CivilDate(year: 2021, month: 3, day: 3).unixSeconds * unitsPerSecond)
            XCTAssertEqual(day?.end, CivilDate(year: 2021, month: 3, day: 4).unixSeconds * unitsPerSecond)
            let year = ladder.context(for: at, level: level(stepping: 86400))
            XCTAssertEqual(year?.text, "2021")
            XCTAssertEqual(year?.start, CivilDate(year: 2021, month: 1, day: 1).unixSeconds * unitsPerSecond)
            XCTAssertEqual(year?.end, CivilDate(year: 2022, month: 1, day: 1).unixSeconds * unitsPerSecond)
            XCTAssertEqual(ladder.context(for: at, level: ladder.levels.upperBound - 1)?.text, nil)
            XCTAssertNil(ladder.context(for: 1e30, level: 0), "no date beyond the calendar")
        }
        XCTAssertNil(NumericTickLadder().context(for: 5, level: 0), "numbers say it all")
    }

    func testNumberLabels() {
        XCTAssertEqual(NumberLabel.format(1200, step: 200, magnitude: 2000), "1,200", "no suffix below ten thousand")
        XCTAssertEqual(NumberLabel.format(12_000, step: 2000, magnitude: 20_000), "12K")
        XCTAssertEqual(NumberLabel.format(1005, step: 5, magnitude: 1020), "1,005")
        XCTAssertEqual(NumberLabel.format(-2769.8, step: 0.2, magnitude: 2772), "-2,769.8", "a narrow view of large values")
        XCTAssertEqual(NumberLabel.format(1_000_000_010, step: 10, magnitude: 1_000_000_020), "1,000,000,010",
                       "no suffix that would hide the step")
        XCTAssertEqual(NumberLabel.format(1_250_000, step: 50_000, magnitude: 2_000_000), "1.25M", "two decimals keep the suffix")
        XCTAssertEqual(NumberLabel.format(1_255_000, step: 5_000, magnitude: 2_000_000), "1,255,000", "three would not")
        XCTAssertEqual(NumberLabel.format(3_400_000, step: 200_000, magnitude: 4_000_000), "3.4M")
        XCTAssertEqual(NumberLabel.format(950, step: 50, magnitude: 950), "950")
        XCTAssertEqual(NumberLabel.format(0.25, step: 0.25, magnitude: 1.25), "0.25")
        XCTAssertEqual(NumberLabel.format(0, step: 1000, magnitude: 5000), "0")
        XCTAssertEqual(NumberLabel.format(-1500, step: 500, magnitude: 2500), "-1,500")
        XCTAssertEqual(NumberLabel.format(750, step: 250), "750")
        XCTAssertEqual(NumberLabel.format(1000, step: 250), "1,000")
        XCTAssertEqual(NumberLabel.format(1250, step: 250), "1,250")
        XCTAssertEqual(NumberLabel.format(0.1 + 0.2), "0.3")
        XCTAssertEqual(NumberLabel.format(2_500_000_000), "2.5B", "billions, as finance writes them")
    }

    /// The y grid of any range on any plot height: a 1-2-5 step whose lines stand 60–90
    /// pixels apart, or the step nearest that band by ratio (47–116 pixels: neighbouring
    /// steps are 2 or 2.5 times apart), on multiples of the step, with labels that tell
    /// every line apart and no trailing decimals.
    func testYGridStepsAreOneTwoFiveSixtyToNinetyPixelsApart() {
        var rng = SplitMix64(seed: 6)
        var inBand = 0
        let trials = 5000
        for _ in 0..<trials {
            let magnitude = pow(10, Double.random(in: -4...9, using: &rng))
            let low = Double.random(in: -1...1, using: &rng) * magnitude
            let high = low + Double.random(in: 0.001...3, using: &rng) * magnitude
            let pixels = Double.random(in: 120...1600, using: &rng)
            let grid = YAxisGrid(range: low...high, pixels: pixels)
            let exponent = log10(grid.step).rounded(.down)
            let mantissa = grid.step / pow(10, exponent)
            XCTAssertTrue([1, 2, 5, 10].contains { abs($0 - mantissa) < 1e-9 }, "step \(grid.step)")
            let spacing = grid.step / (high - low) * pixels
            let nearest: ClosedRange<Double> = (5400.0 / 2.5).squareRoot() - 1e-9...(5400.0 * 2.5).squareRoot() + 1e-9
            XCTAssertTrue(nearest.contains(spacing),
                          "\(spacing) px apart on \(pixels) px for \(low)...\(high)")
            if YAxisGrid.preferredSpacing.contains(spacing) { inBand += 1 }
            let values = grid.values(in: low...high)
            XCTAssertLessThanOrEqual(abs(Double(values.count) - pixels / spacing), 1, "a line per \(spacing) px")
            for value in values {
                XCTAssertTrue(value >= low - grid.step * 1e-9 && value <= high + grid.step * 1e-9)
                XCTAssertEqual(value / grid.step, (value / grid.step).rounded(), accuracy: 1e-6, "lines on round values")
            }
            let labels = grid.labels(in: low...high)
            XCTAssertEqual(Set(labels).count, labels.count, "labels tell the lines apart: \(labels)")
            XCTAssertFalse(labels.contains { $0.contains(".") && ($0.hasSuffix("0") || $0.hasSuffix(".")) }, "\(labels)")
        }
        XCTAssertGreaterThan(Double(inBand) / Double(trials), 0.4, "in the band about half the time, as 1-2-5 steps allow")
    }

    /// The step stays while it misses the 60–90 pixel band by at most 25% more than the
    /// best step: panning a view of fixed height, or a fit or a window a little taller
    /// or shorter, changes no label; zooming out four times does.
    func testYGridKeepsItsStepWhileItStillFits() {
        var rng = SplitMix64(seed: 8)
        for _ in 0..<500 {
            let height = pow(10, Double.random(in: -2...6, using: &rng))
            let pixels = Double.random(in: 200...1400, using: &rng)
            var low = Double.random(in: -5...5, using: &rng) * height
            var grid = YAxisGrid(range: low...(low + height), pixels: pixels)
            let first = grid
            for _ in 0..<50 {
                low += height * Double.random(in: -0.05...0.05, using: &rng)
                let scaled = height * Double.random(in: 0.95...1.05, using: &rng)
                grid = YAxisGrid(range: low...(low + scaled), pixels: pixels * Double.random(in: 0.95...1.05, using: &rng),
                                 keeping: grid)
            }
            XCTAssertEqual(grid, first, "small pans, refits and resizes keep the step")
            XCTAssertNotEqual(YAxisGrid(range: low...(low + 4 * height), pixels: pixels, keeping: grid), first, "zoomed out four times")
        }
    }

    func testYGridLabelsOfKnownRanges() {
        XCTAssertEqual(YAxisGrid(range: 0...1000, pixels: 375).labels(in: 0...1000), ["0", "200", "400", "600", "800", "1,000"])
        XCTAssertEqual(YAxisGrid(range: 779...791, pixels: 375).labels(in: 779...791), ["780", "782", "784", "786", "788", "790"])
        XCTAssertEqual(YAxisGrid(range: 0.3...2.1, pixels: 375).labels(in: 0.3...2.1), ["0.5", "1", "1.5", "2"])
        XCTAssertEqual(YAxisGrid(range: -900...(-100), pixels: 375).labels(in: -900...(-100)),
                       ["\u{2212}800", "\u{2212}600", "\u{2212}400", "\u{2212}200"])
    }
}
