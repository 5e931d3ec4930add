import ChartData
import ChartGeometry
import ChartSupport
import Foundation
import XCTest

/// `ChartSummary` against figures worked out here another way: extremes by a plain
/// scan, the slope by the two-pass textbook least squares, the trend word by its rule.
final class ChartSummaryTests: XCTestCase {
    private static let day = 86_400.0
    /// Jan 3, 2023 00:00 UTC.
    private static let january3 = 1_672_704_000.0

    /// What the summary of `ys` over `xs` must say, computed without `LinearFit`.
    private struct Expected {
        var count = 0
        var first: (x: Double, y: Double)?
        var last: (x: Double, y: Double)?
        var low: (x: Double, y: Double)?
        var high: (x: Double, y: Double)?
        var slope: Double?
        var rSquared: Double?
        /// The median step between neighbouring finite values (every step: the tests'
        /// series are shorter than the summary's sample), with at least 16 steps.
        var typicalStep: Double?
        /// The median magnitude of the values after the first, with `typicalStep`.
        var typicalMagnitude: Double?

        init(xs: [Double], ys: [Double]) {
            let points = zip(xs, ys).filter { $0.1.isFinite }
            count = points.count
            first = points.first
            last = points.last
            let steps = zip(points.dropFirst(), points).map { abs($0.1 - $1.1) }.sorted()
            let magnitudes = points.dropFirst().map { abs($0.1) }.sorted()
            if steps.count >= 16 { (typicalStep, typicalMagnitude) = (steps[steps.count / 2], magnitudes[magnitudes.count / 2]) }
            for p in points {
                if low == nil || p.1 < low!.y { low = p }
                if high == nil || p.1 > high!.y { high = p }
            }
            guard points.count >= 2 else { return }
            let n = Double(points.count)
            let mx = points.reduce(0) { $0 + $1.0 } / n, my = points.reduce(0) { $0 + $1.1 } / n
            let sxy = points.reduce(0) { $0 + ($1.0 - mx) * ($1.1 - my) }
            let sxx = points.reduce(0) { $0 + ($1.0 - mx) * ($1.0 - mx) }
            let syy = points.reduce(0) { $0 + ($1.1 - my) * ($1.1 - my) }
            slope = sxy / sxx
            rSquared = syy > 0 ? sxy * sxy / (sxx * syy) : nil
        }

        /// The rule the summary documents: flat when the line's rise over the x span is
        /// under 1% of the values' range, or R² under 0.1.
        var direction: SeriesSummary.Direction {
            let rise = slope! * (last!.x - first!.x)
            let spread = high!.y - low!.y
            if spread == 0 || abs(rise / spread) < 0.01 || (rSquared ?? 0) < 0.1 { return .flat }
            return slope! > 0 ? .up : .down
        }
    }

    private func check(_ summary: SeriesSummary, against expected: Expected, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(summary.pointCount, expected.count, file: file, line: line)
        XCTAssertEqual(summary.first?.x, expected.first?.x, file: file, line: line)
        XCTAssertEqual(summary.first?.y, expected.first?.y, file: file, line: line)
        XCTAssertEqual(summary.last?.x, expected.last?.x, file: file, line: line)
        XCTAssertEqual(summary.last?.y, expected.last?.y, file: file, line: line)
        XCTAssertEqual(summary.minimum?.x, expected.low?.x, "date of the minimum", file: file, line: line)
        XCTAssertEqual(summary.minimum?.y, expected.low?.y, file: file, line: line)
        XCTAssertEqual(summary.maximum?.x, expected.high?.x, "date of the maximum", file: file, line: line)
        XCTAssertEqual(summary.maximum?.y, expected.high?.y, file: file, line: line)
        if let first = expected.first, let last = expected.last {
            XCTAssertEqual(summary.change!, last.y - first.y, accuracy: 1e-9 * max(1, abs(last.y)), file: file, line: line)
            XCTAssertEqual(summary.typicalStep, expected.typicalStep, file: file, line: line)
            XCTAssertEqual(summary.typicalMagnitude, expected.typicalMagnitude, file: file, line: line)
            let nearZero = expected.typicalStep.map { abs(first.y) < 5 * $0 && abs(first.y) < 0.25 * expected.typicalMagnitude! } ?? false
            if first.y != 0, !(expected.low!.y < 0 && expected.high!.y > 0), !nearZero {
                XCTAssertEqual(summary.changePercent!, (last.y - first.y) / abs(first.y) * 100, accuracy: 1e-9, file: file, line: line)
            } else {
                XCTAssertNil(summary.changePercent, "no % from a first value of 0, across zero or a few steps from it", file: file, line: line)
            }
        }
        guard let slope = expected.slope else { return XCTAssertNil(summary.trend, file: file, line: line) }
        let trend = try! XCTUnwrap(summary.trend)
        XCTAssertEqual(trend.slope, slope, accuracy: 1e-7 * max(abs(slope), 1e-9), file: file, line: line)
        XCTAssertEqual(trend.rSquared, expected.rSquared ?? 0, accuracy: 1e-7, file: file, line: line)
        XCTAssertEqual(trend.direction, expected.direction, file: file, line: line)
    }

    /// Seeded random walks over seeded sub-ranges: every figure as computed here.
    func testRandomWalksMatchAPlainComputation() {
        var directions: Set<SeriesSummary.Direction> = []
        for seed in UInt64(1)...12 {
            let dataset = RandomWalk(count: 5_000, seed: seed).dataset()
            let xs = Array(dataset.xs), ys = dataset.series[0].ys
            var rng = SplitMix64(seed: seed * 31)
            let a = Int(rng.next() % 2_500), b = a + 2 + Int(rng.next() % 2_400)
            let summary = ChartSummary(dataset: dataset, overX: xs[a]...xs[b])
            XCTAssertEqual(summary.pointCount, b - a + 1)
            check(summary.series[0], against: Expected(xs: Array(xs[a...b]), ys: Array(ys[a...b])))
            directions.insert(summary.series[0].trend!.direction)
        }
        XCTAssertEqual(directions, [.up, .down, .flat], "twelve walks go every way")
    }

    func testARampIsUpWithItsSlopePerUnitOfX() {
        let xs = (0...100).map(Double.init)
        let dataset = Dataset(source: "ramp", xs: xs, series: [Series(name: "y", ys: xs.map { 2 * $0 + 1 })])
        let summary = ChartSummary(dataset: dataset)
        check(summary.series[0], against: Expected(xs: xs, ys: xs.map { 2 * $0 + 1 }))
        XCTAssertEqual(summary.series[0].trend?.direction, .up)
        XCTAssertEqual(summary.series[0].trend!.slope, 2, accuracy: 1e-12)
        XCTAssertEqual(summary.slopeUnit, .xUnit)
        XCTAssertTrue(summary.lines.contains("Overall y trended up, about +2.00 per unit of x; a straight-line fit explains 100% of its variation."),
                      summary.lines.joined(separator: "\n"))
        XCTAssertTrue(summary.lines.contains("y rose from 1 to 201 (+200; no percentage, as 1 is too close to zero for one) between x = 0 and x = 100."),
                      summary.lines.joined(separator: "\n"))
    }

    /// Daily dates falling half a unit a day: down, −0.5 a day, and the words name dates.
    func testAFallingLineOfDatesIsDownPerDay() {
        let xs = (0..<360).map { Self.january3 + Double($0) * Self.day }
        let ys = (0..<360).map { 100 - 0.5 * Double($0) }
        let dataset = Dataset(source: "fall", xs: xs, series: [Series(name: "Level", ys: ys)], xKind: .time(unitsPerSecond: 1))
        let summary = ChartSummary(dataset: dataset)
        check(summary.series[0], against: Expected(xs: xs, ys: ys))
        XCTAssertEqual(summary.slopeUnit, .day)
        XCTAssertEqual(summary.series[0].trend!.slope * summary.xUnitsPerSlopeUnit, -0.5, accuracy: 1e-9)
        XCTAssertEqual(summary.lines[0], "360 points from Jan 3, 2023 to Dec 28, 2023.")
        XCTAssertTrue(summary.lines.contains("Overall Level trended down, about −0.500 a day; a straight-line fit explains 100% of its variation."),
                      summary.lines.joined(separator: "\n"))
        XCTAssertTrue(summary.lines.contains("Level was lowest at \u{2212}79.5 on Dec 28, 2023 and highest at 100.0 on Jan 3, 2023."),
                      summary.lines.joined(separator: "\n"))
    }

    /// Under two days in view the slope is per hour.
    func testASlopeOverHoursIsPerHour() {
        let xs = (0..<24).map { Self.january3 + Double($0) * 3600 }
        let ys = (0..<24).map { 10 + 0.25 * Double($0) }
        let dataset = Dataset(source: "hours", xs: xs, series: [Series(name: "t", ys: ys)], xKind: .time(unitsPerSecond: 1))
        let summary = ChartSummary(dataset: dataset)
        XCTAssertEqual(summary.slopeUnit, .hour)
        XCTAssertEqual(summary.series[0].trend!.slope * summary.xUnitsPerSlopeUnit, 0.25, accuracy: 1e-9)
        XCTAssertTrue(summary.lines.contains { $0.hasPrefix("Overall t trended up, about +0.250 an hour") }, summary.lines.joined(separator: "\n"))
    }

    /// Noise around a constant: whatever the fitted line tilts, it explains nothing: flat.
    func testNoiseAroundAConstantIsFlat() {
        for seed in UInt64(1)...5 {
            var rng = SplitMix64(seed: seed)
            let xs = (0..<2_000).map(Double.init)
            let ys = xs.map { _ in 50 + rng.nextStandardNormal() }
            let summary = ChartSummary(dataset: Dataset(source: "noise", xs: xs, series: [Series(name: "n", ys: ys)]))
            check(summary.series[0], against: Expected(xs: xs, ys: ys))
            XCTAssertEqual(summary.series[0].trend?.direction, .flat)
            XCTAssertLessThan(summary.series[0].trend!.rSquared, 0.01)
            XCTAssertTrue(summary.lines.contains { $0.hasPrefix("n had no clear trend: a straight-line fit explains") })
        }
    }

    /// A steady but tiny rise under a big swing is level: the fit explains much of
    /// nothing visible.
    func testATiltUnderOnePercentOfTheRangeIsLevel() {
        let xs = (0..<1_000).map(Double.init)
        // A step from 0 to 100 halfway, then back: the range is 100, the tilt tiny.
        let ys = xs.map { ($0 >= 400 && $0 < 600 ? 100 : 0) + $0 * 0.0005 }
        let expected = Expected(xs: xs, ys: ys)
        let summary = ChartSummary(dataset: Dataset(source: "level", xs: xs, series: [Series(name: "v", ys: ys)]))
        check(summary.series[0], against: expected)
        XCTAssertEqual(summary.series[0].trend?.direction, .flat)
    }

    /// NaN is skipped: the first and last values are the first and last finite ones,
    /// and the counts leave the gaps out.
    func testGapsAreSkipped() {
        let xs = (0..<10).map(Double.init)
        let ys: [Double] = [.nan, 3, 5, .nan, .nan, 1, 9, 4, 6, .nan]
        let dataset = Dataset(source: "gaps", xs: xs, series: [Series(name: "g", ys: ys),
                                                                Series(name: "empty", ys: xs.map { _ in .nan })])
        let summary = ChartSummary(dataset: dataset)
        XCTAssertEqual(summary.pointCount, 10)
        check(summary.series[0], against: Expected(xs: xs, ys: ys))
        XCTAssertEqual(summary.series[0].first?.x, 1)
        XCTAssertEqual(summary.series[0].last?.x, 8)
        XCTAssertEqual(summary.series[1].pointCount, 0)
        XCTAssertTrue(summary.lines.contains("empty has no values in view."))
        XCTAssertTrue(summary.lines.contains("g rose from 3 to 6 (+3, +100%) between x = 1 and x = 8."), summary.lines.joined(separator: "\n"))
    }

    /// Where series lack values at some x, the first line counts x values and each
    /// series says how many values it has; where none lacks any, the line counts points.
    func testEachSeriesCountsItsOwnValues() {
        let xs = (0..<6).map { Self.january3 + Double($0) * Self.day }
        let close: [Double] = [10, .nan, 11, .nan, 12, 13]
        let volume: [Double] = [5, 6, 7, 8, 9, 10]
        let dataset = Dataset(source: "p", xs: xs, series: [Series(name: "Close", ys: close), Series(name: "Volume", ys: volume)],
                              xKind: .time(unitsPerSecond: 1))
        let summary = ChartSummary(dataset: dataset)
        XCTAssertEqual(summary.lines[0], "6 x values from Jan 3, 2023 to Jan 8, 2023.")
        XCTAssertTrue(summary.lines.contains("Close has 4 values in view."), summary.lines.joined(separator: "\n"))
        XCTAssertTrue(summary.lines.contains("Volume has 6 values in view."), summary.lines.joined(separator: "\n"))
        let whole = ChartSummary(dataset: dataset, series: [1])
        XCTAssertEqual(whole.lines[0], "6 points from Jan 3, 2023 to Jan 8, 2023.")
        XCTAssertFalse(whole.lines.contains { $0.contains("values in view") }, whole.lines.joined(separator: "\n"))
    }

    /// A change across zero has no percentage (a walk from 1.29 to −300 is not "−23,247%");
    /// one that keeps its sign has one, however far from its start (17 to 3,800).
    func testAPercentageAcrossZeroIsWithheld() throws {
        let xs = (0..<4).map(Double.init)
        let walk = ChartSummary(dataset: Dataset(source: "w", xs: xs, series: [Series(name: "w", ys: [1.29, 0.5, -120, -300.6])]),
                                decimals: [2])
        XCTAssertNil(walk.series[0].changePercent)
        XCTAssertEqual(walk.series[0].percentWithheld, .crossesZero)
        XCTAssertTrue(walk.lines.contains("w fell from 1.29 to \u{2212}300.60 (\u{2212}301.89; no percentage, as its values cross zero) "
                                          + "between x = 0 and x = 3."), walk.lines.joined(separator: "\n"))
        XCTAssertFalse(walk.lines.contains { $0.contains("fell") && $0.contains("%") }, walk.lines.joined(separator: "\n"))
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(walk.json.utf8)) as? [String: Any])
        let series = try XCTUnwrap((json["series"] as? [[String: Any]])?.first)
        XCTAssertNil(series["changePercent"])
        XCTAssertEqual(series["changePercentWithheld"] as? String, "crossesZero")

        let zero = ChartSummary(dataset: Dataset(source: "z", xs: xs, series: [Series(name: "z", ys: [0, 1, 2, 3])]))
        XCTAssertEqual(zero.series[0].percentWithheld, .startsAtZero)
        XCTAssertTrue(zero.lines.contains("z rose from 0 to 3 (+3; no percentage, as it starts at 0) between x = 0 and x = 3."),
                      zero.lines.joined(separator: "\n"))

        let price = ChartSummary(dataset: Dataset(source: "p", xs: xs, series: [Series(name: "p", ys: [17.66, 90, 2_000, 3_839.5])]),
                                 decimals: [2])
        XCTAssertNil(price.series[0].percentWithheld)
        XCTAssertEqual(price.series[0].changePercent!, (3_839.5 - 17.66) / 17.66 * 100, accuracy: 1e-9)
        XCTAssertTrue(price.lines.contains { $0.contains("+21,641%") }, price.lines.joined(separator: "\n"))
    }

    /// A first value a few of the series' own steps from zero, and small beside its
    /// typical value, gets no percentage, whatever the walk; a price whose steps are small
    /// beside its first value keeps its percentage, however large, and so does a volume
    /// whose days swing by a quarter; with under 16 steps a single step is no scale.
    func testAPercentageFromABaseNearZeroIsWithheld() throws {
        let xs = (0..<500).map(Double.init)
        for seed in UInt64(1)...40 {
            var generator = SplitMix64(seed: seed)
            // A walk of unit steps from 1.29 drifting up by half a step (to about 250),
            // kept positive, so only the base decides.
            var ys = [1.29]
            for _ in 1..<xs.count { ys.append(abs(ys[ys.count - 1] + 0.5 + generator.nextStandardNormal())) }
            let walk = ChartSummary(dataset: Dataset(source: "w", xs: xs, series: [Series(name: "w", ys: ys)]), decimals: [2])
            XCTAssertEqual(walk.series[0].percentWithheld, .nearZero, "seed \(seed)")
            XCTAssertNil(walk.series[0].changePercent, "seed \(seed)")
            XCTAssertTrue(walk.lines.contains { $0.contains("no percentage, as 1.29 is too close to zero for one") },
                          walk.lines.joined(separator: "\n"))

            // Daily steps of about 0.5% from 17.66, as the S&P 500 from 1928.
            var price = [17.66]
            for _ in 1..<xs.count { price.append(price[price.count - 1] * (1.004 + 0.005 * generator.nextStandardNormal())) }
            let rising = ChartSummary(dataset: Dataset(source: "p", xs: xs, series: [Series(name: "p", ys: price)]), decimals: [2])
            XCTAssertNil(rising.series[0].percentWithheld, "seed \(seed)")
            XCTAssertNotNil(rising.series[0].changePercent, "seed \(seed)")

            // A day's trading volume from 2 billion, swinging by a quarter a day: a few of
            // its steps from zero, but no nearer zero than its typical day.
            var volume = [2e9]
            for _ in 1..<xs.count { volume.append(max(1e8, volume[volume.count - 1] * (1.002 + 0.25 * generator.nextStandardNormal()))) }
            let traded = ChartSummary(dataset: Dataset(source: "v", xs: xs, series: [Series(name: "v", ys: volume)]))
            XCTAssertNil(traded.series[0].percentWithheld, "seed \(seed)")
        }
        let monthly = ChartSummary(dataset: Dataset(source: "m", xs: Array(xs[0..<3]), series: [Series(name: "m", ys: [100, 130, 160])]))
        XCTAssertNil(monthly.series[0].typicalStep)
        XCTAssertEqual(try XCTUnwrap(monthly.series[0].changePercent), 60, accuracy: 1e-9)
    }

    func testARangeWithoutPointsSaysSo() {
        let xs = (0..<10).map { Self.january3 + Double($0) * Self.day }
        let dataset = Dataset(source: "d", xs: xs, series: [Series(name: "a", ys: xs.map { _ in 1 })], xKind: .time(unitsPerSecond: 1))
        let summary = ChartSummary(dataset: dataset, overX: (xs[3] + 1)...(xs[3] + 3600))
        XCTAssertEqual(summary.pointCount, 0)
        XCTAssertEqual(summary.lines, ["No points between Jan 6, 2023 00:00:01 and Jan 6, 2023 01:00."])
        let numbers = ChartSummary(dataset: Dataset(source: "n", xs: [0, 10], series: [Series(name: "a", ys: [1, 2])]), overX: 2...5)
        XCTAssertEqual(numbers.lines, ["No points between x = 2 and x = 5."])
    }

    /// The brief's own example sentence, from a two-decimal price file.
    func testTheSentenceOfAPriceReadsAsAPersonWouldSayIt() {
        let xs = [Self.january3, Self.january3 + 360 * Self.day]
        let dataset = Dataset(source: "p", xs: xs, series: [Series(name: "Close", ys: [123.40, 150.10])], xKind: .time(unitsPerSecond: 1))
        let summary = ChartSummary(dataset: dataset, decimals: [2])
        XCTAssertEqual(summary.lines[1], "Close rose from 123.40 to 150.10 (+26.70, +21.6%) between Jan 3, 2023 and Dec 29, 2023.")
        let falling = ChartSummary(dataset: Dataset(source: "p", xs: xs, series: [Series(name: "Close", ys: [150.10, 123.40])],
                                                    xKind: .time(unitsPerSecond: 1)), decimals: [2])
        XCTAssertEqual(falling.lines[1], "Close fell from 150.10 to 123.40 (\u{2212}26.70, \u{2212}17.8%) between Jan 3, 2023 and Dec 29, 2023.")
    }

    /// Stacked bars: each series, and the total as the sum at each x (a missing value
    /// counts none); shares at the first and last x for a chart of shares.
    func testAStackHasItsTotalAndSharesTheirEnds() {
        var rng = SplitMix64(seed: 9)
        let xs = (0..<200).map { Self.january3 + Double($0) * Self.day }
        var columns: [[Double]] = []
        for s in 0..<3 {
            var column: [Double] = []
            for i in xs.indices {
                let value = Double(10 + s * 5) + Double(rng.next() % 7)
                column.append(i == 50 && s == 1 ? .nan : value)
            }
            columns.append(column)
        }
        let series = columns.indices.map { Series(name: "S\($0)", ys: columns[$0], kind: .area) }
        var dataset = Dataset(source: "stack", xs: xs, series: series, xKind: .time(unitsPerSecond: 1), flags: [.stacked])
        let summary = ChartSummary(dataset: dataset, overX: xs[20]...xs[180])
        for s in 0..<3 { check(summary.series[s], against: Expected(xs: Array(xs[20...180]), ys: Array(columns[s][20...180]))) }
        XCTAssertEqual(summary.totals.count, 1)
        XCTAssertEqual(summary.totals[0].members, ["S0", "S1", "S2"])
        let sums = xs.indices.map { i in columns.reduce(0.0) { $0 + ($1[i].isNaN ? 0 : $1[i]) } }
        check(summary.totals[0].summary, against: Expected(xs: Array(xs[20...180]), ys: Array(sums[20...180])))
        XCTAssertTrue(summary.shares.isEmpty, "a plain stack has no shares")
        XCTAssertTrue(summary.lines.contains("Total is the sum of S0, S1 and S2."))

        dataset.flags = [.stacked, .percentage]
        let shares = ChartSummary(dataset: dataset, series: [0, 2], overX: xs[20]...xs[180])
        XCTAssertEqual(shares.shares.map(\.x), [xs[20], xs[180]])
        for (end, index) in zip(shares.shares, [20, 180]) {
            let total = columns[0][index] + columns[2][index]
            XCTAssertEqual(end.shares[0], columns[0][index] / total, accuracy: 1e-12)
            XCTAssertEqual(end.shares[1], columns[2][index] / total, accuracy: 1e-12)
            XCTAssertEqual(end.percents.reduce(0, +), 100)
            XCTAssertEqual(end.names, ["S0", "S2"], "only the series asked for share")
        }
        let first = shares.shares[0]
        XCTAssertTrue(shares.lines.contains("Shares on Jan 23, 2023: S0 \(first.percents[0])% and S2 \(first.percents[1])%."),
                      shares.lines.joined(separator: "\n"))
    }

    /// The JSON holds the same numbers as the summary, x as ISO 8601 on a time axis and as
    /// numbers otherwise, and escapes what needs escaping.
    func testJSONHasTheSameNumbers() throws {
        let walk = RandomWalk(count: 5_000, seed: 5).dataset()
        let dataset = Dataset(source: walk.source, xs: walk.xs, series: walk.series, xKind: .time(unitsPerSecond: 1))
        let summary = ChartSummary(dataset: dataset, overX: dataset.xs[100]...dataset.xs[4_000])
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(summary.json.utf8)) as? [String: Any])
        XCTAssertEqual(object["points"] as? Int, summary.pointCount)
        XCTAssertEqual(object["firstX"] as? String, "2020-09-13T14:06:40Z", "1.6e9 (12:26:40) and 100 minutes")
        let series = try XCTUnwrap((object["series"] as? [[String: Any]])?.first)
        let s = summary.series[0]
        // Foundation's JSONSerialization on Linux reads the last digit of some doubles
        // one unit off (JSONDecoder reads them exactly): equal to within that.
        func same(_ json: Any?, _ value: Double?, _ what: String) {
            guard let read = json as? Double, let value else { return XCTFail("\(what): \(String(describing: json))") }
            XCTAssertEqual(read, value, accuracy: 4 * value.ulp, what)
        }
        same((series["first"] as? [String: Any])?["y"], s.first?.y, "first")
        same((series["last"] as? [String: Any])?["y"], s.last?.y, "last")
        same((series["minimum"] as? [String: Any])?["y"], s.minimum?.y, "minimum")
        same((series["maximum"] as? [String: Any])?["y"], s.maximum?.y, "maximum")
        let minimumX = CivilDate(unixSeconds: s.minimum!.x)
        XCTAssertEqual((series["minimum"] as? [String: Any])?["x"] as? String,
                       String(format: "%04d-%02d-%02dT%02d:%02d:%02dZ", minimumX.year, minimumX.month, minimumX.day,
                              minimumX.hour, minimumX.minute, minimumX.second))
        same(series["change"], s.change, "change")
        if let percent = s.changePercent {
            same(series["changePercent"], percent, "change %")
        } else {
            XCTAssertNil(series["changePercent"])
            XCTAssertEqual(series["changePercentWithheld"] as? String, s.percentWithheld?.rawValue)
        }
        let trend = try XCTUnwrap(series["trend"] as? [String: Any])
        XCTAssertEqual(trend["direction"] as? String, s.trend?.direction.rawValue)
        same(trend["slope"], s.trend!.slope * 86_400, "slope a day")
        same(trend["rSquared"], s.trend!.rSquared, "R²")
        XCTAssertEqual(trend["slopeUnit"] as? String, "day")
        XCTAssertEqual(object["text"] as? [String], summary.lines)

        let odd = "Quote \" back\\slash \u{1B}[31m tab\t"
        let numbers = ChartSummary(dataset: Dataset(source: "n", xs: [0.5, 2], series: [Series(name: odd, ys: [0, 3])]))
        let parsed = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(numbers.json.utf8)) as? [String: Any])
        let only = try XCTUnwrap((parsed["series"] as? [[String: Any]])?.first)
        XCTAssertEqual(only["name"] as? String, odd, "escaped and read back whole")
        XCTAssertEqual((only["first"] as? [String: Any])?["x"] as? Double, 0.5, "x as a number")
        XCTAssertNil(only["changePercent"], "no % from 0")
        XCTAssertFalse(numbers.json.contains("\u{1B}"), "no raw escape character in the JSON")
    }

    /// Ten million points in view, summarised in one pass (the figure is printed; the
    /// bound is loose, for debug builds on slow machines).
    func testTenMillionPointsInOnePass() {
        let dataset = RandomWalk(count: 10_000_000, seed: 42).dataset()
        let started = Date()
        let summary = ChartSummary(dataset: dataset)
        let seconds = Date().timeIntervalSince(started)
        print(String(format: "ChartSummary over 10M points: %.3f s", seconds))
        XCTAssertEqual(summary.series[0].pointCount, 10_000_000)
        XCTAssertNotNil(summary.series[0].trend)
    }

    /// A name of 10,000 characters with control characters is cut and escaped, as the
    /// legend writes it, and the facts after it are all there.
    func testALongOrControlLadenNameLeavesTheFactsWhole() {
        let name = String(repeating: "n", count: 10_000) + "\u{1B}[31m\u{202E}"
        let dataset = Dataset(source: "t.csv", xs: [0, 1, 2], series: [Series(name: name, ys: [1, 2, 3])])
        let lines = ChartSummary(source: DataSource(dataset: dataset), overX: 0...2).lines
        XCTAssertTrue(lines.contains { $0.contains(" rose from 1 to 3") }, "\(lines.map { $0.suffix(80) })")
        XCTAssertFalse(lines.contains { $0.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E } })
        XCTAssertTrue(lines.allSatisfy { $0.count < 400 }, "\(lines.map(\.count))")
    }

    /// A candle file is summarised by its close (and the series beside it): each series'
    /// statistics are its own, not those of the column at its place in the file.
    func testTheStatisticsOfACandleFileAreEachSeriesOwn() throws {
        let xs = (0..<5).map(Double.init)
        var dataset = Dataset(source: "dax.csv", xs: xs, series: [
            Series(name: "Open", ys: [10, 11, 12, 13, 14]), Series(name: "High", ys: [20, 21, 22, 23, 24]),
            Series(name: "Low", ys: [1, 2, 3, 4, 5]), Series(name: "Close", ys: [15, 16, 17, 18, 19]),
            Series(name: "Volume", ys: [100, 200, 300, 400, 500]),
        ])
        try dataset.markOHLC(.automatic, linesAsked: false)
        let summary = ChartSummary(dataset: dataset).withStatistics(from: dataset)
        XCTAssertEqual(summary.series.map(\.name), ["Close", "Volume"])
        XCTAssertEqual(summary.series.map { $0.statistics?.minimum?.y }, [15, 100])
        XCTAssertEqual(summary.series.map { $0.statistics?.mean }, [17, 300])
    }
}
