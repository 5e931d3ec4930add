import ChartData
import XCTest

/// Range sums and shares against brute force on seeded random data, gaps included.
final class RangeSumsTests: XCTestCase {
    private func randomDataset(_ rng: inout SplitMix64, count: Int, seriesCount: Int) -> Dataset {
        var x = Double.random(in: -1e3...1e3, using: &rng)
        var xs: [Double] = []
        for _ in 0..<count {
            // Steps of zero make duplicate x, which files may have.
            x += [0, 0.5, 1, 7][Int(rng.next() % 4)]
            xs.append(x)
        }
        let series = (0..<seriesCount).map { s in
            Series(name: "s\(s)", ys: (0..<count).map { _ in
                rng.next() % 8 == 0 ? .nan : Double.random(in: 0...1000, using: &rng)
            })
        }
        return Dataset(source: "random", xs: xs, series: series)
    }

    func testSumsMatchBruteForce() {
        var rng = SplitMix64(seed: 31)
        for _ in 0..<100 {
            let dataset = randomDataset(&rng, count: Int.random(in: 1...2000, using: &rng), seriesCount: 3)
            let sums = RangeSums(dataset: dataset)
            for _ in 0..<20 {
                let s = Int.random(in: 0..<3, using: &rng)
                let a = Int.random(in: 0...dataset.count, using: &rng)
                let b = Int.random(in: a...dataset.count, using: &rng)
                let expected = dataset.series[s].ys[a..<b].filter { !$0.isNaN }.reduce(0, +)
                XCTAssertEqual(sums.sum(ofSeries: s, in: a..<b), expected, accuracy: 1e-9 * max(1, expected), "\(a)..<\(b)")
            }
        }
    }

    /// x ranges take every point whose x lies inside, both ends included, duplicates too.
    func testXRangesIncludeBothEnds() {
        var rng = SplitMix64(seed: 32)
        for _ in 0..<100 {
            let dataset = randomDataset(&rng, count: Int.random(in: 1...500, using: &rng), seriesCount: 1)
            let sums = RangeSums(dataset: dataset)
            let xs = Array(dataset.xs)
            for _ in 0..<10 {
                // Ends on data x half the time, between them otherwise.
                var low = xs.randomElement(using: &rng)! - (rng.next() % 2 == 0 ? 0 : 0.25)
                var high = xs.randomElement(using: &rng)! + (rng.next() % 2 == 0 ? 0 : 0.25)
                if low > high { swap(&low, &high) }
                let expected = zip(xs, dataset.series[0].ys).filter { (low...high).contains($0.0) && !$0.1.isNaN }
                    .map(\.1).reduce(0, +)
                XCTAssertEqual(sums.sum(ofSeries: 0, overX: low...high), expected, accuracy: 1e-9 * max(1, expected))
            }
        }
    }

    func testSharesAreTheWeightedSumsNormalised() {
        let dataset = Dataset(source: "t", xs: [0, 1, 2, 3], series: [
            Series(name: "a", ys: [1, 1, 1, 1]),
            Series(name: "b", ys: [2, .nan, 2, 2]),
            Series(name: "c", ys: [3, 3, 3, 100]),
        ])
        let sums = RangeSums(dataset: dataset)
        let shares = sums.shares(of: [0, 1, 2], weights: [1, 1, 1], overX: 0...2)
        // a: 3, b: 4 (the gap counts 0), c: 9 of 16; x = 3 lies outside.
        XCTAssertEqual(shares, [3.0 / 16, 4.0 / 16, 9.0 / 16])
        // A series half toggled off counts half; the others take up the rest.
        let half = sums.shares(of: [0, 1, 2], weights: [1, 0.5, 1], overX: 0...2)
        XCTAssertEqual(half, [3.0 / 14, 2.0 / 14, 9.0 / 14])
        XCTAssertEqual(sums.shares(of: [2, 0], weights: [0, 1], overX: 0...2), [0, 1], "order follows the list")
        XCTAssertEqual(sums.shares(of: [0, 1], weights: [0, 0], overX: 0...3), [0, 0], "nothing left to share")
        XCTAssertEqual(sums.shares(of: [0, 1], weights: [1, 1], overX: 10...20), [0, 0], "a range with no points")
    }

    func testSharesSumToOne() {
        var rng = SplitMix64(seed: 33)
        for _ in 0..<200 {
            let dataset = randomDataset(&rng, count: Int.random(in: 1...1000, using: &rng), seriesCount: 4)
            let sums = RangeSums(dataset: dataset)
            let xs = Array(dataset.xs)
            let a = xs.randomElement(using: &rng)!, b = xs.randomElement(using: &rng)!
            let weights = (0..<4).map { _ in Double.random(in: 0...1, using: &rng) }
            let shares = sums.shares(of: [0, 1, 2, 3], weights: weights, overX: min(a, b)...max(a, b))
            let total = shares.reduce(0, +)
            XCTAssertTrue(total == 0 || abs(total - 1) < 1e-12, "\(shares)")
            XCTAssertTrue(shares.allSatisfy { $0 >= 0 && $0 <= 1 })
        }
    }
}
