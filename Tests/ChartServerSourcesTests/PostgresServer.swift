import ChartData
import ChartServerSources
import ChartSources
import Foundation
import XCTest

/// The real PostgreSQL server the tests talk to: started by scripts/db/postgres.sh when
/// it is not up (so `swift test` alone works; scripts/test.sh stops it at the end),
/// on 127.0.0.1:54329 with the tables of scripts/db/postgres-tables.sql.
enum PostgresServer {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path
    static let script = packageRoot + "/scripts/db/postgres.sh"
    static let port = Int(ProcessInfo.processInfo.environment["SIGHTLINE_PG_PORT"] ?? "") ?? 54329
    static let folder = ProcessInfo.processInfo.environment["SIGHTLINE_PG_DIR"] ?? "/tmp/sightline-pg"
    static let socketFolder = folder + "/run"
    static let password = "sightline-test"

    private static let started: Result<Void, any Error> = Result { try script(["start"]) }

    /// Starts the server unless it runs; skips the test where this machine has none,
    /// fails it where one is required (`SIGHTLINE_REQUIRE_POSTGRES`, as scripts/test.sh sets).
    static func require() throws {
        if case .failure(let error) = started {
            if ProcessInfo.processInfo.environment["SIGHTLINE_REQUIRE_POSTGRES"] != nil { throw error }
            throw XCTSkip("no PostgreSQL server could be started: \(error)")
        }
    }

    /// Runs the server script with `arguments`. Its output goes nowhere: a server it
    /// starts would inherit a pipe and keep it open.
    static func script(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [script] + arguments
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw NSError(domain: "postgres.sh", code: Int(process.terminationStatus),
                          userInfo: [NSLocalizedDescriptionKey: "postgres.sh \(arguments.joined(separator: " ")) failed"])
        }
    }

    /// Runs `sql` in the test database as the server's owner.
    static func psql(_ sql: String) throws {
        try script(["psql", "-q", "-v", "ON_ERROR_STOP=1", "-c", sql])
    }

    /// The address of `query` (`table=readings&x=ts`) as the `sightline` role over TCP.
    static func address(_ query: String, password: String? = PostgresServer.password) -> String {
        let login = password.map { "sightline:\($0)" } ?? "sightline"
        return "postgresql://\(login)@127.0.0.1:\(port)/sightline_test?\(query)"
    }

    /// A source for `query` whose settings ignore this process's PG* variables and
    /// ~/.pgpass (`environment` stands for them).
    static func source(_ query: String, password: String? = PostgresServer.password,
                       environment: [String: String] = [:]) throws -> PostgresSource {
        try require()
        let text = address(query, password: password)
        let parsed = try XCTUnwrap(try DatabaseAddress.parse(text, schemes: ["postgresql"]))
        var settings = try PostgresSettings.resolve(parsed, environment: environment)
        settings.connectTimeout = 5
        return PostgresSource(address: parsed, settings: settings)
    }
}
