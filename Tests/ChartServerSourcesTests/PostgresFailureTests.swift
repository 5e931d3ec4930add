import ChartData
import ChartServerSources
import ChartSources
import Foundation
import XCTest

/// What goes wrong against the real server, and how it reads: a wrong password, a
/// missing table or column, a column of text, a query the server rejects, a statement
/// cancelled by its task or stopped by statement_timeout, and a server that dies.
final class PostgresFailureTests: XCTestCase {
    private func message(of error: any Error) -> String {
        (error as? DataLoadError)?.description ?? "\(error)"
    }

    /// A port nobody listens on reads as libpq's "connection refused", not NIO's
    /// description of its attempts.
    func testARefusedConnectionSaysSo() async throws {
        let parsed = try XCTUnwrap(try DatabaseAddress.parse("postgresql://sightline:pw@127.0.0.1:1/db?table=t",
                                                             schemes: ["postgresql"]))
        let source = PostgresSource(address: parsed, settings: try PostgresSettings.resolve(parsed, environment: [:]))
        do {
            _ = try await source.extent()
            XCTFail("connected to port 1")
        } catch let error as DataLoadError {
            XCTAssertTrue(error.description.hasSuffix("could not connect to 127.0.0.1:1 as \"sightline\": connection refused: "
                                                      + "is the server running there and accepting TCP/IP connections? "
                                                      + "(the address's host:port, or PGHOST and PGPORT)"), error.description)
        }
        await source.close()
    }

    func testAWrongPasswordIsUnreachableWithTheServersWords() async throws {
        let source = try PostgresServer.source("table=readings", password: "not-it")
        do {
            _ = try await source.extent()
            XCTFail("logged in with a wrong password")
        } catch let error as DataLoadError {
            guard case .unreachable = error else { return XCTFail("\(error)") }
            XCTAssertTrue(error.description.contains("password authentication failed for user \"sightline\""), error.description)
            XCTAssertFalse(error.description.contains("not-it"), "never the password")
            XCTAssertEqual(error.exitCode, 69)
        }
    }

    func testMissingTableAndColumnsNameWhatThereIs() async throws {
        let table = try PostgresServer.source("table=nope")
        do {
            _ = try await table.extent()
            XCTFail("a missing table")
        } catch {
            XCTAssertTrue(message(of: error).contains("nope") && message(of: error).contains("readings"), message(of: error))
        }
        let column = try PostgresServer.source("table=readings&y=nope")
        do {
            _ = try await column.extent()
            XCTFail("a missing column")
        } catch {
            XCTAssertTrue(message(of: error).contains("nope") && message(of: error).contains("temp"), message(of: error))
        }
        let text = try PostgresServer.source("table=readings&y=label")
        do {
            _ = try await text.extent()
            XCTFail("a text column as y")
        } catch {
            XCTAssertTrue(message(of: error).contains("label") && message(of: error).contains("holds no numbers"),
                          message(of: error))
        }
        for source in [table, column, text] { await source.close() }
    }

    /// The server's message comes back whole, escaped (no control characters reach
    /// the terminal), with the query.
    func testARejectedQueryShowsTheServersMessageEscaped() async throws {
        let sql = "SELECT 1 AS x, 2 AS y FROM \"no\u{1b}[31mtable\""
        let source = try PostgresServer.source("sql=" + sql.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)
        do {
            _ = try await source.extent()
            XCTFail("a query on a missing table")
        } catch let error as DataLoadError {
            guard case .rejected = error else { return XCTFail("\(error)") }
            XCTAssertTrue(error.description.contains("does not exist"), error.description)
            XCTAssertFalse(error.description.contains("\u{1b}"), "escaped: \(error.description.debugDescription)")
            XCTAssertEqual(error.exitCode, 65)
        }
        await source.close()
    }

    /// A 10-second statement is cancelled in the server when its task is, promptly, and
    /// the connection answers the next question.
    func testCancellingTheTaskCancelsTheStatement() async throws {
        let sql = "SELECT x::float8 AS x, y FROM unordered, pg_sleep(10) AS s WHERE x < 3"
        let source = try PostgresServer.source("sql=" + sql.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!,
                                               environment: ["SIGHTLINE_PG_STATEMENT_TIMEOUT": "60"])
        let quick = try PostgresServer.source("table=unordered")
        _ = try await quick.extent()
        let started = Date()
        let task = Task { try await source.extent() }
        try await Task.sleep(nanoseconds: 500_000_000)
        task.cancel()
        do {
            _ = try await task.value
            XCTFail("the statement ran to its end")
        } catch {
            XCTAssertTrue(error is CancellationError, "\(error)")
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 5, "cancelled in the server, not waited out")
        // The same source (and connection) answers again.
        let rows = try await quick.rows(after: nil, limit: 3)
        XCTAssertEqual(rows.xs.count, 3)
        await source.close()
        await quick.close()
    }

    /// Without a cancel, statement_timeout stops it with a message that says so.
    func testAStatementPastTheTimeoutIsStopped() async throws {
        let sql = "SELECT x::float8 AS x, y FROM unordered, pg_sleep(10) AS s WHERE x < 3"
        let source = try PostgresServer.source("sql=" + sql.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!,
                                               environment: ["SIGHTLINE_PG_STATEMENT_TIMEOUT": "1"])
        do {
            _ = try await source.extent()
            XCTFail("no timeout")
        } catch let error as DataLoadError {
            XCTAssertTrue(error.description.contains("ran longer than 1 s") && error.description.contains("statement_timeout"),
                          error.description)
        }
        await source.close()
    }

    /// The server stopped mid-session: the question fails as unreachable; once it is
    /// back, the next question reconnects.
    func testAServerThatDiesIsUnreachableThenReconnects() async throws {
        let source = try PostgresServer.source("table=readings&y=temp")
        let before = try await source.extent()
        try PostgresServer.script(["kill"])
        do {
            _ = try await source.m4(M4Request(series: ["temp"], start: before.first!, end: before.last!, columns: 10))
            XCTFail("answered with the server down")
        } catch let error as DataLoadError {
            guard case .unreachable = error else { return XCTFail("\(error)") }
        }
        do {
            _ = try await source.extent()
            XCTFail("answered with the server down")
        } catch let error as DataLoadError {
            guard case .unreachable = error else { return XCTFail("\(error)") }
            XCTAssertTrue(error.description.contains("127.0.0.1:\(PostgresServer.port)"), error.description)
        }
        try PostgresServer.script(["restart"])
        let after = try await source.extent()
        XCTAssertEqual(after.first, before.first)
        await source.close()
    }

    /// sslmode=require against a server without TLS is refused; prefer falls back.
    func testSSLModes() async throws {
        let required = try PostgresServer.source("table=readings&sslmode=require")
        do {
            _ = try await required.extent()
            XCTFail("connected without TLS under sslmode=require")
        } catch let error as DataLoadError {
            XCTAssertTrue(error.description.contains("TLS"), error.description)
        }
        let preferred = try PostgresServer.source("table=readings&sslmode=prefer")
        let extent = try await preferred.extent()
        XCTAssertEqual(extent.count, 5000)
        await preferred.close()
    }
}
