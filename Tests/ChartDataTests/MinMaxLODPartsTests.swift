@testable import ChartData
import XCTest

/// A long series' min/max ladder is built in parts side by side; whatever the points,
/// the gaps and the cuts, every level is the one built in one go.
final class MinMaxLODPartsTests: XCTestCase {
    func testLaddersBuiltInPartsEqualOneBuiltInOneGo() {
        var rng = SplitMix64(seed: 2_505)
        var split = 0
        for round in 0..<120 {
            let count = Int.random(in: 1...60_000, using: &rng)
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
            let starts = count < 2 ? [] : Set((0..<Int.random(in: 0...40, using: &rng)).map { _ in
                Int.random(in: 0..<(count - 1), using: &rng)
            }).sorted()
            let smallestLevel = round % 2 == 0 ? 2_000 : 16
            let threads = Int.random(in: 2...7, using: &rng)
            let pointsPerThread = Int.random(in: 1...8_000, using: &rng)
            let whole = MinMaxLOD(ys: ys, gapStarts: starts, smallestLevel: smallestLevel, threads: 1)
            let parted = MinMaxLOD(ys: ys, gapStarts: starts, smallestLevel: smallestLevel, threads: threads,
                                   pointsPerThread: pointsPerThread)
            XCTAssertEqual(parted.levels, whole.levels, "\(count) points, \(starts.count) gaps, \(threads) threads")
            let coarsest = 8 << max(whole.levels.count - 1, 0)
            let parts = MinMaxLOD.parts(count: count, alignedTo: coarsest, threads: threads, pointsPerThread: pointsPerThread)
            XCTAssertEqual(parts.first?.lowerBound, 0)
            XCTAssertEqual(parts.last?.upperBound, count)
            XCTAssertTrue(parts.allSatisfy { $0.lowerBound % coarsest == 0 }, "cut at the coarsest bucket")
            if parts.count > 1 { split += 1 }
        }
        XCTAssertGreaterThan(split, 60, "most ladders are built in several parts")
    }
}
