import ChartData
@testable import ChartSources
import Foundation
import XCTest

/// SQLite's M4 statement against `M4Reduction` over every row, on seeded random tables
/// with NULLs, ties of x and of y, rows inserted out of order, with an index on x and
/// without; what SQLite's plan reads; and a cancelled question stopping SQLite.
final class SQLiteM4Tests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "sqlite-m4-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// A table of `count` rows: x on a coarse grid (so rows share an x), y of few values
    /// (so extremes tie), some NULL, inserted in a shuffled order.
    private func randomTable(seed: UInt64, count: Int, indexed: Bool) throws -> SQLiteTestFile {
        var generator = SplitMix64(seed: seed)
        var rows: [String] = []
        for _ in 0..<count {
            let x = Double(generator.next() % 400) * 0.25 - 20
            let a = generator.next() % 9 == 0 ? Double.nan : Double(generator.next() % 11) - 5
            let b = generator.next() % 5 == 0 ? Double.nan : Double(Int64(generator.next() % 1_000_000)) / 1_000
            rows.append("(\(SQLiteTestFile.literal(x)), \(SQLiteTestFile.literal(a)), \(SQLiteTestFile.literal(b)))")
        }
        return try SQLiteTestFile.make(in: folder, ["CREATE TABLE t(x REAL, a INTEGER, b REAL)",
                                                    "INSERT INTO t VALUES " + rows.joined(separator: ", ")]
                                       + (indexed ? ["CREATE INDEX t_x ON t(x)"] : []))
    }

    private func same(_ answer: M4Series, _ reference: M4Series, _ context: String) {
        XCTAssertEqual(answer.xs, reference.xs, context)
        XCTAssertEqual(answer.ys.map { $0.isNaN ? "NaN" : "\($0)" }, reference.ys.map { $0.isNaN ? "NaN" : "\($0)" }, context)
    }

    func testM4EqualsTheReductionOfEveryRow() async throws {
        for seed in UInt64(1)...6 {
            let file = try randomTable(seed: seed, count: 300 + Int(seed) * 150, indexed: seed % 2 == 0)
            let source = SQLiteSource(path: file.path)
            let all = try await source.rows(after: nil, limit: .max)
            XCTAssertEqual(all.series.map(\.name), ["a", "b"])
            var generator = SplitMix64(seed: seed &* 977)
            for round in 0..<12 {
                let start = Double(generator.next() % 500) * 0.2 - 30
                let end = start + 0.05 + Double(generator.next() % 1_000) * 0.13
                let columns = 1 + Int(generator.next() % 90)
                let request = M4Request(series: ["a", "b"], start: start, end: end, columns: columns)
                let answer = try await source.m4(request)
                let context = "seed \(seed) round \(round): [\(start), \(end)) at \(columns)"
                for (index, series) in all.series.enumerated() {
                    let reference = M4Reduction.reduce(name: series.name, xs: Array(all.xs), ys: Array(series.ys), request: request)
                    same(answer.series[index], reference, context + " " + series.name)
                }
                XCTAssertEqual(answer.rowsInRange, M4Reduction.rowsInRange(Array(all.xs), request), context)
            }
        }
    }

    /// Column edges: x exactly on the boundaries the formula puts them at, a row at the
    /// range's start and just before its end.
    func testRowsOnColumnEdgesFallAsTheFormulaSays() async throws {
        let xs = (0..<200).map { Double($0) / 7 }
        let values = xs.enumerated().map { "(\(SQLiteTestFile.literal($1)), \($0 % 13))" }.joined(separator: ", ")
        let file = try SQLiteTestFile.make(in: folder, ["CREATE TABLE t(x REAL, y REAL)", "INSERT INTO t VALUES " + values])
        let source = SQLiteSource(path: file.path)
        for columns in [3, 7, 10, 64, 199] {
            let request = M4Request(series: ["y"], start: xs[7], end: xs[190], columns: columns)
            let answer = try await source.m4(request)
            same(answer.series[0], M4Reduction.reduce(name: "y", xs: xs, ys: (0..<200).map { Double($0 % 13) }, request: request),
                 "\(columns) columns")
        }
    }

    /// With an index on x the statement searches the index for the range, so it reads
    /// only the rows in view; without one it scans, and the first read says so.
    func testAnIndexOnXIsSearchedAndItsAbsenceIsSaid() async throws {
        let indexed = SQLiteSource(path: try randomTable(seed: 9, count: 500, indexed: true).path)
        let request = M4Request(series: ["a"], start: 0, end: 10, columns: 20)
        let plan = try await indexed.m4Plan(request)
        XCTAssertTrue(plan.contains { $0.hasPrefix("SEARCH t USING") && $0.contains("INDEX t_x (x>? AND x<?)") },
                      plan.joined(separator: "\n"))
        XCTAssertFalse(plan.contains { $0.hasPrefix("SCAN t") }, plan.joined(separator: "\n"))
        let indexedExtent = try await indexed.extent()
        XCTAssertTrue(indexedExtent.xIndexed)

        var plain = SQLiteSource(path: try randomTable(seed: 9, count: 500, indexed: false).path)
        let plainPlan = try await plain.m4Plan(request)
        XCTAssertTrue(plainPlan.contains { $0.hasPrefix("SCAN t") }, plainPlan.joined(separator: "\n"))
        let plainExtent = try await plain.extent()
        XCTAssertFalse(plainExtent.xIndexed)
        plain.reader.cache = nil
        plain.reader.allRowsLimit = 100
        plain.reader.pyramidColumns = 64
        plain.reader.pyramidChunks = 4
        let source = plain
        let pyramid = try await Task.detached { try source.read(options: LoadOptions(), progress: nil) }.value
        XCTAssertEqual(pyramid.warnings, ["no index on x: each refinement scans all 500 rows; "
                                          + "CREATE INDEX \"by_x\" ON \"t\"(\"x\") makes them read only the rows in view"])
        XCTAssertLessThan(pyramid.xs.count, 500, "a pyramid, not every row")
    }

    /// A source whose M4 reads a cross join of 1.6 billion rows: a question that runs long.
    private func crossJoinOfABillionRows() async throws -> SQLiteSource {
        let file = try SQLiteTestFile.make(in: folder, ["CREATE TABLE n(i INTEGER)",
                                                        "INSERT INTO n WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c "
                                                        + "WHERE i < 40000) SELECT i FROM c"])
        var options = LoadOptions()
        options.sql = "SELECT a.i * 40000 + b.i AS x, a.i - b.i AS y FROM n AS a, n AS b"
        let source = SQLiteSource(path: file.path, options: options)
        _ = try await source.selection()
        return source
    }

    /// A question over a cross join of a billion rows, cancelled: SQLite is interrupted and
    /// the question throws `CancellationError` rather than running on.
    func testCancellingInterruptsALongQuery() async throws {
        let source = try await crossJoinOfABillionRows()
        let started = Date()
        let task = Task { try await source.m4(M4Request(series: ["y"], start: 0, end: 2e9, columns: 100)) }
        try await Task.sleep(nanoseconds: 300_000_000)
        task.cancel()
        do {
            _ = try await task.value
            XCTFail("a billion rows cannot have been grouped in 0.3 s")
        } catch is CancellationError {
        } catch {
            XCTFail("\(error)")
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 60, "interrupted, not run to its end")
    }

    /// The same question left to run stops at its limit (`SIGHTLINE_SQLITE_TIMEOUT`, set
    /// low here) with a message naming the limit, not a silent wait.
    func testAQuestionPastItsLimitStopsAndSaysSo() async throws {
        let source = try await crossJoinOfABillionRows()
        setenv("SIGHTLINE_SQLITE_TIMEOUT", "0.5", 1)
        defer { unsetenv("SIGHTLINE_SQLITE_TIMEOUT") }
        do {
            _ = try await source.m4(M4Request(series: ["y"], start: 0, end: 2e9, columns: 100))
            XCTFail("a billion rows cannot have been read in 0.5 s")
        } catch let error as DataLoadError {
            XCTAssertTrue("\(error)".contains("ran longer than 0.5 s"), "\(error)")
            XCTAssertTrue("\(error)".contains("SIGHTLINE_SQLITE_TIMEOUT"), "\(error)")
        }
    }
}
