@testable import ChartData
import XCTest

final class MinMaxLODTests: XCTestCase {
    /// Each level made from the level below is exactly the level `reduce` picks from
    /// every point: on seeded data with gaps, ties and spikes, at every level.
    func testCoarserLevelsEqualADirectReduction() {
        var rng = SplitMix64(seed: 17)
        for round in 0..<40 {
            let count = Int.random(in: 1...40_000, using: &rng)
            var y = 0.0
            let ys: [Double] = (0..<count).map { _ in
                switch Int.random(in: 0..<100, using: &rng) {
                case 0..<3: return .nan
                case 3..<10: return y
                case 10: return y + Double.random(in: -1000...1000, using: &rng)
                default:
                    y += Double(Int.random(in: -2...2, using: &rng))
                    return y
                }
            }
            let lod = MinMaxLOD(ys: ys, smallestLevel: round % 2 == 0 ? 2_000 : 16)
            var bucket = 8
            for level in lod.levels {
                XCTAssertEqual(Array(level.indices), MinMaxLOD.reduce(ys: ValueColumn(ys), bucket: bucket), "\(count) points, bucket \(bucket)")
                bucket *= 2
            }
        }
    }

    /// With gaps in x, each level is the level without them plus the two points around
    /// every gap: what `coarsen` picks from a level holding those extra points is what
    /// `reduce` picks from every point, so the extras change nothing else.
    func testLevelsWithGapsAreTheLevelsWithoutThemPlusTheGapsEdges() {
        var rng = SplitMix64(seed: 18)
        for round in 0..<40 {
            let count = Int.random(in: 2...40_000, using: &rng)
            let ys: [Double] = (0..<count).map { _ in
                Int.random(in: 0..<50, using: &rng) == 0 ? .nan : Double(Int.random(in: -20...20, using: &rng))
            }
            // Some gaps in runs (consecutive starts), some alone, some at the ends.
            var starts = Set((0..<Int.random(in: 0...30, using: &rng)).map { _ in Int.random(in: 0..<(count - 1), using: &rng) })
            if round % 3 == 0, let start = starts.first, start + 1 < count - 1 { starts.insert(start + 1) }
            if round % 5 == 0 { starts.insert(0) }
            let sorted = starts.sorted()
            let edges = Set(sorted.flatMap { [Int32($0), Int32($0 + 1)] })
            let smallestLevel = round % 2 == 0 ? 2_000 : 16
            let plain = MinMaxLOD(ys: ys, smallestLevel: smallestLevel)
            let withGaps = MinMaxLOD(ys: ys, gapStarts: sorted, smallestLevel: smallestLevel)
            XCTAssertEqual(withGaps.levels.count, plain.levels.count)
            for (level, without) in zip(withGaps.levels, plain.levels) {
                XCTAssertEqual(Array(level.indices), Set(without.indices).union(edges).sorted(), "\(count) points, \(sorted.count) gaps")
            }
        }
    }
}
