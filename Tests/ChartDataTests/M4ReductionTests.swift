import ChartData
import XCTest

/// The M4 of rows in memory against brute force per pixel column, on seeded rows with
/// ties in x and missing values; and answers as a chart's data (`dataset`, `joining`).
final class M4ReductionTests: XCTestCase {
    private func rows(_ rng: inout SplitMix64, count: Int) -> (xs: [Double], ys: [Double]) {
        var x = Double.random(in: -1e4...1e4, using: &rng)
        var xs: [Double] = [], ys: [Double] = []
        for _ in 0..<count {
            x += [0, 0.25, 1, 3, 40][Int(rng.next() % 5)]
            xs.append(x)
            ys.append(rng.next() % 12 == 0 ? .nan : Double(Int.random(in: -50...50, using: &rng)))
        }
        return (xs, ys)
    }

    private func randomRequest(_ rng: inout SplitMix64, over xs: [Double]) -> M4Request {
        let a = Double.random(in: xs.first! - 50...xs.last!, using: &rng)
        let b = Double.random(in: a...xs.last! + 50, using: &rng).nextUp
        return M4Request(series: ["y"], start: a, end: b, columns: Int.random(in: 1...300, using: &rng))
    }

    /// Every kept point is a row in range, kept once, ascending; per column the first and
    /// last x, the lowest and highest y and the first missing value are kept, and no
    /// more than those.
    func testEachColumnKeepsItsFirstLastLowestHighestAndBreak() {
        var rng = SplitMix64(seed: 260)
        for _ in 0..<300 {
            let (xs, ys) = rows(&rng, count: Int.random(in: 0...2_000, using: &rng))
            guard !xs.isEmpty else { continue }
            let request = randomRequest(&rng, over: xs)
            let kept = M4Reduction.reduce(name: "y", xs: xs, ys: ys, request: request)
            // The rows of each column, by index.
            var columns: [Int: [Int]] = [:]
            for i in xs.indices { if let k = request.column(of: xs[i]) { columns[k, default: []].append(i) } }
            var expected: [Int] = []
            for k in columns.keys.sorted() {
                let members = columns[k]!
                var chosen: Set<Int> = [members.first!, members.last!]
                let values = members.filter { !ys[$0].isNaN }
                if let low = values.min(by: { ys[$0] < ys[$1] }) { chosen.insert(low) }
                if let high = values.max(by: { ys[$0] < ys[$1] }) { chosen.insert(high) }
                if let gap = members.first(where: { ys[$0].isNaN }) { chosen.insert(gap) }
                expected += chosen.sorted()
            }
            XCTAssertEqual(kept.xs, expected.map { xs[$0] })
            XCTAssertEqual(kept.ys.map(\.bitPattern), expected.map { ys[$0].bitPattern })
            XCTAssertEqual(M4Reduction.rowsInRange(xs, request), columns.values.reduce(0) { $0 + $1.count })
            XCTAssertLessThanOrEqual(kept.count, 5 * request.columns)
        }
    }

    /// A NaN in a column is kept as a break, even when the column's first and last rows
    /// have values, so a NULL draws as a gap.
    func testAMissingValueInsideAColumnStaysABreak() {
        let xs: [Double] = [0, 1, 2, 3, 4, 5, 6, 7]
        let ys: [Double] = [1, 2, .nan, 3, 4, 5, 6, 7]
        let kept = M4Reduction.reduce(name: "y", xs: xs, ys: ys, request: M4Request(series: ["y"], start: 0, end: 8, columns: 2))
        XCTAssertEqual(kept.xs, [0, 2, 3, 4, 7])
        XCTAssertTrue(kept.ys[1].isNaN)
    }

    /// Several series' answers as one dataset: the union of their x, each drawn through
    /// exactly its own points.
    func testAnAnswerAsADatasetKeepsEachSeriesOwnPoints() throws {
        var rng = SplitMix64(seed: 261)
        for _ in 0..<50 {
            let (ax, ay) = rows(&rng, count: Int.random(in: 1...500, using: &rng))
            let (bx, by) = rows(&rng, count: Int.random(in: 1...500, using: &rng))
            let lo = min(ax.first!, bx.first!), hi = max(ax.last!, bx.last!).nextUp
            let request = M4Request(series: ["a", "b"], start: lo, end: hi, columns: Int.random(in: 1...200, using: &rng))
            let answer = M4Answer(request: request, series: [
                M4Reduction.reduce(name: "a", xs: ax, ys: ay, request: request),
                M4Reduction.reduce(name: "b", xs: bx, ys: by, request: request),
            ], rowsInRange: ax.count + bx.count)
            let dataset = try answer.dataset(source: "db", xKind: .number)
            XCTAssertEqual(dataset.source, "db")
            XCTAssertEqual(dataset.series.map(\.name), ["a", "b"])
            XCTAssertEqual(Array(dataset.xs), (answer.series[0].xs + answer.series[1].xs).sorted())
            for (s, one) in answer.series.enumerated() {
                let own = try XCTUnwrap(dataset.series[s].ownIndices ?? Array(0..<Int32(dataset.count)))
                XCTAssertEqual(own.map { dataset.xs[Int($0)] }, one.xs)
                XCTAssertEqual(own.map { dataset.series[s].ys[Int($0)].bitPattern }, one.ys.map(\.bitPattern))
            }
        }
    }

    /// Adjoining answers joined are one answer over the whole range: their points in
    /// order, their columns and rows summed.
    func testJoiningAdjoiningAnswers() {
        var rng = SplitMix64(seed: 262)
        for _ in 0..<50 {
            let (xs, ys) = rows(&rng, count: Int.random(in: 1...1_000, using: &rng))
            let cuts = ([xs.first!, xs.last!.nextUp] + (0..<Int.random(in: 0...4, using: &rng)).map { _ in
                Double.random(in: xs.first!...xs.last!, using: &rng)
            }).sorted()
            var answers: [M4Answer] = []
            for (start, end) in zip(cuts, cuts.dropFirst()) where start < end {
                let request = M4Request(series: ["y"], start: start, end: end, columns: Int.random(in: 1...50, using: &rng))
                answers.append(M4Answer(request: request, series: [M4Reduction.reduce(name: "y", xs: xs, ys: ys, request: request)],
                                        rowsInRange: M4Reduction.rowsInRange(xs, request), bytesReceived: 10))
            }
            let joined = M4Answer.joining(answers)
            XCTAssertEqual(joined.request.start, answers.first!.request.start)
            XCTAssertEqual(joined.request.end, answers.last!.request.end)
            XCTAssertEqual(joined.request.columns, answers.reduce(0) { $0 + $1.request.columns })
            XCTAssertEqual(joined.rowsInRange, xs.count)
            XCTAssertEqual(joined.bytesReceived, 10 * answers.count)
            XCTAssertEqual(joined.series[0].xs, answers.flatMap { $0.series[0].xs })
            XCTAssertEqual(joined.series[0].ys.map(\.bitPattern), answers.flatMap { $0.series[0].ys.map(\.bitPattern) })
        }
    }
}
