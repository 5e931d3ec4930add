import ChartData
import XCTest

/// Without `--y`, series whose values are far off the scale of the others (Yahoo's
/// Volume beside its prices) go on a second y axis; where they are off that one's scale
/// too, they are left out, with one warning that names them and the `--y` that shows them.
final class ScaleSelectionTests: XCTestCase {
    private func load(_ text: String, _ options: LoadOptions = LoadOptions()) throws -> Dataset {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBytes { try CSVLoader().load($0, source: "AAPL.csv", options: options, tracker: nil) }
    }

    /// Yahoo's Volume opens as bars on a second axis under the prices, and nothing is said.
    func testYahooVolumeOpensAsBarsOnTheSecondAxis() throws {
        let d = try load(YahooCSV(days: 250, nullRows: [10]).text)
        XCTAssertEqual(d.series.map(\.name), ["Open", "High", "Low", "Close", "Adj Close", "Volume"])
        XCTAssertEqual(d.series.map(\.axis), [.left, .left, .left, .left, .left, .right])
        XCTAssertEqual(d.series.map(\.kind), [.line, .line, .line, .line, .line, .bar])
        XCTAssertFalse(d.warnings.contains { $0.contains("left out") }, "\(d.warnings)")
    }

    /// A third scale, off both axes', is left out and named.
    func testAThirdScaleIsLeftOut() throws {
        var text = "Date,Close,Volume,Split\n"
        for day in 0..<120 {
            text += "\(1_672_531_200 + day * 86_400),\(150 + Double(day % 7)),\(80_000_000 + day * 1000),\(day % 30 == 0 ? 0.0002 : 0)\n"
        }
        let d = try load(text)
        XCTAssertEqual(d.series.map(\.name), ["Close", "Volume"])
        let note = try XCTUnwrap(d.warnings.first { $0.contains("left out") })
        XCTAssertTrue(note.hasPrefix("AAPL.csv: Split left out"), note)
        XCTAssertTrue(note.contains("--y Split"), note)
    }

    /// Asked for by name, a series is shown whatever its scale, and nothing is said.
    func testAskedForByNameItIsShown() throws {
        let text = YahooCSV(days: 100).text
        for names in [["Volume"], ["Close", "Volume"]] {
            let d = try load(text, LoadOptions(y: names))
            XCTAssertEqual(d.series.map(\.name), names)
            XCTAssertFalse(d.warnings.contains { $0.contains("left out") })
        }
    }

    /// Series of one kind stay together: temperatures that cross zero, or a price and its
    /// moving average.
    func testSeriesOfOneScaleAreAllShown() throws {
        var text = "time,Berlin °C,Madrid °C,Oslo °C\n"
        for day in 0..<365 {
            let season = -cos(2 * .pi * Double(day) / 365)
            text += "\(1_672_531_200 + day * 86_400),\(9 + 10 * season),\(15 + 9 * season),\(5 + 11 * season)\n"
        }
        let d = try load(text)
        XCTAssertEqual(d.series.count, 3)
        XCTAssertTrue(d.warnings.isEmpty, "\(d.warnings)")
    }

    /// A smaller series goes on the second axis as well; a column of zeros has no scale
    /// to compare and stays on the first.
    func testASmallSeriesGoesOnTheSecondAxisAndZerosStay() throws {
        var text = "t,price,average,dividend,flag\n"
        for day in 0..<200 {
            let price = 1000 + 50 * sin(Double(day) / 9)
            text += "\(day),\(price),\(price - 3),\(day % 60 == 0 ? 0.24 : 0),0\n"
        }
        let d = try load(text)
        XCTAssertEqual(d.series.map(\.name), ["price", "average", "dividend", "flag"])
        XCTAssertEqual(d.series.map(\.axis), [.left, .left, .right, .left])
        XCTAssertEqual(d.series.map(\.kind), [.line, .line, .line, .line], "only a volume turns into bars")
        XCTAssertTrue(d.warnings.isEmpty, "\(d.warnings)")
    }
}

/// The rule behind the default selection, as properties over seeded sets of series.
final class ScaleSelectionPropertyTests: XCTestCase {
    private let reach = log10(ScaleSelection.factor)

    /// A series whose non-zero values all have magnitude 10^`log` (so that is its
    /// magnitude; the first value is one), with random signs, zeros and gaps; `nil`:
    /// zeros and gaps only.
    private func series(log: Double?, count: Int, rng: inout SplitMix64) -> [Double] {
        (0..<count).map { i in
            switch i == 0 ? 2 : rng.next() % 10 {
            case 0: return .nan
            case 1: return 0
            default:
                guard let log else { return rng.next() % 2 == 0 ? 0 : .nan }
                return (rng.next() % 2 == 0 ? 1 : -1) * pow(10, log)
            }
        }
    }

    private func neighbours(of s: Int, _ logs: [Double?]) -> Int {
        guard let own = logs[s] else { return 0 }
        return logs.filter { $0.map { abs($0 - own) <= reach } ?? false }.count
    }

    func testTheAnchorHasTheMostNeighboursAndEveryChoiceFollowsFromIt() {
        var rng = SplitMix64(seed: 31)
        var leftOutSeen = 0
        for _ in 0..<2_000 {
            // A few clusters of scales, so that groups compete.
            let centres = (0..<Int(1 + rng.next() % 3)).map { _ in Double(Int(rng.next() % 61)) - 30 }
            let logs: [Double?] = (0..<Int(1 + rng.next() % 10)).map { _ in
                rng.next() % 8 == 0 ? nil : centres[Int(rng.next() % UInt64(centres.count))]
                    + Double(Int(rng.next() % 2001) - 1000) / 1000 * 1.6
            }
            let ys = logs.map { series(log: $0, count: Int(2 + rng.next() % 40), rng: &rng) }
            let choice = ScaleSelection(series: ys)
            XCTAssertEqual((choice.kept + choice.leftOut.map(\.series)).sorted(), Array(logs.indices))
            XCTAssertTrue(Set(choice.secondAxis).isSubset(of: choice.kept))
            XCTAssertEqual(choice.kept, choice.kept.sorted())
            guard let anchor = choice.anchor, let anchorLog = logs[anchor] else {
                XCTAssertTrue(logs.allSatisfy { $0 == nil }, "no anchor only when no series has a magnitude")
                XCTAssertEqual(choice.kept, Array(logs.indices))
                continue
            }
            XCTAssertTrue(choice.kept.contains(anchor))
            for s in logs.indices {
                // No series has more neighbours; an earlier one has fewer.
                XCTAssertLessThanOrEqual(neighbours(of: s, logs), neighbours(of: anchor, logs))
                if s < anchor { XCTAssertLessThan(neighbours(of: s, logs), neighbours(of: anchor, logs)) }
            }
            for s in choice.kept where !choice.secondAxis.contains(s) {
                guard let log = logs[s] else { continue }
                XCTAssertLessThanOrEqual(abs(log - anchorLog), reach + 1e-9, "kept on the first axis within 20× of the anchor")
            }
            // The second axis: the off-scale series' own anchor (most neighbours among
            // them, the earliest on a tie) and those within 20× of it.
            let off = logs.indices.filter { s in logs[s].map { abs($0 - anchorLog) > reach } ?? false }
            let offLogs = logs.indices.map { off.contains($0) ? logs[$0] : nil }
            if let second = off.max(by: { a, b in
                (neighbours(of: a, offLogs), -a) < (neighbours(of: b, offLogs), -b)
            }) {
                XCTAssertEqual(choice.secondAxis, off.filter { abs(logs[$0]! - logs[second]!) <= reach })
            } else {
                XCTAssertTrue(choice.secondAxis.isEmpty)
            }
            for out in choice.leftOut {
                let log = logs[out.series]!
                XCTAssertGreaterThan(abs(log - anchorLog), reach - 1e-9, "left out beyond 20×")
                XCTAssertFalse(choice.secondAxis.contains(out.series))
                XCTAssertEqual(log10(out.ratio), log - anchorLog, accuracy: 1e-6)
            }
            leftOutSeen += choice.leftOut.count
        }
        XCTAssertGreaterThan(leftOutSeen, 100, "the cases exercise leaving out")
    }

    /// Multiplying every value by one number, or flipping signs, changes nothing.
    func testTheChoiceIgnoresUnitsAndSigns() {
        var rng = SplitMix64(seed: 32)
        for _ in 0..<1_000 {
            let logs: [Double?] = (0..<Int(2 + rng.next() % 8)).map { _ in Double(Int(rng.next() % 8001)) / 1000 - 4 }
            // Leave out cases within rounding of the 20× boundary.
            let boundary = logs.indices.contains { a in
                logs.indices.contains { b in abs(abs(logs[a]! - logs[b]!) - reach) < 1e-6 }
            }
            if boundary { continue }
            let ys = logs.map { series(log: $0, count: 30, rng: &rng) }
            let choice = ScaleSelection(series: ys)
            let scale = pow(10, Double(Int(rng.next() % 201)) / 2 - 50)
            let scaled = ScaleSelection(series: ys.map { $0.map { $0 * scale } })
            XCTAssertEqual(scaled.kept, choice.kept)
            XCTAssertEqual(scaled.anchor, choice.anchor)
            XCTAssertEqual(ScaleSelection(series: ys.map { $0.map { -$0 } }), choice)
        }
    }

    /// The magnitude is the median absolute value of the finite, non-zero values; a long
    /// series is sampled evenly, so the median of its halves' mix is kept.
    func testMagnitudeIsTheMedianOfTheNonZeroValues() throws {
        XCTAssertEqual(ScaleSelection.magnitude(of: [0, .nan, -3, 1, 0, 2, .infinity]), 2)
        XCTAssertNil(ScaleSelection.magnitude(of: [0, .nan, 0]))
        XCTAssertNil(ScaleSelection.magnitude(of: []))
        // A million values, a quarter of them a thousand times larger: the median is small.
        let long = (0..<1_000_000).map { $0 % 4 == 0 ? 1000.0 : 1.0 }
        XCTAssertEqual(ScaleSelection.magnitude(of: long), 1)
        let mostlyLarge = (0..<1_000_000).map { $0 % 4 == 0 ? 1.0 : 1000.0 }
        XCTAssertEqual(ScaleSelection.magnitude(of: mostlyLarge), 1000)
    }

    /// Picked in a second pass, the sample is the one a copy of every usable value would
    /// give: for seeded series around the sample's size, with gaps, zeros and signs.
    func testTheSampleIsTheEvenlySpreadOneOfTheUsableValues() {
        var generator = SplitMix64(seed: 7)
        for count in [1, 2, 9_999, 10_000, 10_001, 10_002, 20_001, 123_457] {
            let ys = (0..<count).map { _ -> Double in
                switch generator.next() % 10 {
                case 0: return .nan
                case 1: return 0
                default: return Double(Int64(generator.next() % 2_000_001) - 1_000_000) / 7
                }
            }
            let usable = ys.map(abs).filter { $0.isFinite && $0 > 0 }
            let size = ScaleSelection.sampleSize
            var sample = usable.count <= size ? usable
                : (0..<size).map { usable[Int(Double($0) * Double(usable.count - 1) / Double(size - 1))] }
            sample.sort()
            XCTAssertEqual(ScaleSelection.magnitude(of: ys), sample.isEmpty ? nil : sample[(sample.count - 1) / 2], "\(count) values")
        }
    }
}

final class ScaleSelectionEdgeTests: XCTestCase {
    /// Ratios beyond a double (1e-300 beside 1e300, or a denormal) are said, not a trap.
    func testRatiosBeyondADoubleAreSaid() {
        XCTAssertEqual(ScaleSelection.describe(ratio: .infinity), ">1e308×")
        XCTAssertEqual(ScaleSelection.describe(ratio: 0), "<1/1e308 of")
        XCTAssertEqual(ScaleSelection.describe(ratio: Double("1e-320")!), "<1/1e308 of")
        XCTAssertEqual(ScaleSelection.describe(ratio: 3e5), "~3e5×")
        let selection = ScaleSelection(series: [[1, 1], [.leastNonzeroMagnitude, .leastNonzeroMagnitude], [1e300, 1e300]])
        XCTAssertEqual(selection.secondAxis.count, 1)
        XCTAssertNotNil(selection.warning(source: "t", names: ["a", "b", "c"]))
    }

    /// Two sensors written on alternate rows: each series is sampled where it has
    /// values, so neither is judged by one stray value.
    func testAlternateRowsAreSampledWhereTheyHaveValues() {
        let count = 100_000
        let a = (0..<count).map { $0 == 0 ? 0.00001 : ($0 % 2 == 0 ? 1.0 : .nan) }
        let b = [Double](repeating: 5, count: count)
        XCTAssertEqual(ScaleSelection.magnitude(of: a), 1)
        XCTAssertTrue(ScaleSelection(series: [a, b]).leftOut.isEmpty, "a and b are 5× apart")
    }
}
