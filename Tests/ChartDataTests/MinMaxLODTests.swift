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
                XCTAssertEqual(level.indices, MinMaxLOD.reduce(ys: ys, bucket: bucket), "\(count) points, bucket \(bucket)")
                bucket *= 2
            }
        }
    }
}
