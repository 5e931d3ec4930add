import ChartData
import ChartServerSources
import XCTest

/// The server's M4 against `M4Reduction` over every row the same source returns, for
/// seeded random ranges and widths, on a table with repeated x, tied y, NULL runs and
/// real and numeric series; and the server's statistics against the rows'.
final class PostgresM4Tests: XCTestCase {
    private struct Rows {
        var xs: [Double]
        var ys: [[Double]]
        var names: [String]
    }

    private func allRows(of source: PostgresSource) async throws -> Rows {
        let dataset = try await source.rows(after: nil, limit: 1_000_000)
        return Rows(xs: Array(dataset.xs), ys: dataset.series.map { Array($0.ys) }, names: dataset.series.map(\.name))
    }

    /// Points ordered by x then y (a break last), each once: the order the server's
    /// answer has; `M4Reduction` keeps two rows that are the same point twice.
    private func normalized(_ series: M4Series) -> [String] {
        let pairs = zip(series.xs, series.ys).sorted { a, b in
            a.0 != b.0 ? a.0 < b.0 : (!a.1.isNaN && (b.1.isNaN || a.1 < b.1))
        }
        var seen: [String] = []
        for (x, y) in pairs {
            let text = "\(x):\(y.isNaN ? "gap" : String(y))"
            if seen.last != text { seen.append(text) }
        }
        return seen
    }

    func testM4EqualsTheReductionOfEveryRow() async throws {
        let source = try PostgresServer.source("table=m4cases&x=x")
        let rows = try await allRows(of: source)
        XCTAssertEqual(rows.names, ["y1", "y2", "y3"])
        XCTAssertEqual(rows.xs.count, 30_000)
        XCTAssertTrue(rows.ys[0].contains { $0.isNaN } && rows.ys[1].contains { $0.isNaN }, "the table has NULLs")
        var generator = SeededGenerator(seed: 26)
        let first = rows.xs.first!, last = rows.xs.last!
        for round in 0..<30 {
            let span = (last - first) * pow(10, -Double.random(in: 0...4, using: &generator))
            let start = Double.random(in: (first - span * 0.1)...(last - span * 0.5), using: &generator)
            // Some ranges start and end on a row's own x (edges of columns).
            let edge = round % 3 == 0 ? rows.xs[Int.random(in: 0..<rows.xs.count, using: &generator)] : start
            let begin = min(start, edge)
            let request = M4Request(series: rows.names, start: begin, end: begin + span,
                                    columns: [1, 2, 7, 640, 1280, 4000][round % 6])
            let answer = try await source.m4(request)
            XCTAssertEqual(answer.rowsInRange, M4Reduction.rowsInRange(rows.xs, request), "round \(round)")
            XCTAssertGreaterThan(answer.bytesReceived, answer.rowsInRange > 0 ? 0 : -1)
            for (index, name) in rows.names.enumerated() {
                let expected = M4Reduction.reduce(name: name, xs: rows.xs, ys: rows.ys[index], request: request)
                XCTAssertEqual(normalized(answer.series[index]), normalized(expected),
                               "round \(round), \(name), \(request)")
                // The contract every engine's answer keeps (ClickHouse's too).
                XCTAssertNil(m4Violation(answer.series[index], xs: rows.xs, ys: rows.ys[index], request: request),
                             "round \(round), \(name)")
            }
        }
        await source.close()
    }

    /// One series asked for of several: its own points, in the request's order.
    func testM4OfSomeSeries() async throws {
        let source = try PostgresServer.source("table=m4cases&x=x")
        let rows = try await allRows(of: source)
        let request = M4Request(series: ["y3", "y1"], start: 1000, end: 50_000, columns: 300)
        let answer = try await source.m4(request)
        XCTAssertEqual(answer.series.map(\.name), ["y3", "y1"])
        XCTAssertEqual(normalized(answer.series[1]),
                       normalized(M4Reduction.reduce(name: "y1", xs: rows.xs, ys: rows.ys[0], request: request)))
        await source.close()
    }

    func testStatisticsAreTheRowsOwn() async throws {
        let source = try PostgresServer.source("table=m4cases&x=x")
        let rows = try await allRows(of: source)
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<5 {
            let start = Double.random(in: 0...60_000, using: &generator)
            let end = start + Double.random(in: 1...40_000, using: &generator)
            let stats = try await source.statistics(of: rows.names, from: start, to: end)
            for (index, name) in rows.names.enumerated() {
                let values = zip(rows.xs, rows.ys[index]).filter { $0.0 >= start && $0.0 < end && !$0.1.isNaN }.map(\.1)
                let one = stats[index]
                XCTAssertEqual(one.name, name)
                XCTAssertEqual(one.count, values.count)
                XCTAssertEqual(one.min, values.min())
                XCTAssertEqual(one.max, values.max())
                let mean = values.reduce(0, +) / Double(values.count)
                let variance = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count - 1)
                XCTAssertEqual(try XCTUnwrap(one.mean), mean, accuracy: abs(mean) * 1e-9 + 1e-9)
                XCTAssertEqual(try XCTUnwrap(one.standardDeviation), variance.squareRoot(),
                               accuracy: variance.squareRoot() * 1e-9 + 1e-9)
            }
        }
        let empty = try await source.statistics(of: ["y1"], from: -10, to: -5)
        XCTAssertEqual(empty, [ExactStatistics(name: "y1", count: 0, min: nil, max: nil, mean: nil, standardDeviation: nil)])
        await source.close()
    }
}

/// A small seeded generator (SplitMix64), so each run asks the same questions.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E4B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
