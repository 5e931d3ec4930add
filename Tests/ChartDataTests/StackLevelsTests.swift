import ChartData
import XCTest

/// The merge rules of a stack's levels, on seeded random data with gaps (NaN), ties and
/// spikes, at every level, checked against direct computations over each bucket's steps.
final class StackLevelsTests: XCTestCase {
    private func randomColumns(count: Int, series: Int, using rng: inout SplitMix64) -> [[Double]] {
        (0..<series).map { _ in
            var y = Double(Int.random(in: 0...50, using: &rng))
            return (0..<count).map { _ in
                switch Int.random(in: 0..<100, using: &rng) {
                case 0..<4: return .nan
                case 4..<10: return y
                case 10: return y + Double.random(in: 0...1000, using: &rng)
                default:
                    y = max(0, y + Double.random(in: -3...3, using: &rng))
                    return y
                }
            }
        }
    }

    /// Each level's buckets, with the steps each merges.
    private func forEachBucket(_ levels: StackLevels, _ body: (_ level: Int, _ bucket: StackLevels.Bucket, _ steps: Range<Int>) -> Void) {
        var level = 0
        while levels.bucketCount(level: level) >= 1 {
            for b in 0..<levels.bucketCount(level: level) {
                let first = b * levels.bucketSize(level: level)
                body(level, levels.bucket(b, level: level), first..<min(first + levels.bucketSize(level: level), levels.stepCount))
            }
            if levels.bucketCount(level: level) == 1 { break }
            level += 1
        }
    }

    /// Stacks diverge, so the total that counts is how high the positive values reach:
    /// some series here are negative, some of mixed signs.
    func testAMergedStackedBucketIsTheRealStepWithTheLargestTotalOfPositiveValues() {
        var rng = SplitMix64(seed: 31)
        for _ in 0..<30 {
            let count = Int.random(in: 1...3_000, using: &rng)
            let columns = randomColumns(count: count, series: Int.random(in: 1...5, using: &rng), using: &rng).map { column in
                switch Int.random(in: 0..<3, using: &rng) {
                case 0: return column.map { -$0 }
                case 1: return column.map { Bool.random(using: &rng) ? -$0 : $0 }
                default: return column
                }
            }
            let levels = StackLevels(xs: XValues(first: 0, step: 1, count: count), columns: columns, merge: .largestTotal)
            func total(_ i: Int) -> Double { columns.reduce(0) { $0 + ($1[i] > 0 ? $1[i] : 0) } }
            forEachBucket(levels) { level, bucket, steps in
                let best = steps.max { total($0) < total($1) || (total($0) == total($1) && $0 > $1) }!
                let expected = columns.map { $0[best] }
                XCTAssertTrue(zip(bucket.values, expected).allSatisfy { $0 == $1 || ($0.isNaN && $1.isNaN) },
                              "level \(level), steps \(steps): \(bucket.values) is not step \(best)'s \(expected)")
                let merged = bucket.values.reduce(0) { $0 + ($1 > 0 ? $1 : 0) }
                XCTAssertTrue(steps.allSatisfy { total($0) <= merged }, "no step of the bucket is taller")
                XCTAssertEqual(bucket.firstIndex, steps.lowerBound)
            }
        }
    }

    func testMaximumKeepsEachSeriesLargestValueAndNaNOnlyWhenAllAre() {
        var rng = SplitMix64(seed: 32)
        for _ in 0..<30 {
            let count = Int.random(in: 1...3_000, using: &rng)
            var columns = randomColumns(count: count, series: Int.random(in: 1...3, using: &rng), using: &rng)
            // A run of gaps longer than the finer buckets.
            if count > 40 { for i in 16..<32 { columns[0][i] = .nan } }
            let levels = StackLevels(xs: XValues(first: 0, step: 1, count: count), columns: columns, merge: .maximum)
            forEachBucket(levels) { level, bucket, steps in
                for (c, column) in columns.enumerated() {
                    let finite = steps.map { column[$0] }.filter { !$0.isNaN }
                    if let high = finite.max() {
                        XCTAssertEqual(bucket.values[c], high, "level \(level), steps \(steps), series \(c)")
                    } else {
                        XCTAssertTrue(bucket.values[c].isNaN, "a bucket of gaps stays a gap")
                    }
                }
            }
        }
    }

    func testMeanKeepsEachSeriesShareOfTheBucketsSum() {
        var rng = SplitMix64(seed: 33)
        for _ in 0..<30 {
            let count = Int.random(in: 1...3_000, using: &rng)
            let columns = randomColumns(count: count, series: Int.random(in: 2...5, using: &rng), using: &rng)
            let levels = StackLevels(xs: XValues(first: 0, step: 1, count: count), columns: columns, merge: .mean)
            forEachBucket(levels) { level, bucket, steps in
                let sums = columns.map { column in steps.reduce(0) { $0 + (column[$1].isNaN ? 0 : column[$1]) } }
                if steps.count == 1 { return }
                for c in columns.indices {
                    XCTAssertEqual(bucket.values[c], sums[c] / Double(steps.count), accuracy: 1e-9 * max(1, sums[c]))
                }
                let total = sums.reduce(0, +), meanTotal = bucket.values.reduce(0, +)
                guard total > 0 else { return }
                for c in columns.indices {
                    XCTAssertEqual(bucket.values[c] / meanTotal, sums[c] / total, accuracy: 1e-12, "level \(level), series \(c)")
                }
            }
        }
    }

    /// Means of values near `Double`'s largest, whose sums overflow, stay finite.
    func testMeansOfTheLargestValuesStayFinite() {
        let column = [1.5e308, 1.7e308, -1e308, 1e308, .nan, 1.6e308, 1.6e308, 1.6e308]
        let levels = StackLevels(xs: XValues(first: 0, step: 1, count: column.count), columns: [column], merge: .mean)
        XCTAssertEqual(levels.bucket(0, level: 1).values[0], 1.6e308, accuracy: 1e293)
        XCTAssertEqual(levels.bucket(0, level: 2).values[0], 0.8e308, accuracy: 1e293)
        XCTAssertEqual(levels.bucket(1, level: 2).values[0], 1.2e308, accuracy: 1e293, "a gap counts as 0")
        XCTAssertEqual(levels.bucket(0, level: 3).values[0], 1e308, accuracy: 1e293)
    }

    /// A bucket's x is halfway between its first and last step: a bar over it, as wide as
    /// its bucket, covers exactly its steps' bars.
    func testABucketsXIsTheMiddleOfItsSteps() {
        let xs = XValues(first: 1_600_000_000_000, step: 60_000, count: 1_000)
        let levels = StackLevels(xs: xs, columns: [Array(repeating: 1, count: 1_000)], merge: .maximum)
        for level in 0..<11 {
            let size = levels.bucketSize(level: level)
            guard 3 * size < 1_000 else { continue }
            let bucket = levels.bucket(3, level: level)
            let last = min(3 * size + size, 1_000) - 1
            XCTAssertEqual(bucket.x, (xs[3 * size] + xs[last]) / 2, "level \(level)")
            XCTAssertEqual(bucket.firstIndex, 3 * size)
            XCTAssertEqual(levels.bucket(holding: 3 * size + size - 1, level: level), 3)
        }
    }

    /// The level drawn is the finest whose buckets in view fit the budget: one level finer
    /// would exceed it.
    func testTheLevelIsTheFinestThatFitsTheBudget() {
        let levels = StackLevels(xs: XValues(first: 0, step: 1, count: 1_000_000), columns: [[Double](repeating: 1, count: 1_000_000)],
                                 merge: .maximum)
        var rng = SplitMix64(seed: 34)
        for _ in 0..<200 {
            let a = Int.random(in: 0..<1_000_000, using: &rng), b = Int.random(in: 0..<1_000_000, using: &rng)
            let visible = min(a, b)..<max(a, b) + 1
            let width = Int.random(in: 1...2_000, using: &rng)
            let perPixel = [1.0, 2.0].randomElement(using: &rng)!
            let level = levels.level(forVisible: visible, plotWidth: width, stepsPerPixel: perPixel)
            func buckets(_ level: Int) -> Int { levels.bucket(holding: visible.upperBound - 1, level: level) - levels.bucket(holding: visible.lowerBound, level: level) + 1 }
            let budget = Int(perPixel * Double(width))
            XCTAssertLessThanOrEqual(buckets(level), budget)
            if level > 0 { XCTAssertGreaterThan(buckets(level - 1), budget) }
        }
        XCTAssertEqual(levels.level(forVisible: 0..<500, plotWidth: 500, stepsPerPixel: 1), 0, "every step fits")
    }
}
