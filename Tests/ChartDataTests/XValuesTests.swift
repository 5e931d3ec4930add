import ChartData
import XCTest

final class XValuesTests: XCTestCase {
    /// Sequences that are evenly spaced for a while and then, maybe, not: steps of
    /// minutes from Unix time, decimal steps, ties, descents, gaps of several steps.
    private func randomSequence(_ rng: inout SplitMix64) -> [Double] {
        let count = Int.random(in: 0...300, using: &rng)
        let first = [0, 1_600_000_000, -3.5, 1e-3][Int.random(in: 0..<4, using: &rng)]
        let step = [60, 1, 0.1, 86_400_000, 0][Int.random(in: 0..<5, using: &rng)]
        let breakAt = Bool.random(using: &rng) ? Int.random(in: 0...max(count, 1), using: &rng) : count
        var values: [Double] = []
        for i in 0..<count {
            var x = first + Double(i) * step
            if i >= breakAt { x += [step, -step / 2, 1e-9, 0][Int.random(in: 0..<4, using: &rng)] }
            values.append(x)
        }
        return values
    }

    private func isEvenlySpaced(_ values: [Double]) -> Bool {
        guard values.count >= 2, values[1] > values[0] else { return false }
        let step = values[1] - values[0]
        return values.indices.allSatisfy { values[$0] == values[0] + Double($0) * step }
    }

    /// Whichever way they are kept, the values read back are exactly the values given,
    /// and only exactly even spacing (a positive step) is kept as a formula.
    func testValuesReadBackExactlyAsGivenAndOnlyEvenSpacingIsAFormula() {
        var rng = SplitMix64(seed: 31)
        var regular = 0
        for _ in 0..<2_000 {
            let values = randomSequence(&rng)
            let direct = XValues(values)
            var builder = XValuesBuilder()
            builder.reserveCapacity(values.count)
            for x in values { builder.append(x) }
            let built = builder.build()
            XCTAssertEqual(builder.count, values.count)
            for xs in [direct, built] {
                XCTAssertEqual(xs.count, values.count)
                XCTAssertTrue(xs.elementsEqual(values), "\(values.prefix(5))…")
                XCTAssertEqual(xs.isRegular, isEvenlySpaced(values), "\(values.prefix(5))…")
            }
            XCTAssertEqual(direct, built)
            if direct.isRegular { regular += 1 }
        }
        XCTAssertGreaterThan(regular, 200, "the generator makes evenly spaced sequences too")
        XCTAssertLessThan(regular, 1_800, "and uneven ones")
    }

    private func load(_ text: String, source: String) throws -> Dataset {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBytes { try CSVLoader().load($0, source: source) }
    }

    /// A W1 file loads with its x as a formula: its 10 million x values would take 80 MB.
    func testAnEvenlySpacedCSVKeepsNoArrayOfX() throws {
        var text = "x,y\n"
        for i in 0..<1_000 { text += "\(1_600_000_000 + 60 * i),\(Double(i % 7) * 0.5)\n" }
        let dataset = try load(text, source: "w1.csv")
        XCTAssertTrue(dataset.xs.isRegular)
        XCTAssertEqual(dataset.xs[999], 1_600_059_940)
        XCTAssertEqual(dataset.nearestIndex(toX: 1_600_000_061), 1)

        let uneven = text.replacingOccurrences(of: "1600000120,", with: "1600000121,")
        let loaded = try load(uneven, source: "uneven.csv")
        XCTAssertFalse(loaded.xs.isRegular)
        XCTAssertEqual(loaded.xs[2], 1_600_000_121)
        XCTAssertEqual(loaded.xs[3], 1_600_000_180)
    }
}
