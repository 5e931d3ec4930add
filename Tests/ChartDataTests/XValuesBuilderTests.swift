@testable import ChartData
import XCTest

/// A stretch's x appended whole (`XValuesBuilder.append(contentsOf:)`, as the CSV
/// loader joins the stretches it read side by side) gives what appending its values one
/// by one gives: the same values bit for bit, kept as a formula exactly when they are one.
final class XValuesBuilderTests: XCTestCase {
    func testAppendingARunEqualsAppendingItsValuesOneByOne() {
        var rng = SplitMix64(seed: 2_512)
        var joinedFormulas = 0
        for _ in 0..<4_000 {
            // Two runs: the second goes on with the first's formula, or from another
            // start, or with another step; now and then a run breaks off in its middle.
            let count = Int.random(in: 0...200, using: &rng)
            let cut = Int.random(in: 0...count, using: &rng)
            // Whole numbers near 2^53 too, where a sum may round, and fractions.
            let first = [0, 1_600_000_000, -7_200, 0x1p53 - 300, -0x1p53 + 500, 0.25, 1e-3][Int.random(in: 0..<7, using: &rng)]
            let step = [60, 1, 7, 0.5, 0.1, 3e9][Int.random(in: 0..<6, using: &rng)]
            let shift = [0, 0, 0, step, -step / 2, 1, 0x1p-20][Int.random(in: 0..<7, using: &rng)]
            let secondStep = Bool.random(using: &rng) ? step : [1, 60, 0.5][Int.random(in: 0..<3, using: &rng)]
            let breakAt = Int.random(in: 0...3, using: &rng) == 0 ? Int.random(in: 0...max(count, 1), using: &rng) : count
            let values: [Double] = (0..<count).map { i in
                let x = i < cut ? first + Double(i) * step : first + Double(cut) * step + shift + Double(i - cut) * secondStep
                return i >= breakAt ? x + 1 : x
            }
            var oneByOne = XValuesBuilder()
            for x in values { oneByOne.append(x) }
            var joined = XValuesBuilder()
            for x in values[..<cut] { joined.append(x) }
            var rest = XValuesBuilder()
            for x in values[cut...] { rest.append(x) }
            joined.append(contentsOf: rest.build())
            let (expected, got) = (oneByOne.build(), joined.build())
            XCTAssertEqual(got.map(\.bitPattern), values.map(\.bitPattern), "\(first) + i × \(step), cut at \(cut)")
            XCTAssertEqual(got.isRegular, expected.isRegular, "\(first) + i × \(step), cut at \(cut)")
            XCTAssertEqual(joined.count, values.count)
            if got.isRegular, cut >= 2, count - cut >= 2 { joinedFormulas += 1 }
        }
        XCTAssertGreaterThan(joinedFormulas, 300, "formulas joined to formulas")
    }

    /// Past 2^53 sums round: a run that goes on from the formula's rounded next value is
    /// not the formula's continuation (2^53 − 3 + 2 × 2 rounds to 2^53, the run's start,
    /// but 2^53 − 3 + 3 × 2 rounds to 2^53 + 4 where the run has 2^53 + 2).
    func testARunPastTwoToTheFiftyThirdIsReadValueByValue() {
        let first = 0x1p53 - 3
        let values = [first, first + 2] + (0..<4).map { 0x1p53 + Double($0) * 2 }
        var joined = XValuesBuilder()
        for x in values[..<2] { joined.append(x) }
        var rest = XValuesBuilder()
        for x in values[2...] { rest.append(x) }
        XCTAssertTrue(rest.build().isRegular)
        joined.append(contentsOf: rest.build())
        XCTAssertEqual(joined.build().map(\.bitPattern), values.map(\.bitPattern))
    }
}
