import ChartData
import XCTest

/// `m4Violation`, the check every ClickHouse M4 answer is held to, without a server:
/// it passes the M4 of the rows with any tied row chosen and fails each real error.
final class M4ContractTests: XCTestCase {
    /// Rows with ties on x (every x twice, as on two shards), ties on y (values on a
    /// grid) and missing values.
    private func rows(seed: UInt64) -> (xs: [Double], ys: [Double]) {
        var random = SplitMix64(state: seed)
        var xs: [Double] = [], ys: [Double] = []
        for i in 0..<3000 {
            let x = Double(i / 2) * 0.7
            xs.append(x)
            ys.append(Int.random(in: 0..<40, using: &random) == 0 ? .nan : Double(Int.random(in: 0..<60, using: &random)) / 4)
        }
        return (xs, ys)
    }

    private let request = M4Request(series: ["y"], start: 3.3, end: 1000.1, columns: 97)

    /// The M4 of the rows in `order` (ascending x), as an engine would answer it.
    private func m4(_ xs: [Double], _ ys: [Double], order: [Int], request: M4Request) -> M4Series {
        M4Reduction.reduce(name: "y", xs: order.map { xs[$0] }, ys: order.map { ys[$0] }, request: request)
    }

    func testAnyOrderOfTiedRowsPasses() {
        let (xs, ys) = rows(seed: 1)
        var random = SplitMix64(state: 2)
        for _ in 0..<5 {
            // Ascending x, ties in a random order: another engine's (or run's) choice.
            let order = xs.indices.shuffled(using: &random).sorted { xs[$0] < xs[$1] }
            XCTAssertNil(m4Violation(m4(xs, ys, order: order, request: request), xs: xs, ys: ys, request: request))
        }
    }

    func testAnotherColumnFormulaFails() {
        let (xs, ys) = rows(seed: 3)
        let order = Array(xs.indices)
        for wrong in [M4Request(series: ["y"], start: 3.3, end: 1000.1, columns: 98),
                      M4Request(series: ["y"], start: 3.3 + 0.35, end: 1000.1 + 0.35, columns: 97)] {
            let answer = m4(xs, ys, order: order, request: wrong)
            XCTAssertNotNil(m4Violation(answer, xs: xs, ys: ys, request: request), "\(wrong)")
        }
    }

    func testAPointThatIsNotARowFails() {
        let (xs, ys) = rows(seed: 4)
        var answer = m4(xs, ys, order: Array(xs.indices), request: request)
        // The last row of a column with the first row's y (argMin where argMax belongs).
        let index = answer.xs.indices.first { i in
            i > 0 && answer.ys[i].isFinite && answer.ys[i - 1].isFinite && answer.ys[i] != answer.ys[i - 1]
                && !zip(xs, ys).contains { $0 == answer.xs[i] && $1 == answer.ys[i - 1] }
        }!
        answer.ys[index] = answer.ys[index - 1]
        XCTAssertTrue(m4Violation(answer, xs: xs, ys: ys, request: request)?.contains("is not a row") ?? false)
    }

    func testAMissingExtremeOrBreakFails() {
        let (xs, ys) = rows(seed: 5)
        let answer = m4(xs, ys, order: Array(xs.indices), request: request)
        let present = answer.ys.indices.filter { !answer.ys[$0].isNaN }
        let highest = present.max { answer.ys[$0] < answer.ys[$1] }!
        let gap = answer.ys.indices.first { answer.ys[$0].isNaN }!
        for dropped in [highest, gap, 0, answer.count - 1] {
            var less = answer
            less.xs.remove(at: dropped)
            less.ys.remove(at: dropped)
            XCTAssertNotNil(m4Violation(less, xs: xs, ys: ys, request: request), "without point \(dropped)")
        }
    }
}
