import ChartData
import ChartSources
import Foundation
import XCTest
@testable import ChartServerSources

/// The figures of BENCHMARKS.md for the two-shard cluster, over the W1 walk that
/// `scripts/db/clickhouse.sh load-walk N` generates in the servers: run only when
/// SIGHTLINE_CH_BENCH names that N (the rows are not committed, and loading 10M takes
/// a minute; SIGHTLINE_CH_BENCH_TABLE names another table of the same walk, `walk` by
/// default). It prints the times and bytes, and checks what must hold whatever the
/// machine: the answer of a 1M-row view keeps the M4 of its rows (`m4Violation`), and each answer's
/// bytes stay within 4 × w × (a point's 16 bytes) plus the column's own.
final class ClickHouseBenchmarkTests: XCTestCase {
    private func walkRows() throws -> Int {
        guard let rows = ProcessInfo.processInfo.environment["SIGHTLINE_CH_BENCH"].flatMap(Int.init) else {
            throw XCTSkip("SIGHTLINE_CH_BENCH=N runs the benchmark over a walk of N rows (load it with clickhouse.sh load-walk N)")
        }
        try ClickHouseCluster.require()
        return rows
    }

    private var table: String { ProcessInfo.processInfo.environment["SIGHTLINE_CH_BENCH_TABLE"] ?? "walk" }

    /// The pyramid (the first picture of a table past 2M rows): built from the cluster,
    /// then reopened from the levels cache. Synchronous, as the loading thread reads.
    func testWalkPyramid() throws {
        let rows = try walkRows()
        let source = try ClickHouseCluster.source("table=\(table)&y=y")
        let folder = NSTemporaryDirectory() + "sightline-ch-bench-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var read = QueriedRead(cache: DatasetCache(folder: folder))
        read.allRowsLimit = min(read.allRowsLimit, rows - 1)
        for pass in ["build", "reopen"] {
            let began = Date()
            let pyramid = try read.read(source, options: LoadOptions(), progress: nil)
            print(String(format: "clickhouse pyramid %@: %.3f s, %d points", pass, Date().timeIntervalSince(began), pyramid.count))
        }
    }

    func testWalkFigures() async throws {
        let rows = try walkRows()
        let source = try ClickHouseCluster.source("table=\(table)&y=y")
        let extent = try await source.extent()
        XCTAssertEqual(extent.count, rows, "clickhouse.sh load-walk \(rows) first")
        let first = try XCTUnwrap(extent.first), last = try XCTUnwrap(extent.last)
        let width = 1280
        let views: [(String, Double, Double)] = [
            ("all \(rows) rows", first, last.nextUp),
            ("5M rows", first + (last - first) * 0.2, first + (last - first) * 0.2 + 60 * 5_000_000),
            ("2M rows", first + (last - first) * 0.1, first + (last - first) * 0.1 + 60 * 2_000_000),
            ("1M rows", first + (last - first) * 0.3, first + (last - first) * 0.3 + 60 * 1_000_000),
            ("100k rows", first + (last - first) * 0.6, first + (last - first) * 0.6 + 60 * 100_000),
        ]
        // 1,280 columns, and 8 a pixel as the chart asks (its fidelity needs them).
        for columns in [width, width * 8] {
            for (name, start, end) in views {
                let request = M4Request(series: ["y"], start: start, end: end, columns: columns)
                var times: [Double] = []
                var answer: M4Answer?
                for _ in 0..<5 {
                    let began = Date()
                    answer = try await source.m4(request)
                    times.append(Date().timeIntervalSince(began))
                }
                let got = try XCTUnwrap(answer)
                times.sort()
                print(String(format: "clickhouse M4 %@ at %d columns: median %.3f s (min %.3f, max %.3f), %d bytes, %d points",
                             name, columns, times[2], times[0], times[4], got.bytesReceived, got.series[0].count))
                XCTAssertLessThanOrEqual(got.bytesReceived, columns * (4 * 16 + 12 + 3 * 8))
            }
        }

        // Fidelity: the 1M-row view against the M4 of every row in it, read apart.
        let (_, start, end) = try XCTUnwrap(views.first { $0.0 == "1M rows" })
        let text = String(decoding: try ClickHouseCluster.query(
            "SELECT toFloat64(t), y FROM sightline.\(table) WHERE toFloat64(t) >= \(ClickHouseSQL.literal(start)) "
            + "AND toFloat64(t) < \(ClickHouseSQL.literal(end)) FORMAT TabSeparated"), as: UTF8.self)
        var xs: [Double] = [], ys: [Double] = []
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: "\t")
            xs.append(Double(String(fields[0]))!)
            ys.append(Double(String(fields[1]))!)
        }
        let request = M4Request(series: ["y"], start: start, end: end, columns: width)
        let got = try await source.m4(request)
        XCTAssertNil(m4Violation(got.series[0], xs: xs, ys: ys, request: request))
        print("clickhouse 1M-row view: the M4 answer keeps the M4 of all \(xs.count) rows (\(got.series[0].count) points)")
    }
}
