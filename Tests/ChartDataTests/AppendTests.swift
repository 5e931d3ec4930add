@testable import ChartData
import XCTest

/// Growing a source as rows are appended (`--follow`) must give what building it at
/// once over the same points gives: the same levels of detail, range answers and gaps.
final class AppendTests: XCTestCase {
    private func walk(_ count: Int, using rng: inout SplitMix64) -> [Double] {
        var y = 0.0
        return (0..<count).map { _ in
            switch Int.random(in: 0..<100, using: &rng) {
            case 0..<3: return .nan
            case 3..<10: return y
            case 10: return y + Double.random(in: -1000...1000, using: &rng)
            default:
                y += Double(Int.random(in: -2...2, using: &rng))
                return y
            }
        }
    }

    /// A ladder grown by appends of random sizes (one point to thousands), with gaps
    /// found along the way, equals the ladder built over all the points at once, at
    /// every step and every level.
    func testLadderGrownByAppendsEqualsLadderBuiltAtOnce() {
        var rng = SplitMix64(seed: 25)
        for round in 0..<12 {
            let total = Int.random(in: 2...60_000, using: &rng)
            let ys = walk(total, using: &rng)
            let gapStarts = (0..<total - 1).filter { _ in Int.random(in: 0..<400, using: &rng) == 0 }
            let smallestLevel = round % 2 == 0 ? 2_000 : 16
            func gaps(upTo count: Int) -> [Int] { gapStarts.filter { $0 + 1 < count } }
            var count = Int.random(in: 1...min(total, 50), using: &rng)
            var ladder = MinMaxLOD(ys: Array(ys[..<count]), gapStarts: gaps(upTo: count), smallestLevel: smallestLevel)
            var index = RangeMinMax(ys: Array(ys[..<count]))
            while count < total {
                let step = [1, 7, 64, 500, 5_000].randomElement(using: &rng)!
                let grown = min(total, count + Int.random(in: 1...step, using: &rng))
                let prefix = Array(ys[..<grown])
                ladder = ladder.appending(ys: prefix, oldCount: count, gapStarts: gaps(upTo: grown), smallestLevel: smallestLevel)
                index = index.appending(ys: prefix)
                let whole = MinMaxLOD(ys: prefix, gapStarts: gaps(upTo: grown), smallestLevel: smallestLevel)
                XCTAssertEqual(ladder.levels, whole.levels, "round \(round): \(count) → \(grown) points")
                let built = RangeMinMax(ys: prefix)
                for _ in 0..<20 {
                    let a = Int.random(in: 0...grown, using: &rng), b = Int.random(in: 0...grown, using: &rng)
                    let range = min(a, b)..<max(a, b)
                    let (got, want) = (index.minMax(in: range), built.minMax(in: range))
                    XCTAssertEqual(got?.min, want?.min, "round \(round): \(range) of \(grown)")
                    XCTAssertEqual(got?.max, want?.max, "round \(round): \(range) of \(grown)")
                }
                count = grown
            }
        }
    }

    /// A source grown by appends has the x, gaps, ladders and y fits of the source built
    /// over the whole file; x stays a formula while the appended rows keep its step.
    func testSourceGrownByAppendsEqualsSourceBuiltAtOnce() {
        var rng = SplitMix64(seed: 26)
        for round in 0..<6 {
            let total = Int.random(in: 100...30_000, using: &rng)
            var x = 0.0
            let evenlySpaced = round % 3 == 0
            let xs: [Double] = (0..<total).map { _ in
                defer { x += evenlySpaced || Int.random(in: 0..<300, using: &rng) != 0 ? 1 : 100 }
                return x
            }
            let columns = [walk(total, using: &rng), walk(total, using: &rng)]
            func rows(_ range: Range<Int>) -> Dataset {
                Dataset(source: "log.csv", xs: Array(xs[range]),
                        series: columns.enumerated().map { Series(name: "s\($0.offset)", ys: Array($0.element[range])) })
            }
            var count = Int.random(in: 2...50, using: &rng)
            var source = DataSource(dataset: rows(0..<count))
            while count < total {
                let grown = min(total, count + Int.random(in: 1...3_000, using: &rng))
                source = source.appending(rows(count..<grown), connectsGaps: false)
                count = grown
            }
            let whole = DataSource(dataset: rows(0..<total))
            XCTAssertEqual(source.dataset.xs, whole.dataset.xs, "round \(round)")
            // NaN (gaps) compare by their bits.
            XCTAssertTrue(zip(source.dataset.series, whole.dataset.series).allSatisfy { $0.ys.map(\.bitPattern) == $1.ys.map(\.bitPattern) },
                          "round \(round)")
            XCTAssertEqual(source.dataset.xs.isRegular, evenlySpaced, "round \(round)")
            XCTAssertEqual(source.gaps, whole.gaps, "round \(round)")
            XCTAssertEqual(source.details.map(\.levels), whole.details.map(\.levels), "round \(round)")
            for _ in 0..<50 {
                let a = Double.random(in: -10...x + 10, using: &rng), b = Double.random(in: -10...x + 10, using: &rng)
                let range = min(a, b)...max(a, b)
                let (got, want) = (source.yBounds(inX: range), whole.yBounds(inX: range))
                XCTAssertEqual(got?.min, want?.min, "round \(round): \(range)")
                XCTAssertEqual(got?.max, want?.max, "round \(round): \(range)")
            }
        }
    }
}

extension AppendTests {
    /// Two rows a second apart, then rows every 20 s: the median spacing is taken again
    /// as the rows come, so the line is drawn, as the source built at once draws it.
    func testGapThresholdFollowsTheSpacingAsRowsCome() {
        func rows(_ xs: [Double]) -> Dataset {
            Dataset(source: "log.csv", xs: xs, series: [Series(name: "v", ys: xs.map { $0 * 2 })])
        }
        var source = DataSource(dataset: rows([0, 1]))
        var xs: [Double] = [0, 1]
        for step in 1...6 {
            let x = 1 + Double(step) * 20
            xs.append(x)
            source = source.appending(rows([x]), connectsGaps: false)
        }
        XCTAssertEqual(source.gaps.starts, [], "a 20 s step is the usual spacing by now")
        XCTAssertEqual(source.gaps, DataSource(dataset: rows(xs)).gaps)
        XCTAssertEqual(source.details.map(\.levels), DataSource(dataset: rows(xs)).details.map(\.levels))
    }
}
