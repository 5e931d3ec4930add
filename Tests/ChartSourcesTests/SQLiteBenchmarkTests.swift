import ChartData
@testable import ChartSources
import Foundation
import XCTest

/// Figures for BENCHMARKS.md, not a check of speed: run only where
/// `SIGHTLINE_SQLITE_BENCH` names a SQLite file of the W1 walk (table `w1`, x Unix
/// seconds a minute apart, indexed or not), it prints the M4 refinement of views of
/// 100k, 1M and 10M rows at 1,280 columns (time, rows and bytes back), and checks a
/// narrow view's answer against the M4 of every row in it.
final class SQLiteBenchmarkTests: XCTestCase {
    func testRefinementFigures() async throws {
        guard let path = ProcessInfo.processInfo.environment["SIGHTLINE_SQLITE_BENCH"] else {
            throw XCTSkip("SIGHTLINE_SQLITE_BENCH names no database")
        }
        let source = SQLiteSource(path: path)
        let extent = try await source.extent()
        let first = try XCTUnwrap(extent.first)
        print("SQLite bench: \(extent.count) rows, x indexed: \(extent.xIndexed)")
        for rows in [100_000, 1_000_000, 10_000_000] where rows <= extent.count {
            let request = M4Request(series: extent.series, start: first, end: first + 60 * Double(rows), columns: 1_280)
            var times: [Double] = []
            var answer: M4Answer?
            for _ in 0..<3 {
                let started = Date()
                answer = try await source.m4(request)
                times.append(Date().timeIntervalSince(started))
            }
            let points = answer.map { $0.series.reduce(0) { $0 + $1.count } } ?? 0
            print(String(format: "SQLite bench: view of %d rows at 1280 columns: best %.3f s, median %.3f s; %d points, %d bytes back",
                         answer?.rowsInRange ?? 0, times.min() ?? 0, times.sorted()[1], points, answer?.bytesReceived ?? 0))
        }
        let narrow = M4Request(series: extent.series, start: first + 60 * 1_234_567, end: first + 60 * 1_284_567, columns: 1_280)
        let answer = try await source.m4(narrow)
        let rows = try await source.rows(after: narrow.start.nextDown, limit: 50_000)
        let reference = M4Reduction.reduce(name: extent.series[0], xs: Array(rows.xs), ys: Array(rows.series[0].ys), request: narrow)
        XCTAssertEqual(answer.series[0], reference, "the narrow view is the M4 of every row in it")
        print("SQLite bench: narrow view of \(answer.rowsInRange) rows: \(answer.series[0].count) points, equal to the M4 of all rows")
    }
}
