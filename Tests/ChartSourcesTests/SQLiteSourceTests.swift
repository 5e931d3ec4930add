import CSQLite
import ChartData
@testable import ChartSources
import Foundation
import XCTest

/// The SQLite source on real files: what it lists and chooses, the errors a user meets,
/// its statistics and rows, and that it never writes the file.
final class SQLiteSourceTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "sqlite-source-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func readings() throws -> SQLiteTestFile {
        try SQLiteTestFile.make(in: folder, [
            "CREATE TABLE readings(id INTEGER PRIMARY KEY, ts TEXT, epoch INTEGER, temp REAL, hum INTEGER, note TEXT)",
            "CREATE INDEX by_epoch ON readings(epoch)",
            "INSERT INTO readings(ts, epoch, temp, hum, note) VALUES "
                + "('2024-01-01 00:00:00', 1704067200, 1.5, 40, 'a'), ('2024-01-01T01:00:00Z', 1704070800, 2.5, 42, 'b'), "
                + "('2024-01-01 02:00:00.250', 1704074400, NULL, 45, 'c'), ('2024-01-01 03:00', 1704078000, 0.5, 41, 'd')",
            "CREATE VIEW warm AS SELECT ts, temp FROM readings WHERE temp > 1",
            "CREATE TABLE words(w TEXT, n INTEGER)",
            "INSERT INTO words VALUES ('one', 1), ('two', 2)",
            "CREATE TABLE empty(t INTEGER, v REAL)",
        ])
    }

    private func read(_ file: SQLiteTestFile, _ options: LoadOptions) throws -> Dataset {
        var source = SQLiteSource(path: file.path)
        source.reader.cache = nil
        return try source.read(options: options, progress: nil)
    }

    private func options(table: String? = nil, x: String? = nil, y: [String]? = nil, sql: String? = nil) -> LoadOptions {
        var options = LoadOptions(x: x, y: y)
        options.table = table
        options.sql = sql
        return options
    }

    func testTheListingTellsRolesFromTypesAndValuesAndIndexes() async throws {
        let listing = try await SQLiteSource(path: try readings().path).listing()
        XCTAssertEqual(listing.tables.map(\.name), ["readings", "warm", "words", "empty"])
        let readings = listing.tables[0]
        XCTAssertEqual(readings.columns.map(\.role), [.number, .time, .time, .number, .number, .other])
        XCTAssertEqual(readings.columns.map(\.indexed), [true, false, true, false, false, false],
                       "the rowid alias and the column an index leads with")
        XCTAssertEqual(listing.tables[1].kind, .view)
        XCTAssertEqual(listing.tables[1].columns.map(\.indexed), [nil, nil])
        XCTAssertEqual(listing.chartable.map(\.name), ["readings", "warm", "empty"],
                       "words has no x; empty's declared types say numbers")
    }

    func testTextDatesAreReadAsUTCSecondsToTheMillisecond() throws {
        let dataset = try read(try readings(), options(table: "readings", x: "ts", y: ["temp", "hum"]))
        XCTAssertEqual(dataset.xKind, .time(unitsPerSecond: 1))
        XCTAssertEqual(Array(dataset.xs), [1_704_067_200, 1_704_070_800, 1_704_074_400.25, 1_704_078_000])
        XCTAssertEqual(dataset.series.map(\.name), ["temp", "hum"])
        XCTAssertTrue(dataset.series[0].ys[2].isNaN, "NULL is a break")
        XCTAssertEqual(Array(dataset.series[1].ys), [40, 42, 45, 41])
    }

    func testAViewAndAQueryAreChartedAsTables() throws {
        let file = try readings()
        let view = try read(file, options(table: "warm"))
        XCTAssertEqual(Array(view.xs), [1_704_067_200, 1_704_070_800])
        XCTAssertEqual(Array(view.series[0].ys), [1.5, 2.5])
        let query = try read(file, options(sql: "SELECT epoch, hum * 2 AS twice FROM readings WHERE hum > 40;  "))
        XCTAssertEqual(query.xKind, .time(unitsPerSecond: 1), "whole Unix seconds chosen as x are instants")
        XCTAssertEqual(Array(query.xs), [1_704_070_800, 1_704_074_400, 1_704_078_000])
        XCTAssertEqual(query.series.map(\.name), ["twice"])
        XCTAssertEqual(Array(query.series[0].ys), [84, 90, 82])
    }

    func testWhatIsNotThereOrNotChartableIsNamed() throws {
        let file = try readings()
        func failure(_ options: LoadOptions) -> DataLoadError? {
            do {
                _ = try read(file, options)
                return nil
            } catch { return error as? DataLoadError }
        }
        XCTAssertEqual(failure(options(table: "nope")), .notInFile(file: file.path, flag: "--table", asked: "nope", kind: .table,
                                                                   available: ["readings", "warm", "words", "empty"]))
        XCTAssertEqual(failure(options(table: "readings", y: ["pressure"])),
                       .notInFile(file: file.path, flag: "--y", asked: "pressure", kind: .column,
                                  available: ["id", "ts", "epoch", "temp", "hum", "note"]))
        XCTAssertEqual(failure(options(table: "readings", y: ["note"])).map(\.exitCode), 64, "a text y")
        XCTAssertTrue(failure(options(table: "readings", y: ["note"]))?.description.contains("holds no numbers") ?? false)
        XCTAssertTrue(failure(options(table: "readings", x: "note"))?.description.contains("neither instants nor numbers") ?? false,
                      "text that is not dates is no x")
        XCTAssertEqual(failure(options(table: "empty")), .noData(file: file.path, reason: "the table has no rows"))
        XCTAssertEqual(failure(options(sql: "SELECT epoch, temp FROM readings WHERE 0")),
                       .noData(file: file.path, reason: "the query gives no rows"))
        XCTAssertTrue(failure(options())?.description.contains("choose a table with --table") ?? false)
        XCTAssertTrue(failure(options(table: "readings", sql: "SELECT 1"))?.description.contains("--table and --sql") ?? false)
        guard case let .rejected(_, query, message)? = failure(options(sql: "SELECT v FROM nowhere")) else {
            return XCTFail("a query SQLite rejects")
        }
        XCTAssertEqual(query, "SELECT v FROM nowhere")
        XCTAssertEqual(message, "no such table: nowhere")
        // A statement that writes is named as such (it never could: the file is opened
        // read-only), and a syntax error is SQLite's about the user's own text.
        for writes in ["DELETE FROM readings RETURNING epoch, temp", "PRAGMA writable_schema=ON", "ATTACH 'x.db' AS e"] {
            let text = failure(options(sql: writes))?.description ?? ""
            XCTAssertTrue(text.contains("--sql takes one query that reads rows"), text)
        }
        guard case let .rejected(_, _, syntax)? = failure(options(sql: "SELECT epoch, temp FROM readings WHERE")) else {
            return XCTFail("a syntax error")
        }
        XCTAssertEqual(syntax, "incomplete input", "not the subquery's \"near \")\"\"")
        XCTAssertTrue(failure(options(sql: "SELECT 1 FROM nowhere"))?.description.contains(": the database rejected SELECT") ?? false,
                      "SQLite is no server")
    }

    func testAFileWithTheHeaderThatIsNoDatabaseIsNamed() throws {
        let path = folder + "/fake.db"
        try Data(SQLiteSource.header + Array(repeating: 0x5A, count: 4_000)).write(to: URL(fileURLWithPath: path))
        XCTAssertTrue(SourceCatalog.source(for: path) is SQLiteSource, "recognised by its header, whatever its name")
        XCTAssertTrue(SourceCatalog.standard.isFile(path), "a path, made absolute for the session as a file's is")
        XCTAssertThrowsError(try SQLiteSource(path: path).read(options: LoadOptions(), progress: nil)) { error in
            guard case let .unreadable(named, reason)? = error as? DataLoadError else { return XCTFail("\(error)") }
            XCTAssertEqual(named, path)
            XCTAssertTrue(reason.contains("not a SQLite database") || reason.contains("damaged"), reason)
        }
        let csv = folder + "/data.sqlite"
        try "x,y\n1,2\n".write(toFile: csv, atomically: true, encoding: .utf8)
        XCTAssertTrue(SourceCatalog.source(for: csv) is FileSource, "a name alone does not make a database")
    }

    func testStatisticsAndFollowRowsComeFromSQLite() async throws {
        let file = try SQLiteTestFile.make(in: folder, [
            "CREATE TABLE t(x REAL, y REAL)",
            "INSERT INTO t VALUES (1, 1000000.5), (2, 1000001.5), (3, NULL), (4, 1000003.5), (5, 'n/a'), (6, 7)",
        ])
        let source = SQLiteSource(path: file.path)
        let stats = try await source.statistics(of: ["y"], from: 2, to: 6)
        XCTAssertEqual(stats.first?.count, 2, "NULL and text left out; 6 is past the range")
        XCTAssertEqual(stats.first?.min, 1_000_001.5)
        XCTAssertEqual(stats.first?.max, 1_000_003.5)
        XCTAssertEqual(stats.first?.mean, 1_000_002.5)
        XCTAssertEqual(try XCTUnwrap(stats.first?.standardDeviation), 2.0.squareRoot(), accuracy: 1e-9,
                       "two passes keep the digits a sum of squares would lose")
        let after = try await source.rows(after: 3, limit: 2)
        XCTAssertEqual(Array(after.xs), [4, 5])
        XCTAssertEqual(after.series[0].ys[0], 1_000_003.5)
        XCTAssertTrue(after.series[0].ys[1].isNaN, "text in a numeric column is a break")
        let none = try await source.rows(after: 6, limit: 10)
        XCTAssertEqual(none.xs.count, 0)
    }

    /// The source the commands and the window find by the file's name asks about the
    /// rows `--table` and `--sql` chose (its extent, M4 and statistics), not the file's
    /// default choice: two chartable tables and none named refused every command.
    func testTheSourceFoundByItsNameChartsWhatTheOptionsChoose() async throws {
        let file = try SQLiteTestFile.make(in: folder, [
            "CREATE TABLE a(t INTEGER, v REAL)", "INSERT INTO a VALUES (1, 10), (2, 20)",
            "CREATE TABLE b(t INTEGER, w REAL)", "INSERT INTO b VALUES (5, 1), (6, 2), (7, 3)",
        ])
        for utc in [false, true] {
            var table = options(table: "b")
            table.utc = utc
            let chosen = try XCTUnwrap(LocalTimeSource.wrapping(SourceCatalog.source(for: file.path), options: table)
                                       as? any QueryableSource)
            let extent = try await chosen.extent()
            XCTAssertEqual(extent.count, 3)
            XCTAssertEqual(extent.series, ["w"])
            var query = options(sql: "SELECT t, v * 2 AS doubled FROM a")
            query.utc = utc
            let queried = try XCTUnwrap(LocalTimeSource.wrapping(SourceCatalog.source(for: file.path), options: query)
                                        as? any QueryableSource)
            let stats = try await queried.statistics(of: ["doubled"], from: 1, to: 3)
            XCTAssertEqual(stats.first?.max, 40, "the query's column, not a table's")
        }
    }

    /// Two queries (or tables) of one file with the same column names, row count and x
    /// range are told apart by the levels cache: the second read the first's pyramid.
    func testTheCacheKeyNamesTheQueryOrTableChosen() async throws {
        let file = try SQLiteTestFile.make(in: folder, [
            "CREATE TABLE a(t INTEGER, v REAL)", "INSERT INTO a VALUES (1, 10), (2, 20)",
            "CREATE TABLE b(t INTEGER, v REAL)", "INSERT INTO b VALUES (1, -10), (2, -20)",
        ])
        let one = try await SQLiteSource(path: file.path, options: options(sql: "SELECT t, v AS w FROM a")).extent()
        let other = try await SQLiteSource(path: file.path, options: options(sql: "SELECT t, -v AS w FROM a")).extent()
        XCTAssertNotEqual(one.version, other.version)
        let tableA = try await SQLiteSource(path: file.path, options: options(table: "a")).extent()
        let tableB = try await SQLiteSource(path: file.path, options: options(table: "b")).extent()
        XCTAssertNotEqual(tableA.version, tableB.version)
    }

    /// Reading never writes: the file's bytes and time stay; a WAL database another
    /// connection is writing still reads its committed rows without waiting.
    func testTheFileIsOnlyReadEvenWhileAnotherProgramWrites() async throws {
        let file = try SQLiteTestFile.make(in: folder, [
            "PRAGMA journal_mode=WAL",
            "CREATE TABLE t(x INTEGER, y REAL)",
            "CREATE INDEX t_x ON t(x)",
            "INSERT INTO t WITH RECURSIVE c(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM c WHERE i < 999) SELECT i, i % 7 FROM c",
        ])
        let writer = try SQLiteTestFile.open(file.path)
        defer { sqlite3_close_v2(writer) }
        try SQLiteTestFile.exec(writer, "BEGIN IMMEDIATE")
        try SQLiteTestFile.exec(writer, "INSERT INTO t VALUES (5000, 1)")
        let before = try Data(contentsOf: URL(fileURLWithPath: file.path))
        let modified = try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date

        var reading = SQLiteSource(path: file.path)
        reading.reader.cache = nil
        let source = reading
        let dataset = try await Task.detached { try source.read(options: LoadOptions(), progress: nil) }.value
        XCTAssertEqual(dataset.xs.count, 1_000, "the committed rows, not the writer's open transaction")
        _ = try await source.m4(M4Request(series: ["y"], start: 0, end: 1_000, columns: 10))
        _ = try await source.statistics(of: ["y"], from: 0, to: 1_000)
        try SQLiteTestFile.exec(writer, "ROLLBACK")

        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: file.path)), before)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date, modified)
    }

    /// A text column of numbers written as text, as Home Assistant keeps its `state`
    /// ("21.5", and "unavailable" now and then), is a y: its numbers drawn, the other
    /// words gaps, in the first read and in the statistics the server computes.
    func testNumbersWrittenAsTextAreAYWithWordsAsGaps() async throws {
        let file = try SQLiteTestFile.make(in: folder, [
            "CREATE TABLE states(state_id INTEGER PRIMARY KEY, state TEXT, last_updated_ts REAL)",
            "INSERT INTO states(state, last_updated_ts) VALUES ('21.5', 1717200000), ('unavailable', 1717200060), "
                + "(' 22', 1717200120), ('-1e1', 1717200180)",
        ])
        let dataset = try read(file, options(x: "last_updated_ts", y: ["state"]))
        XCTAssertEqual(dataset.series.map(\.name), ["state"])
        let values = Array(dataset.series[0].ys)
        XCTAssertEqual(values[0], 21.5)
        XCTAssertTrue(values[1].isNaN, "a word is a gap")
        XCTAssertEqual(values[2], 22)
        XCTAssertEqual(values[3], -10)
        let source = SQLiteSource(path: file.path, options: options(x: "last_updated_ts", y: ["state"]))
        let statistics = try await source.statistics(of: ["state"], from: 1717200000, to: 1717200200)
        XCTAssertEqual(statistics.first?.count, 3)
        XCTAssertEqual(statistics.first?.min, -10)
    }

    /// The rowid itself (`id INTEGER PRIMARY KEY`), a count of rows that would dwarf the
    /// readings, is not drawn unless `--y` names it; nor listed as a y to choose.
    func testTheRowIdIsNoDefaultY() async throws {
        let file = try readings()
        let listing = try await SQLiteSource(path: file.path).listing()
        XCTAssertEqual(listing.tables[0].columns.map(\.isRowKey), [true, false, false, false, false, false])
        XCTAssertEqual(try read(file, options(table: "readings")).series.map(\.name), ["temp", "hum"])
        XCTAssertEqual(try read(file, options(table: "readings", y: ["id", "temp"])).series.map(\.name), ["id", "temp"])
        XCTAssertEqual(TableChoice.describe(listing.tables[0]), "readings (x: ts; y: temp, hum)")
    }

    /// The statistics' own names do not meet the user's: a table called `m` (as a
    /// recursive CTE's test table often is) with columns called `mean0` and `m0`.
    func testStatisticsOfATableCalledM() async throws {
        let file = try SQLiteTestFile.make(in: folder, [
            "CREATE TABLE m(ts INTEGER, mean0 REAL, m0 REAL)",
            "INSERT INTO m VALUES (1, 1, 10), (2, 3, 30), (3, 5, 50)",
        ])
        var options = options(y: ["mean0", "m0"])
        options.x = "ts"
        let source = SQLiteSource(path: file.path, options: options)
        let statistics = try await source.statistics(of: ["mean0", "m0"], from: 0, to: 10)
        XCTAssertEqual(statistics.map(\.mean), [3, 30])
        XCTAssertEqual(statistics.map(\.standardDeviation), [2, 20])
    }
}
