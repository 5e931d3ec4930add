import ChartData
import XCTest

/// Answers laid into a first picture, against the rule worked out by hand: at each x
/// the newest answer covering it unless an older one there is finer, else the base.
final class RefinedDataTests: XCTestCase {
    func testEachStretchShowsTheNewestAnswerCoveringItUnlessAnOlderIsFiner() async throws {
        var rng = SplitMix64(seed: 269)
        for _ in 0..<40 {
            let n = Int.random(in: 100...4_000, using: &rng)
            let xs = (0..<n).map { Double($0) }
            let rows = Dataset(source: "t", xs: xs, series: [Series(name: "y", ys: xs.map { _ in Double.random(in: 0...1, using: &rng) })])
            let source = LoadedSource(dataset: rows)
            let base = try await source.m4(M4Request(series: ["y"], start: 0, end: Double(n), columns: 10)).dataset(source: "t", xKind: .number)
            var data = RefinedData(base: base, baseResolution: 10 / Double(n))
            var answers: [M4Answer] = []
            for _ in 0..<Int.random(in: 1...5, using: &rng) {
                let a = Double.random(in: 0..<Double(n), using: &rng)
                let b = Double.random(in: a...Double(n), using: &rng).nextUp
                let answer = try await source.m4(M4Request(series: ["y"], start: a, end: b, columns: Int.random(in: 1...300, using: &rng)))
                data.lay(answer)
                answers.append(answer)
            }
            // By hand, x by x: an answer takes each x in its range that no finer answer
            // holds; the base keeps the x no answer took.
            func resolution(_ answer: M4Answer) -> Double {
                answer.series[0].count == answer.rowsInRange ? .infinity : answer.request.resolution
            }
            func owner(of x: Double) -> Int? {
                var owner: Int?
                for (k, answer) in answers.enumerated() where answer.request.start <= x && x < answer.request.end {
                    if let held = owner, resolution(answers[held]) > resolution(answer) { continue }
                    owner = k
                }
                return owner
            }
            var expected = Array(base.xs).filter { owner(of: $0) == nil }
            for (k, answer) in answers.enumerated() { expected += answer.series[0].xs.filter { owner(of: $0) == k } }
            XCTAssertEqual(Array(try data.dataset().xs), expected.sorted())
        }
    }

    func testThePiecesStayWithinTheirPointLimit() async throws {
        let xs = (0..<10_000).map(Double.init)
        let source = LoadedSource(dataset: Dataset(source: "t", xs: xs, series: [Series(name: "y", ys: xs)]))
        var data = RefinedData(base: Dataset(source: "t", xs: [0, 9_999], series: [Series(name: "y", ys: [0, 9_999])]),
                               baseResolution: 1e-4)
        data.pointLimit = 1_500
        for start in stride(from: 0.0, to: 10_000, by: 1_000) {
            data.lay(try await source.m4(M4Request(series: ["y"], start: start, end: start + 1_000, columns: 2_000)))
        }
        // Each answer is its 1,000 rows, every one: only the newest piece fits.
        XCTAssertEqual(data.pieces.count, 1)
        XCTAssertEqual(data.pieces[0].start, 9_000)
        XCTAssertEqual(data.pieces[0].resolution, .infinity, "an answer of every row resolves any view")
        XCTAssertFalse(data.isCoarse(over: 9_100...9_200, columns: 1_000_000, within: 0...9_999))
        XCTAssertTrue(data.isCoarse(over: 8_900...9_200, columns: 10, within: 0...9_999), "partly the base's")
    }

    /// Rows a follow appends join the base once, however often they are read, and a
    /// series drawn through its own points (a pyramid of two series) owns them.
    func testAppendedRowsJoinTheBaseOnceAndTheirSeriesOwnThem() throws {
        let answer = M4Answer(request: M4Request(series: ["a", "b"], start: 0, end: 10, columns: 10), series: [
            M4Series(name: "a", xs: [0, 2, 4], ys: [1, 2, 3]), M4Series(name: "b", xs: [1, 3], ys: [5, 6]),
        ], rowsInRange: 5)
        var data = RefinedData(base: try answer.dataset(source: "db", xKind: .number), baseResolution: 1)
        let rows = Dataset(source: "db", xs: [4, 5, 6], series: [Series(name: "a", ys: [3, 7, 8]), Series(name: "b", ys: [9, 10, 11])])
        data.append(rows)
        data.append(rows)
        let grown = try data.dataset()
        XCTAssertEqual(Array(grown.xs), [0, 1, 2, 3, 4, 5, 6])
        XCTAssertEqual(Array(data.base.series[0].ownIndices ?? []), [0, 2, 4, 5, 6])
        XCTAssertEqual(Array(data.base.series[1].ownIndices ?? []), [1, 3, 5, 6])
        XCTAssertEqual(grown.series[1].ys[6], 11)
    }
}
