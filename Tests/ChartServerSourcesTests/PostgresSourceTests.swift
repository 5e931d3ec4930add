import ChartData
import ChartServerSources
import ChartSources
import XCTest

/// A PostgreSQL source against the real server: what it lists and chooses, each type of
/// x, the first picture, and `--follow`'s rows.
final class PostgresSourceTests: XCTestCase {
    func testListingHasTablesViewsTypesAndIndexes() async throws {
        let source = try PostgresServer.source("table=readings")
        let listing = try await source.listing()
        let names = listing.tables.map(\.name)
        for table in ["readings", "readings_view", "counters", "m4cases", "notes", "unindexed"] {
            XCTAssertTrue(names.contains(table), "\(table) in \(names)")
        }
        let readings = try XCTUnwrap(listing.tables.first { $0.name == "readings" })
        XCTAssertEqual(readings.kind, .table)
        XCTAssertEqual(readings.rowCount, 5000)
        XCTAssertEqual(readings.columns.map(\.name), ["ts", "temp", "hum", "pressure", "label"])
        XCTAssertEqual(readings.columns.map(\.role), [.time, .number, .number, .number, .other])
        XCTAssertEqual(readings.columns.map(\.type), ["timestamp with time zone", "double precision", "real",
                                                      "numeric(8,2)", "text"])
        XCTAssertEqual(readings.columns.map(\.indexed), [true, false, false, false, false])
        XCTAssertEqual(listing.tables.first { $0.name == "readings_view" }?.kind, .view)
        XCTAssertFalse(listing.chartable.contains { $0.name == "notes" }, "text beside x charts nothing")
        await source.close()
    }

    func testExtentAndTheChoiceOfColumns() async throws {
        let source = try PostgresServer.source("table=readings")
        let extent = try await source.extent()
        XCTAssertEqual(extent.series, ["temp", "hum", "pressure"], "every numeric column but x")
        XCTAssertEqual(extent.first, 1_704_067_200)  // 2024-01-01 00:00 UTC
        XCTAssertEqual(extent.last, 1_704_067_200 + 4999 * 60)
        XCTAssertEqual(extent.count, 5000)
        XCTAssertEqual(extent.xKind, .time(unitsPerSecond: 1))
        XCTAssertTrue(extent.xIndexed)
        XCTAssertTrue(extent.version.contains("count=5000"), extent.version)
        await source.close()
    }

    /// A small table is read whole: every row, NULLs as breaks, in x order.
    func testReadGivesEveryRowOfASmallTable() throws {
        let source = try PostgresServer.source("table=readings&y=temp")
        var options = LoadOptions()
        options.usesCache = false
        let dataset = try source.read(options: options, progress: nil)
        XCTAssertEqual(dataset.xs.count, 5000)
        XCTAssertEqual(dataset.series.map(\.name), ["temp"])
        XCTAssertEqual(dataset.xKind, .time(unitsPerSecond: 1))
        XCTAssertEqual(dataset.series[0].ys.filter(\.isNaN).count, 52, "every 97th temp is NULL")
        XCTAssertEqual(dataset.xs[1] - dataset.xs[0], 60)
        XCTAssertEqual(dataset.warnings, [], "x is indexed")
    }

    /// A table without an index on x says what that costs, and the cure.
    func testATableWithoutAnIndexOnXIsWarnedOf() throws {
        let source = try PostgresServer.source("table=unindexed")
        var options = LoadOptions()
        options.usesCache = false
        let dataset = try source.read(options: options, progress: nil)
        XCTAssertEqual(dataset.warnings.count, 1)
        XCTAssertTrue(dataset.warnings.first?.contains("CREATE INDEX ON \"unindexed\" (\"x\")") == true,
                      "\(dataset.warnings)")
    }

    /// bigint, timestamp (read as UTC), date and a view each serve as x.
    func testEachKindOfX() async throws {
        let counters = try PostgresServer.source("table=counters&y=v")
        let counted = try await counters.extent()
        XCTAssertEqual([counted.first, counted.last], [10, 30_000])
        XCTAssertEqual(counted.xKind, .number)
        let local = try PostgresServer.source("table=local_times")
        let hours = try await local.rows(after: nil, limit: 2)
        XCTAssertEqual(Array(hours.xs), [1_685_620_800, 1_685_624_400], "2023-06-01 12:00 as UTC")
        let days = try PostgresServer.source("table=days")
        let dayRows = try await days.rows(after: nil, limit: 2)
        XCTAssertEqual(Array(dayRows.xs), [1_577_836_800, 1_577_923_200], "2020-01-01 midnight UTC")
        let view = try PostgresServer.source("table=readings_view")
        let viewed = try await view.m4(M4Request(series: ["temp"], start: 1_704_067_200, end: 1_704_067_200 + 3600, columns: 4))
        XCTAssertEqual(viewed.rowsInRange, 60 - 1, "the view leaves out NULL temps (row 5)")
        for source in [counters, local, days, view] { await source.close() }
    }

    /// `?sql=` charts a query's rows as a table's.
    func testAQueryRunsAsASubquery() async throws {
        let sql = "SELECT n, v * 2 AS doubled FROM counters WHERE n <= 100"
        let source = try PostgresServer.source("sql=" + sql.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)
        let extent = try await source.extent()
        XCTAssertEqual(extent.series, ["doubled"])
        XCTAssertEqual(extent.count, 10)
        let rows = try await source.rows(after: nil, limit: 100)
        XCTAssertEqual(Array(rows.series[0].ys), (1...10).map { Double((($0 * 7919) % 1000) * 2) })
        await source.close()
        // Another query of the same columns, count and newest x: another key in the levels cache.
        let other = "SELECT n, v * 3 AS doubled FROM counters WHERE n <= 100"
        let second = try PostgresServer.source("sql=" + other.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)
        let otherExtent = try await second.extent()
        XCTAssertEqual(otherExtent.count, extent.count)
        XCTAssertNotEqual(otherExtent.version, extent.version)
        await second.close()
    }

    /// An unordered table (rows stored out of x order) and one without an index answer
    /// the same M4 as their rows; the extent says which has no index.
    func testUnorderedAndUnindexedTables() async throws {
        for table in ["unordered", "unindexed"] {
            let source = try PostgresServer.source("table=\(table)")
            let rows = try await source.rows(after: nil, limit: 10_000)
            XCTAssertEqual(Array(rows.xs), (1...2000).map(Double.init), table)
            let request = M4Request(series: ["y"], start: 100, end: 1900, columns: 50)
            let answer = try await source.m4(request)
            let expected = M4Reduction.reduce(name: "y", xs: Array(rows.xs), ys: Array(rows.series[0].ys), request: request)
            XCTAssertEqual(answer.series[0].xs, expected.xs, table)
            // Bytes measured off the wire, within 4 rows of (x, y) a column: a DataRow of
            // two float8 is 31 bytes.
            XCTAssertGreaterThan(answer.bytesReceived, 0)
            XCTAssertLessThanOrEqual(answer.bytesReceived, 4 * request.columns * 31, table)
            let extent = try await source.extent()
            XCTAssertEqual(extent.xIndexed, table == "unordered")
            await source.close()
        }
    }

    /// The session only reads: a query that calls a function which writes (a user's
    /// own SQL function that deletes rows) is refused by the server, not run.
    func testAQueryThatWritesIsRefused() async throws {
        try PostgresServer.psql("""
            CREATE TABLE IF NOT EXISTS kept (n int); GRANT ALL ON kept TO PUBLIC;
            CREATE OR REPLACE FUNCTION emptied() RETURNS float8 LANGUAGE sql AS 'DELETE FROM kept; SELECT 1.0::float8'
            """)
        let sql = "SELECT 1::float8 AS x, emptied() AS y"
        let source = try PostgresServer.source("sql=" + sql.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)
        do {
            _ = try await source.rows(after: nil, limit: 10)
            XCTFail("the query deleted the rows of kept")
        } catch {
            XCTAssertTrue(String(describing: error).contains("cannot execute DELETE in a read-only transaction"), "\(error)")
        }
        await source.close()
    }

    /// `--follow`: rows past the last x, as they are inserted.
    func testRowsAfterSeeNewRows() async throws {
        let source = try PostgresServer.source("table=growing")
        try PostgresServer.psql("DELETE FROM growing WHERE x > 100")
        let all = try await source.rows(after: nil, limit: 1000)
        XCTAssertEqual(all.xs.last, 100)
        let none = try await source.rows(after: 100, limit: 1000)
        XCTAssertEqual(none.xs.count, 0)
        try PostgresServer.psql("INSERT INTO growing VALUES (101, 202), (102, NULL), (103, 206)")
        let fresh = try await source.rows(after: 100, limit: 2)
        XCTAssertEqual(Array(fresh.xs), [101, 102], "at most the limit, in order")
        XCTAssertEqual(fresh.series[0].ys[0], 202)
        XCTAssertTrue(fresh.series[0].ys[1].isNaN)
        let rest = try await source.rows(after: 102, limit: 10)
        XCTAssertEqual(Array(rest.xs), [103])
        try PostgresServer.psql("DELETE FROM growing WHERE x > 100")
        await source.close()
    }
}
