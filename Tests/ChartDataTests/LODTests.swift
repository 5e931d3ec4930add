import ChartData
import XCTest

final class LODTests: XCTestCase {
    func testMinMaxLevelsKeepEveryBucketsExtremes() {
        var rng = SplitMix64(seed: 20)
        let ys = (0..<100_000).map { _ in rng.next() % 50 == 0 ? Double.nan : Double.random(in: -1...1, using: &rng) }
        let lod = MinMaxLOD(ys: ys)
        XCTAssertFalse(lod.levels.isEmpty)
        var bucket = 8
        var previousCount = Int.max
        for level in lod.levels {
            XCTAssertEqual(Array(level.indices), level.indices.sorted(), "ascending")
            XCTAssertEqual(Set(level.indices).count, level.indices.count, "no repeats")
            XCTAssertLessThan(level.indices.count, previousCount, "each level is coarser")
            previousCount = level.indices.count
            let kept = Set(level.indices.map(Int.init))
            for start in stride(from: 0, to: ys.count, by: bucket) {
                let range = start..<min(start + bucket, ys.count)
                let finite = range.filter { !ys[$0].isNaN }
                if let low = finite.min(by: { ys[$0] < ys[$1] }) { XCTAssertTrue(kept.contains(low)) }
                if let high = finite.max(by: { ys[$0] < ys[$1] }) { XCTAssertTrue(kept.contains(high)) }
                if let gap = range.first(where: { ys[$0].isNaN }) { XCTAssertTrue(kept.contains(gap), "gaps stay gaps") }
            }
            bucket *= 2
        }
        let indices = lod.levels.reduce(0) { $0 + $1.indices.count }
        print("min/max levels: \(Double(indices) / Double(ys.count)) indices per point")
        XCTAssertLessThanOrEqual(indices, ys.count * 17 / 8 + 64,
                                 "at most every point in the finest level, then 9 per bucket, halving")
    }

    func testRDPOrderPutsTheFarthestPointFirst() {
        // A flat line with two bumps: after the ends, the deeper one's tip; then the feet
        // of its slopes, which lie farther from the new chords than the small bump does.
        var ys = [Double](repeating: 0, count: 101)
        ys[30] = 5
        ys[70] = -9
        let xs = (0...100).map(Double.init)
        let order = RDPLOD.importanceOrder(xs: xs, ys: ys, limit: 10)
        XCTAssertEqual(Array(order.prefix(6)), [0, 100, 70, 69, 71, 30])
    }

    func testRDPLevelsAreNestedPrefixesOfOneOrder() {
        var rng = SplitMix64(seed: 21)
        var y = 0.0
        let ys = (0..<20_000).map { _ in
            y += Double.random(in: -1...1, using: &rng)
            return y
        }
        let xs = (0..<ys.count).map(Double.init)
        let lod = RDPLOD(xs: xs, ys: ys, smallestLevel: 500)
        XCTAssertGreaterThan(lod.levels.count, 2)
        for (finer, coarser) in zip(lod.levels, lod.levels.dropFirst()) {
            XCTAssertTrue(Set(coarser.indices).isSubset(of: Set(finer.indices)), "a coarser level keeps a subset")
            XCTAssertEqual(Array(coarser.indices), coarser.indices.sorted())
        }
        // Each level keeps the series' extremes: they are the most distant points early on.
        let high = ys.indices.max { ys[$0] < ys[$1] }!
        XCTAssertTrue(lod.levels.last!.indices.contains(Int32(high)))
    }

    func testRDPKeepsRunEndsAndGaps() {
        let ys: [Double] = [1, 2, 3, .nan, 5, 6, 7, 8, .nan, 9]
        let order = RDPLOD.importanceOrder(xs: (0..<10).map(Double.init), ys: ys, limit: 6)
        XCTAssertEqual(Set(order.prefix(6)), [0, 2, 3, 4, 7, 8])
    }

    /// A gap in x ends a run as a gap in y does: both its sides come first in the order,
    /// so every level keeps them.
    func testRDPKeepsBothSidesOfAGapInX() {
        let xs = (0..<1_000).map { Double($0 < 600 ? $0 : $0 + 5_000) }
        let ys = xs.map { sin($0 / 30) }
        let order = RDPLOD.importanceOrder(xs: xs, ys: ys, limit: 10, gapStarts: [599])
        XCTAssertEqual(Set(order.prefix(4)), [0, 599, 600, 999])
        let lod = RDPLOD(xs: xs, ys: ys, gapStarts: [599], smallestLevel: 50)
        XCTAssertGreaterThan(lod.levels.count, 2)
        for level in lod.levels {
            XCTAssertTrue(level.indices.contains(599) && level.indices.contains(600))
        }
    }

    func testLevelChoiceStaysWithinTheBudget() {
        let ys = (0..<1_000_000).map { sin(Double($0) / 1000) }
        let lod = MinMaxLOD(ys: ys)
        XCTAssertNil(lod.levelIndex(forVisible: 0..<5000, plotWidth: 1000, pointsPerPixel: 8), "few points: the full series")
        for visible in [0..<20_000, 0..<300_000, 100_000..<1_000_000] {
            let level = lod.levels[lod.levelIndex(forVisible: visible, plotWidth: 1000, pointsPerPixel: 8)!]
            XCTAssertLessThanOrEqual(level.count(in: visible), 8000)
            XCTAssertGreaterThan(level.count(in: visible), 1000, "not coarser than it needs to be")
        }
    }
}
