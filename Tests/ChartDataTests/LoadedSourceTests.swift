import ChartData
import XCTest

/// A dataset in memory answers the source protocol: its M4 is `M4Reduction`'s over its
/// rows, its statistics and rows past an x are the brute force's.
final class LoadedSourceTests: XCTestCase {
    private func walk(_ rng: inout SplitMix64, count: Int) -> Dataset {
        var x = 1_700_000_000.0, a = 0.0, b = 100.0
        var xs: [Double] = [], ay: [Double] = [], by: [Double] = []
        for _ in 0..<count {
            x += [0, 1, 1, 5][Int(rng.next() % 4)]
            a += Double.random(in: -1...1, using: &rng)
            b += Double.random(in: -3...3, using: &rng)
            xs.append(x)
            ay.append(rng.next() % 20 == 0 ? .nan : a)
            by.append(b)
        }
        return Dataset(source: "walk", xs: xs, series: [Series(name: "a", ys: ay), Series(name: "b", ys: by)],
                       xKind: .time(unitsPerSecond: 1))
    }

    func testM4IsTheReductionOfItsRows() async throws {
        var rng = SplitMix64(seed: 263)
        for _ in 0..<30 {
            let dataset = walk(&rng, count: Int.random(in: 1...5_000, using: &rng))
            let source = LoadedSource(dataset: dataset)
            let xs = Array(dataset.xs)
            let start = Double.random(in: xs.first! - 10...xs.last!, using: &rng)
            let request = M4Request(series: ["b", "a"], start: start, end: Double.random(in: start...xs.last! + 10, using: &rng).nextUp,
                                    columns: Int.random(in: 1...400, using: &rng))
            let answer = try await source.m4(request)
            XCTAssertEqual(answer.request, request)
            XCTAssertEqual(answer.series.map(\.name), ["b", "a"])
            XCTAssertEqual(answer.series[0], M4Reduction.reduce(name: "b", xs: xs, ys: Array(dataset.series[1].ys), request: request))
            XCTAssertEqual(answer.series[1].xs, M4Reduction.reduce(name: "a", xs: xs, ys: Array(dataset.series[0].ys), request: request).xs)
            XCTAssertEqual(answer.rowsInRange, xs.filter { $0 >= request.start && $0 < request.end }.count)
        }
    }

    func testStatisticsAreTheBruteForce() async throws {
        var rng = SplitMix64(seed: 264)
        for _ in 0..<30 {
            let dataset = walk(&rng, count: Int.random(in: 1...3_000, using: &rng))
            let xs = Array(dataset.xs)
            let start = Double.random(in: xs.first! - 10...xs.last!, using: &rng)
            let end = Double.random(in: start...xs.last! + 10, using: &rng)
            let stats = try await LoadedSource(dataset: dataset).statistics(of: ["a"], from: start, to: end)
            let values = xs.indices.filter { xs[$0] >= start && xs[$0] < end }.map { dataset.series[0].ys[$0] }.filter { !$0.isNaN }
            XCTAssertEqual(stats[0].count, values.count)
            XCTAssertEqual(stats[0].min, values.min())
            XCTAssertEqual(stats[0].max, values.max())
            if values.isEmpty { XCTAssertNil(stats[0].mean); continue }
            let mean = values.reduce(0, +) / Double(values.count)
            XCTAssertEqual(stats[0].mean!, mean, accuracy: 1e-9)
            if values.count > 1 {
                let variance = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count - 1)
                XCTAssertEqual(stats[0].standardDeviation!, variance.squareRoot(), accuracy: 1e-9)
            } else {
                XCTAssertNil(stats[0].standardDeviation)
            }
        }
    }

    func testRowsAfterAnXAndExtent() async throws {
        var rng = SplitMix64(seed: 265)
        let dataset = walk(&rng, count: 1_000)
        let source = LoadedSource(dataset: dataset)
        let xs = Array(dataset.xs)
        let extent = try await source.extent()
        XCTAssertEqual(extent.first, xs.first)
        XCTAssertEqual(extent.last, xs.last)
        XCTAssertEqual(extent.count, 1_000)
        XCTAssertEqual(extent.series, ["a", "b"])
        let all = try await source.rows(after: nil, limit: 10)
        XCTAssertEqual(Array(all.xs), Array(xs.prefix(10)))
        let after = xs[500]
        let rows = try await source.rows(after: after, limit: 1_000_000)
        XCTAssertEqual(Array(rows.xs), xs.filter { $0 > after })
        let none = try await source.rows(after: xs.last!, limit: 5)
        XCTAssertEqual(none.count, 0)
        do {
            _ = try await source.m4(M4Request(series: ["c"], start: 0, end: 1, columns: 1))
            XCTFail("a series the data lacks")
        } catch let error as DataLoadError {
            XCTAssertTrue(error.description.contains("c"), error.description)
        }
    }

    /// What `render` draws of a queried source: the pyramid outside its range, the M4 of
    /// the range at its columns inside.
    func testARefinedRangeIsTheM4OfItsRowsInsideThePyramid() async throws {
        var rng = SplitMix64(seed: 270)
        let dataset = walk(&rng, count: 50_000)
        let source = LoadedSource(dataset: dataset)
        let xs = Array(dataset.xs)
        let pyramid = try await source.m4(M4Request(series: ["a", "b"], start: xs.first!, end: xs.last!.nextUp, columns: 64))
            .dataset(source: "walk", xKind: dataset.xKind)
        let range = xs[20_000]...xs[21_000]
        let refined = try await source.refined(pyramid, over: range, columns: 800 * RefinementPlan.columnsPerPixel)
        let extent = try await source.extent()
        let request = try XCTUnwrap(RefinementPlan(extent: extent, rowLimit: .max)?.request(for: range, columns: 800))
        let expected = M4Reduction.reduce(name: "b", xs: xs, ys: Array(dataset.series[1].ys), request: request)
        let b = refined.series[1]
        let own = (b.ownIndices ?? Array(0..<Int32(refined.count))).map(Int.init)
        let inside = own.filter { refined.xs[$0] >= request.start && refined.xs[$0] < request.end }
        XCTAssertEqual(inside.map { refined.xs[$0] }, expected.xs)
        XCTAssertEqual(inside.map { b.ys[$0] }, expected.ys)
        XCTAssertLessThan(refined.count, 50_000, "the pyramid outside")
        // Every row read: nothing to refine.
        let whole = try await source.refined(dataset, over: range, columns: 100)
        XCTAssertEqual(whole.count, dataset.count)
    }
}
