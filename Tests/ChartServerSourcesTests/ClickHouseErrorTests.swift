import ChartData
import ChartSources
import Foundation
import XCTest
@testable import ChartServerSources

/// What a user reads when the cluster says no: each a clear message, never a hang.
final class ClickHouseErrorTests: XCTestCase {
    override func setUpWithError() throws {
        try ClickHouseCluster.require()
    }

    private func message(_ work: () async throws -> some Any) async -> (DataLoadError?, String) {
        do {
            _ = try await work()
            return (nil, "no error")
        } catch let error as DataLoadError {
            return (error, error.description)
        } catch {
            return (nil, "\(error)")
        }
    }

    func testAWrongPasswordSaysSoAndTheRightOneWorks() async throws {
        let (error, text) = await message { try await ClickHouseCluster.source("table=ticks", environment: [
            "CLICKHOUSE_USER": "sightline", "CLICKHOUSE_PASSWORD": "nope",
        ]).extent() }
        XCTAssertEqual(error?.exitCode, 69, text)
        XCTAssertTrue(text.contains("refused user \"sightline\": wrong password"), text)
        XCTAssertFalse(text.contains("nope"), "the password is not shown: \(text)")
        let extent = try await ClickHouseCluster.source("table=ticks", environment: [
            "CLICKHOUSE_USER": "sightline", "CLICKHOUSE_PASSWORD": "sightline-pw",
        ]).extent()
        XCTAssertEqual(extent.count, 35000)
        // The address's user and password win over the environment's.
        let parsed = try XCTUnwrap(try DatabaseAddress.parse("clickhouse://sightline:sightline-pw@127.0.0.1:18123/sightline?table=days",
                                                             schemes: ["clickhouse"]))
        let days = try await ClickHouseSource(address: parsed, environment: ["CLICKHOUSE_PASSWORD": "nope"]).extent()
        XCTAssertEqual(days.count, 1500)
    }

    func testAMissingTableOrColumnOrANonNumericOneIsNamed() async {
        let (table, tableText) = await message { try await ClickHouseCluster.source("table=tickz").extent() }
        XCTAssertEqual(table?.exitCode, 64)
        XCTAssertTrue(tableText.contains("tickz") && tableText.contains("ticks"), tableText)
        let (column, columnText) = await message { try await ClickHouseCluster.source("table=ticks&y=prize").extent() }
        XCTAssertEqual(column?.exitCode, 64)
        XCTAssertTrue(columnText.contains("prize") && columnText.contains("price"), columnText)
        let (text, textText) = await message { try await ClickHouseCluster.source("table=ticks&y=venue").extent() }
        XCTAssertEqual(text?.exitCode, 64)
        XCTAssertTrue(textText.contains("holds no numbers"), textText)
        let (database, databaseText) = await message {
            try await ClickHouseSource(address: DatabaseAddress.parse("clickhouse://127.0.0.1:18123/nowhere",
                                                                      schemes: ["clickhouse"])!).listing()
        }
        XCTAssertEqual(database?.exitCode, 69)
        XCTAssertTrue(databaseText.contains("no database \"nowhere\""), databaseText)
    }

    func testARejectedQueryShowsTheServersMessageEscaped() async throws {
        var options = LoadOptions()
        options.sql = "SELECT t, price FROM sightline.`no\u{1B}[31mtable`"
        let (error, text) = await message { try await ClickHouseCluster.source("", options: options).extent() }
        guard case .rejected(_, _, let server)? = error else { return XCTFail(text) }
        XCTAssertTrue(server.contains("Code: 60"), server)
        XCTAssertTrue(text.contains("doesn't exist"), text)
        XCTAssertFalse(text.contains("\u{1B}"), "the terminal escape is shown escaped: \(text)")
        XCTAssertEqual(error?.exitCode, 65)
    }

    func testAnAddressThatDoesNotParseIsStillClickHousesAndSaysWhy() {
        let source = SourceCatalog(kinds: ServerSources.kinds + SourceCatalog.builtIn)
            .source(for: "clickhouse://me:secret@host:port/db?table=t")
        XCTAssertTrue(source is ClickHouseSource)
        XCTAssertThrowsError(try source.read(options: LoadOptions(), progress: nil)) { error in
            let text = "\(error)"
            XCTAssertEqual((error as? DataLoadError)?.exitCode, 64, text)
            XCTAssertTrue(text.contains("clickhouse://me:***@host:port"), text)
            XCTAssertFalse(text.contains("secret"), text)
        }
    }

    func testNoServerIsUnreachable() async throws {
        let parsed = try XCTUnwrap(try DatabaseAddress.parse("clickhouse://127.0.0.1:18999/sightline?table=ticks",
                                                             schemes: ["clickhouse"]))
        let started = Date()
        let (error, text) = await message { try await ClickHouseSource(address: parsed).extent() }
        XCTAssertEqual(error?.exitCode, 69, text)
        XCTAssertTrue(text.contains("did not answer: connection refused"), text)
        // Said at once, not after the pool has tried again until the request's deadline.
        XCTAssertLessThan(Date().timeIntervalSince(started), 5)
    }

    /// The native port (the cluster's first shard: 19000) is named as such, a server
    /// not reached (exit 69), not a query it rejected (65).
    func testTheNativePortIsNamedAsNotTheHTTPOne() async throws {
        let parsed = try XCTUnwrap(try DatabaseAddress.parse("clickhouse://127.0.0.1:19000/sightline?table=ticks",
                                                             schemes: ["clickhouse"]))
        let (error, text) = await message { try await ClickHouseSource(address: parsed).extent() }
        XCTAssertEqual(error?.exitCode, 69, text)
        XCTAssertTrue(text.contains("127.0.0.1:19000 is ClickHouse's native port, not its HTTP one"), text)
    }

    /// A statement of many seconds (a row each half second), stopped by cancelling the
    /// task: the caller hears at once, and the server no longer runs it.
    func testALongQueryIsKilledWhenItsTaskIsCancelled() async throws {
        var options = LoadOptions()
        options.sql = "SELECT toDateTime(1700000000 + number) AS t, toFloat64(sleepEachRow(0.5) + number) AS slow "
            + "FROM system.numbers LIMIT 60 SETTINGS max_block_size = 1"
        let source = try ClickHouseCluster.source("", options: options,
                                                  environment: ["SIGHTLINE_CLICKHOUSE_TIMEOUT": "60"])
        _ = try await source.listing()
        let task = Task { try await source.m4(M4Request(series: ["slow"], start: 1.7e9, end: 1.8e9, columns: 100)) }
        try await Task.sleep(nanoseconds: 700_000_000)
        XCTAssertEqual(try running("sleepEachRow"), 1, "the statement runs before it is cancelled")
        let cancelled = Date()
        task.cancel()
        do {
            _ = try await task.value
            XCTFail("a cancelled M4 has no answer")
        } catch {
            XCTAssertTrue(error is CancellationError, "\(error)")
        }
        XCTAssertLessThan(Date().timeIntervalSince(cancelled), 2)
        var left = 1
        for _ in 0..<30 where left > 0 {
            try await Task.sleep(nanoseconds: 100_000_000)
            left = try running("sleepEachRow")
        }
        XCTAssertEqual(left, 0, "KILL QUERY stopped it on the server")
    }

    func testAStatementPastTheTimeLimitSaysSo() async throws {
        var options = LoadOptions()
        options.sql = "SELECT toDateTime(1700000000 + number) AS t, toFloat64(sleepEachRow(0.5) + number) AS slow "
            + "FROM system.numbers LIMIT 60 SETTINGS max_block_size = 1"
        let source = try ClickHouseCluster.source("", options: options, environment: ["SIGHTLINE_CLICKHOUSE_TIMEOUT": "1"])
        let started = Date()
        let (error, text) = await message { try await source.m4(M4Request(series: ["slow"], start: 1.7e9, end: 1.8e9, columns: 10)) }
        XCTAssertEqual(error?.exitCode, 69, text)
        XCTAssertTrue(text.contains("past the 1-second limit"), text)
        XCTAssertLessThan(Date().timeIntervalSince(started), 5)
    }

    /// The servers a network error names come first in its reason: the message from
    /// 18.16 leads with a log that a notice's length cut before the address.
    func testTheServerThatDidNotAnswerIsNamedFirst() {
        let message = "Code: 279, e.displayText() = DB::NetException: All connection tries failed. Log: \n\n"
            + "Code: 210, e.displayText() = DB::NetException: Connection refused (127.0.0.1:19001), e.what() = DB::NetException\n"
            + "Code: 210, e.displayText() = DB::NetException: Connection refused (127.0.0.1:19001), e.what() = DB::NetException\n"
        XCTAssertEqual(ClickHouseConnection.serversNamed(in: message), ["127.0.0.1:19001"])
        XCTAssertEqual(ClickHouseConnection.serversNamed(in: "Code: 210, (at row 2) (s1.local:9000) ([::1]:9000)"),
                       ["s1.local:9000", "[::1]:9000"])
    }

    /// A shard stopped mid-session: the next question says which part is down, and
    /// once it is back the same source answers again.
    func testAShardThatDiesIsNamedAndTheSourceRecoversWhenItIsBack() async throws {
        let source = try ClickHouseCluster.source("table=ticks&y=price")
        let request = M4Request(series: ["price"], start: 1.7e9, end: 1.7002e9, columns: 640)
        let before = try await source.m4(request)
        try ClickHouseCluster.stopShard(2)
        defer { try? ClickHouseCluster.startShard(2) }
        let (error, text) = await message { try await source.m4(request) }
        XCTAssertEqual(error?.exitCode, 69, text)
        XCTAssertTrue(text.contains("a server of the cluster did not answer (127.0.0.1:19001)"), text)
        try ClickHouseCluster.startShard(2)
        let after = try await source.m4(request)
        // Rows tied on x across the shards may answer with another of the ties.
        XCTAssertEqual(after.rowsInRange, before.rowsInRange)
        let (xs, ys) = try ClickHouseCluster.rows(x: "toFloat64(t)", ["price"], of: "ticks")
        XCTAssertNil(m4Violation(after.series[0], xs: xs, ys: ys[0], request: request))
    }

    /// Statements now running whose text holds `marker` (this query's own left out).
    private func running(_ marker: String) throws -> Int {
        let text = String(decoding: try ClickHouseCluster.query(
            "SELECT count() FROM system.processes WHERE query LIKE '%\(marker)%' AND query NOT LIKE '%system.processes%'"
        ), as: UTF8.self)
        return Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }
}
