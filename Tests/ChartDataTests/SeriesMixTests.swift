import ChartData
import XCTest

final class SeriesMixTests: XCTestCase {
    /// Over seeded sizes and seeds: four named series over a quarter of the points, x
    /// strictly ascending, and the gap rule finding exactly the missing stretch and the six
    /// outages (the jitter alone never breaks a line).
    func testEverySizeHasItsSeriesAndExactlyItsGaps() {
        var rng = SplitMix64(seed: 5)
        for _ in 0..<12 {
            let points = SeriesMix.minimumPoints + Int(rng.next() % 400_000)
            let mix = SeriesMix(points: points, seed: rng.next())
            let data = mix.dataset()
            XCTAssertEqual(data.series.map(\.name), ["seasonal", "noisy", "stepped", "walk"])
            XCTAssertEqual(data.count, points / 4)
            XCTAssertTrue(zip(data.xs.dropFirst(), data.xs).allSatisfy { $0 > $1 }, "x ascends, \(points) points")
            let gaps = XGaps(xs: data.xs)
            XCTAssertEqual(gaps.medianSpacing ?? 0, 60, accuracy: 5)
            let rows = Double(data.count)
            let expected = ([SeriesMix.missingStretch.rowFraction] + SeriesMix.outages.map(\.rowFraction)).map { Int($0 * rows) - 1 }
            XCTAssertEqual(gaps.starts, expected.sorted(), "\(points) points")
            let stretch = Int(SeriesMix.missingStretch.rowFraction * rows) - 1
            XCTAssertEqual((data.xs[stretch + 1] - data.xs[stretch]) / (60 * rows), 0.03, accuracy: 0.0011, "the missing stretch")
        }
    }

    /// Only the noisy series has missing values, in at most `dropouts` runs of 1–10;
    /// the stepped one keeps to its nine levels and changes about `stepJumps` times.
    func testMissingValuesAndStepsHaveTheirShape() {
        let data = SeriesMix(points: 2_000_000).dataset()
        let ys = data.series.map { Array($0.ys) }
        XCTAssertFalse(ys[0].contains { $0.isNaN } || ys[2].contains { $0.isNaN } || ys[3].contains { $0.isNaN })
        let missing = ys[1].indices.filter { ys[1][$0].isNaN }
        let runs = missing.indices.filter { $0 == 0 || missing[$0 - 1] != missing[$0] - 1 }.count
        XCTAssertGreaterThan(runs, SeriesMix.dropouts / 2)
        XCTAssertLessThanOrEqual(runs, SeriesMix.dropouts)
        XCTAssertLessThanOrEqual(missing.count, 10 * SeriesMix.dropouts)
        XCTAssertTrue(Set(ys[2]).isSubset(of: Set(stride(from: -20.0, through: 20, by: 5))))
        let changes = zip(ys[2].dropFirst(), ys[2]).filter { $0 != $1 }.count
        XCTAssertEqual(Double(changes), SeriesMix.stepJumps * 8 / 9, accuracy: 100, "a jump to the same level is no change")
        let noisy = ys[1].filter { !$0.isNaN }
        let mean = noisy.reduce(0, +) / Double(noisy.count)
        XCTAssertEqual(mean, 10, accuracy: 0.1)
    }

    func testSameSeedSameDataAndTheSizeIsChecked() throws {
        XCTAssertTrue(same(SeriesMix(points: 8_000, seed: 3).dataset(), SeriesMix(points: 8_000, seed: 3).dataset()))
        XCTAssertFalse(same(SeriesMix(points: 8_000, seed: 3).dataset(), SeriesMix(points: 8_000, seed: 4).dataset()))
        XCTAssertThrowsError(try SeriesMix(points: 3_999).requireMemory(budget: MemoryBudget(availableBytes: 1 << 30, limit: "free memory")))
        XCTAssertThrowsError(try SeriesMix(points: 1 << 40).requireMemory(budget: MemoryBudget(availableBytes: 1 << 30, limit: "free memory")))
        XCTAssertNoThrow(try SeriesMix(points: 4_000).requireMemory(budget: MemoryBudget(availableBytes: 1 << 30, limit: "free memory")))
    }

    /// Equal x and equal y, a missing value (NaN) equal to a missing value.
    private func same(_ a: Dataset, _ b: Dataset) -> Bool {
        a.xs == b.xs && a.series.count == b.series.count && zip(a.series, b.series).allSatisfy { s, t in
            s.name == t.name && s.ys.count == t.ys.count && zip(s.ys, t.ys).allSatisfy { $0 == $1 || ($0.isNaN && $1.isNaN) }
        }
    }

    /// The shared CSV form (gen_w2.py's empty cells and jumps in x) reads back as W2's
    /// shape: the same gaps and missing values as the generator's own data would have.
    func testTheSharedCSVFormReadsAsTheSameShape() throws {
        let data = SeriesMix(points: 40_000, seed: 9).dataset()
        var text = "x,seasonal,noisy,stepped,walk\n"
        for i in 0..<data.count {
            let cells = data.series.map { $0.ys[i].isNaN ? "" : String(format: "%.6f", $0.ys[i]) }
            text += "\(Int(data.xs[i])),\(cells.joined(separator: ","))\n"
        }
        let loaded = try Array(text.utf8).withUnsafeBytes { try CSVLoader().load($0, source: "w2.csv") }
        XCTAssertEqual(loaded.xs, data.xs)
        XCTAssertEqual(loaded.xKind, data.xKind)
        XCTAssertEqual(XGaps(xs: loaded.xs).starts, XGaps(xs: data.xs).starts)
        XCTAssertEqual(loaded.series[1].ys.map(\.isNaN), data.series[1].ys.map(\.isNaN))
    }
}
