import ChartData
import ChartGeometry
import ChartMarks
import ChartStage
import XCTest

/// Date labels on the calendar steps people expect (1, 5, 15, 30 min; 1, 3, 6, 12 h;
/// days; months; 1, 2, 10, 20 … years), kept as calm as the seed's: a label every 90–150
/// pixels where the ladder allows, each fixed to its instant, the date named under a day.
final class DateLabelTests: XCTestCase {
    private let day = 86400.0
    private let year = 365.2425 * 86400
    private let limit = CivilDate.limitInSeconds

    /// A fresh x axis over `range` (Unix seconds) on the 1000-pixel plot, after one frame.
    private func axis(over range: ClosedRange<Double>) -> (RecordedStage, XAxisController) {
        let recorded = RecordedStage(viewport: DataRect(minX: range.lowerBound, maxX: range.upperBound, minY: 0, maxY: 1))
        let axis = XAxisController(xKind: .time(unitsPerSecond: 1))
        recorded.stage.add(axis)
        recorded.frame()
        return (recorded, axis)
    }

    /// The texts drawn with some opacity.
    private func drawn(_ recorded: RecordedStage) -> [TextRun] {
        recorded.surfaces.texts[0].runs.filter { $0.color.alpha > 0 }
    }

    /// The labels' row: runs placed where tick labels go (the date under them is lower).
    private func labelRow(_ recorded: RecordedStage) -> [TextRun] {
        let y = recorded.stage.geometry.plotBox.maxY + 6 * recorded.stage.geometry.scale
        return drawn(recorded).filter { $0.position.y == y }
    }

    /// Widths from `low` to `high` seconds, each 7% wider than the last.
    private func widths(from low: Double, to high: Double) -> [Double] {
        Array(sequence(first: low) { $0 * 1.07 }.prefix { $0 <= high })
    }

    /// A start for a view `width` wide: between 1875 and 2065 for views under two
    /// centuries; longer ones within ten widths of 1970 (their labels then need no more
    /// digits than their step), inside the calendar.
    private func start(for width: Double, using rng: inout SplitMix64) -> Double {
        guard width >= 200 * year else { return Double.random(in: -3e9...3e9, using: &rng) }
        return Double.random(in: max(-10 * width, -limit)...min(10 * width, limit - width), using: &rng)
    }

    /// Every level of the ladder sits on one calendar step, and the steps, finest first,
    /// are the ones people expect, up to two billion years. Fails on power-of-two
    /// steps (2 s, 16 min, 8 days, 16 years).
    func testLevelsStepAsPeopleExpect() {
        let ladder = CalendarTickLadder()
        var rng = SplitMix64(seed: 31)
        var steps: [String] = []
        for level in ladder.levels {
            let spacing = ladder.spacing(ofLevel: level)
            var seen: Set<String> = []
            for _ in 0..<12 {
                let centre = spacing * 12 < limit ? Double.random(in: -6e10...6e10, using: &rng) : 0
                let range = max(centre - 6 * spacing, -limit)...min(centre + 6 * spacing, limit)
                seen.insert(CalendarReading.step(of: ladder.ticks(ofLevel: level, in: range)) ?? "off the calendar")
            }
            XCTAssertEqual(seen.count, 1, "level \(level) steps \(seen)")
            steps.append(seen.sorted().joined(separator: " | "))
        }
        XCTAssertEqual(steps, CalendarReading.expectedSteps(maximumYears: 1_000_000_000))
    }

    /// Views from ten seconds to three billion years on the 1000-pixel plot: labels
    /// 90–150 pixels apart where a level lands there, else on the level nearest that band
    /// by ratio (with 5% of hysteresis), never so close that they would overlap; all on
    /// one expected calendar step; gaps in pixels even (none over twice the median,
    /// counting those across the view's ends, so neither end is left blank).
    func testViewsFromSecondsToAeonsShowRoundLabelsEveryNinetyToHundredFiftyPixels() {
        var rng = SplitMix64(seed: 32)
        let expected = Set(CalendarReading.expectedSteps(maximumYears: 1_000_000_000))
        for width in widths(from: 10, to: 6e9 * year) {
            let start = start(for: width, using: &rng)
            let (_, axis) = axis(over: start...(start + width))
            let context = "a view of \(width) s from \(start)"
            guard let level = axis.level else { return XCTFail("no level for \(context)") }
            let ladder = axis.ladder
            let ticks = axis.ticksInView()
            let pixels = ladder.spacing(ofLevel: level) / width * 1000
            let coarser = level < ladder.levels.upperBound ? ladder.spacing(ofLevel: level + 1) / ladder.spacing(ofLevel: level) : 2
            let finer = level > ladder.levels.lowerBound ? ladder.spacing(ofLevel: level) / ladder.spacing(ofLevel: level - 1) : 2
            XCTAssertGreaterThanOrEqual(pixels, (90 * 150 / (coarser * 1.05)).squareRoot(), context)
            // Finer labels that would overlap (or be near to) leave this level however far it is.
            let finerLevel = max(level - 1, ladder.levels.lowerBound)
            let finerLabels = ladder.ticks(ofLevel: finerLevel, in: start...(start + width)).map { ladder.label(for: $0, level: finerLevel) }
            let finerNeeds = (finerLabels.map { TextSize.estimate(for: $0, size: 11).width }.max() ?? 0) + 12
            if level > ladder.levels.lowerBound, pixels / finer >= finerNeeds * 1.05, finerLabels.count <= 64 {
                XCTAssertLessThanOrEqual(pixels, (90 * 150 * finer * 1.05).squareRoot(), "\(context), ratio \(finer)")
            }
            XCTAssertGreaterThanOrEqual(ticks.count, 2, context)
            let step = CalendarReading.step(of: ticks)
            XCTAssertTrue(step.map(expected.contains) ?? false, "step \(step ?? "none") of \(context)")
            // With the ticks just beyond each end, so a blank end counts as a gap.
            let spacing = ladder.spacing(ofLevel: level)
            let around = ladder.ticks(ofLevel: level, in: max(start - 3 * spacing, -limit)...min(start + width + 3 * spacing, limit))
            let xs = around.map { 1000 * ($0 - start) / width }
            let gaps = zip(xs.dropFirst(), xs).map { $0 - $1 }
            let median = gaps.sorted()[gaps.count / 2]
            XCTAssertLessThanOrEqual(gaps.max()!, 2 * median + 1e-9, "uneven gaps \(gaps) in \(context)")
        }
    }

    /// Panning a pixel a frame across midnights, month and year starts: the level
    /// holds, every label is drawn at its own instant and moves exactly with the pan,
    /// and under a day a date is named in every frame.
    func testASlowPanKeepsEveryLabelOnItsInstant() {
        // 2025 begins 300 pixels into the plot and leaves it on the left.
        let origin = CivilDate(year: 2025, month: 1, day: 1).unixSeconds
        let widths: [Double] = [600, 3600, 6 * 3600, 20 * 3600, 3 * day, 30 * day, 180 * day, 10 * year, 100 * year]
        for width in widths {
            let start = origin - width * 0.3
            let (recorded, axis) = axis(over: start...(start + width))
            let plot = recorded.stage.geometry.plotBox
            let level = axis.level
            let perPixel = width / plot.width
            var previous: [Double: Double] = [:]
            for frame in 0..<400 {
                let minX = start + Double(frame) * perPixel
                recorded.stage.viewport.set(.init(x: minX...(minX + width)))
                recorded.frame()
                XCTAssertEqual(axis.level, level, "the level changed while panning \(width) s, frame \(frame)")
                var positions: [Double: Double] = [:]
                for run in labelRow(recorded) {
                    let value = minX + (run.position.x - plot.x) * perPixel
                    let tick = axis.labels.keys.min { abs($0 - value) < abs($1 - value) }
                    guard let tick, axis.ladder.label(for: tick, level: axis.level!) == run.text,
                          abs(plot.x + (tick - minX) / perPixel - run.position.x) < 1e-6 else {
                        return XCTFail("\(run.text) at \(run.position.x) is not at its instant (\(width) s, frame \(frame))")
                    }
                    positions[tick] = run.position.x
                    if let before = previous[tick] {
                        XCTAssertEqual(run.position.x, before - 1, accuracy: 1e-6, "\(run.text) moved against the pan")
                    }
                }
                previous = positions
                if width < day {
                    XCTAssertTrue(namesADay(recorded, in: minX...(minX + width)), "no date in frame \(frame) of \(width) s")
                }
            }
        }
    }

    /// Whether some drawn text names a day the view spans: "Dec 9, 2024" under the
    /// times, or the label of a midnight in view ("Dec 10", "Jan", "2025").
    private func namesADay(_ recorded: RecordedStage, in range: ClosedRange<Double>) -> Bool {
        let ladder = CalendarTickLadder()
        var names: Set<String> = []
        var midnight = (range.lowerBound / day).rounded(.down) * day
        while midnight <= range.upperBound {
            names.insert(CalendarReading.dayName(CivilDate(unixSeconds: midnight)))
            if midnight >= range.lowerBound { names.insert(ladder.label(for: midnight, level: 0)) }
            midnight += day
        }
        return drawn(recorded).contains { names.contains($0.text) }
    }

    /// "A day shows 08:00, 16:00 with no date anywhere": every view under a day names
    /// its date, whatever the time it starts.
    func testTheDateShowsWhenTheViewSpansLessThanADay() {
        var rng = SplitMix64(seed: 33)
        for width in widths(from: 10, to: day * 0.99) {
            for _ in 0..<3 {
                let start = Double.random(in: 1.5e9...1.8e9, using: &rng).rounded()
                let (recorded, _) = axis(over: start...(start + width))
                XCTAssertTrue(namesADay(recorded, in: start...(start + width)),
                              "no date among \(drawn(recorded).map(\.text)) for \(width) s from \(start)")
            }
        }
    }

    /// Days and months name their year: under the labels when no January is in view,
    /// and as the January label ("2025") at a year's start. (Under times the day named
    /// under the labels carries the year, unless a midnight near the left end has
    /// pushed it out: then that midnight's label names the day. Views of 3.5 to 11.5
    /// days, where that happens, are `testViewsOfDaysNameTheirDay`'s.)
    func testDayAndMonthViewsNameTheirYear() {
        var rng = SplitMix64(seed: 34)
        for width in widths(from: 11.5 * day, to: 2 * year) {
            let start = Double.random(in: 1.5e9...1.8e9, using: &rng).rounded()
            let (recorded, _) = axis(over: start...(start + width))
            let years = Set((CivilDate(unixSeconds: start).year...CivilDate(unixSeconds: start + width).year).map(String.init))
            XCTAssertTrue(drawn(recorded).contains { years.contains($0.text) },
                          "no year among \(drawn(recorded).map(\.text)) for \(width / day) days from \(start)")
        }
        let (recorded, _) = axis(over: CivilDate(year: 2024, month: 9, day: 10).unixSeconds...CivilDate(year: 2025, month: 4, day: 20).unixSeconds)
        XCTAssertTrue(labelRow(recorded).contains { $0.text == "2025" }, "Jan 1 reads as its year in a months view")
    }

    /// Views of 3.5 to 11.5 days on the 1000-pixel plot, the rest of the story of
    /// `testDayAndMonthViewsNameTheirYear`: up to about six days they are labelled with
    /// times and midnights, and the day before the first label is named with its year
    /// under the labels ("May 28, 2020"), unless a midnight stands so near the left end
    /// that it leaves no room (then that midnight's label, first in the row, names the
    /// day); the longer ones with days, the year under them.
    func testViewsOfDaysNameTheirDay() {
        var rng = SplitMix64(seed: 35)
        var timed = 0, pushed = 0, days = 0
        for width in widths(from: 3.5 * day, to: 11.5 * day) {
            for _ in 0..<6 {
                let start = Double.random(in: 1.5e9...1.8e9, using: &rng).rounded()
                let (recorded, _) = axis(over: start...(start + width))
                let row = labelRow(recorded).sorted { $0.position.x < $1.position.x }
                let under = drawn(recorded).filter { $0.position.y > (row.first?.position.y ?? 0) }.map(\.text)
                let context = "\(width / day) days from \(start): \(row.map(\.text)) over \(under)"
                guard let first = row.first else { return XCTFail("no labels for \(context)") }
                if row.contains(where: { $0.text.contains(":") }) {
                    timed += 1
                    if under.isEmpty {
                        pushed += 1
                        XCTAssertFalse(first.text.contains(":"), "the first label names the day: \(context)")
                        XCTAssertLessThan(first.position.x - recorded.stage.geometry.plotBox.x, 150, context)
                    } else {
                        // The day just before the first label: it is the one the labels
                        // leave unsaid (a midnight too near the edge is not drawn).
                        let plot = recorded.stage.geometry.plotBox
                        let instant = start + (first.position.x - plot.x) / plot.width * width
                        XCTAssertEqual(under, [CalendarReading.dayName(CivilDate(unixSeconds: instant - 60))], context)
                    }
                } else {
                    days += 1
                    let years = Set((CivilDate(unixSeconds: start).year...CivilDate(unixSeconds: start + width).year).map(String.init))
                    XCTAssertTrue((row.map(\.text) + under).contains(where: years.contains), "no year: \(context)")
                    XCTAssertFalse(row.contains { $0.text.contains(":") }, context)
                }
            }
        }
        XCTAssertGreaterThan(timed, 20, "views under six days are labelled with times")
        XCTAssertGreaterThan(pushed, 0, "some with the day's context pushed out")
        XCTAssertGreaterThan(days, 20, "views over seven days with days")
    }

    /// Zooming to and fro by 2% around each width where the level changes, from
    /// seconds to aeons, never flips the level back, however far the next step is.
    func testNoLevelChangeFlickers() {
        let ladder = CalendarTickLadder()
        for level in ladder.levels.dropLast() {
            var selector = TickLevelSelector()
            var width = ladder.spacing(ofLevel: level) * 3.5
            let first = selector.update(ladder: ladder, width: width, pixels: 1000) { _ in 50 }
            while selector.update(ladder: ladder, width: width, pixels: 1000, minimumPixelSpacing: { _ in 50 }) == first {
                width *= 1.002
            }
            let threshold = width
            var last = selector.level
            var changes = 0
            for i in 0..<200 {
                let level = selector.update(ladder: ladder, width: threshold * (1 + 0.02 * sin(Double(i) * 0.7)),
                                            pixels: 1000) { _ in 50 }
                if level != last { changes += 1 }
                last = level
            }
            XCTAssertEqual(changes, 0, "flickered at \(threshold) s, leaving level \(first)")
        }
    }

    /// Labels stay short: a time, "Dec 9", a month, or a year; the date under them
    /// "Dec 9, 2024".
    func testLabelsAreShort() {
        let ladder = CalendarTickLadder()
        var rng = SplitMix64(seed: 35)
        for _ in 0..<5000 {
            let value = Double.random(in: -limit...limit, using: &rng) / pow(10, Double(Int.random(in: 0...8, using: &rng)))
            let level = Int.random(in: ladder.levels, using: &rng)
            XCTAssertLessThanOrEqual(ladder.label(for: value, level: level).count, 11, "\(value)")
            // Years beyond 9999 add their digits.
            let digits = String(CivilDate(unixSeconds: value).year).count
            XCTAssertLessThanOrEqual(ladder.context(for: value, level: level)?.text.count ?? 0, 12 + max(digits - 4, 0), "\(value)")
        }
    }
}
