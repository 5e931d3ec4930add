import ChartData
import ChartServerSources
import ChartSources
import Foundation
import XCTest

/// libpq's conventions: the address, then the PG* variables, then ~/.pgpass, then the
/// defaults; each checked as settings and, where it decides how to log in, against the
/// real server.
final class PostgresSettingsTests: XCTestCase {
    private func settings(_ text: String, _ environment: [String: String] = [:], osUser: String = "alice") throws
        -> PostgresSettings {
        let address = try XCTUnwrap(try DatabaseAddress.parse(text, schemes: ["postgresql", "postgres"]))
        return try PostgresSettings.resolve(address, environment: environment, osUser: osUser)
    }

    func testTheAddressWinsOverTheVariables() throws {
        let env = ["PGHOST": "db.example", "PGPORT": "6543", "PGUSER": "bob", "PGDATABASE": "metrics", "PGPASSWORD": "env"]
        let given = try settings("postgresql://carol:pw@10.0.0.1:5433/sensors", env)
        XCTAssertEqual(given.endpoint, .tcp(host: "10.0.0.1", port: 5433))
        XCTAssertEqual([given.user, given.database, given.password], ["carol", "sensors", "pw"])
        let fromEnv = try settings("postgres:///?table=t", env)
        XCTAssertEqual(fromEnv.endpoint, .tcp(host: "db.example", port: 6543))
        XCTAssertEqual([fromEnv.user, fromEnv.database, fromEnv.password], ["bob", "metrics", "env"])
    }

    func testDefaultsAreTheOSUserAndTheirDatabase() throws {
        let plain = try settings("postgresql://somehost", ["HOME": "/nonexistent"])
        XCTAssertEqual(plain.user, "alice")
        XCTAssertEqual(plain.database, "alice")
        XCTAssertEqual(plain.endpoint, .tcp(host: "somehost", port: 5432))
        XCTAssertEqual(plain.tls, .prefer)
        XCTAssertNil(plain.password)
    }

    func testAHostThatIsAFolderIsASocket() throws {
        let viaEnv = try settings("postgresql:///db", ["PGHOST": "/tmp/pg", "PGPORT": "5999"])
        XCTAssertEqual(viaEnv.endpoint, .socket(directory: "/tmp/pg", path: "/tmp/pg/.s.PGSQL.5999"))
        let viaItem = try settings("postgresql:///db?host=/var/run/pg")
        XCTAssertEqual(viaItem.endpoint, .socket(directory: "/var/run/pg", path: "/var/run/pg/.s.PGSQL.5432"))
        let encoded = try settings("postgresql://%2Ftmp%2Fpg/db")
        XCTAssertEqual(encoded.endpoint, .socket(directory: "/tmp/pg", path: "/tmp/pg/.s.PGSQL.5432"))
    }

    func testBadSettingsSayWhich() throws {
        XCTAssertThrowsError(try settings("postgresql://h/db", ["PGPORT": "fifty"])) { error in
            XCTAssertTrue("\(error)".contains("fifty"), "\(error)")
        }
        XCTAssertThrowsError(try settings("postgresql://h/db?sslmode=always")) { error in
            XCTAssertTrue("\(error)".contains("always") && "\(error)".contains("verify-full"), "\(error)")
        }
        XCTAssertEqual(try settings("postgresql://h/db", ["PGSSLMODE": "disable"]).tls, .disable)
        XCTAssertEqual(try settings("postgresql://h/db?sslmode=require").tls, .require)
        XCTAssertEqual(try settings("postgresql://h/db", ["PGCONNECT_TIMEOUT": "3"]).connectTimeout, 3)
        XCTAssertEqual(try settings("postgresql://h/db", ["SIGHTLINE_PG_STATEMENT_TIMEOUT": "2.5"]).statementTimeout, 2.5)
    }

    // MARK: - ~/.pgpass

    private func passFile(_ text: String, mode: mode_t = 0o600) throws -> String {
        let path = NSTemporaryDirectory() + "sightline-pgpass-\(UUID().uuidString)"
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        chmod(path, mode)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    func testThePassFileFirstMatchingLineWithWildcardsAndEscapes() throws {
        let path = try passFile("""
            # comment
            other:5432:*:carol:wrong
            db.example:5432:sensors:carol:first
            *:*:*:carol:second
            *:*:*:dave:pa\\:ss\\\\word
            localhost:5433:*:*:socket
            """)
        XCTAssertEqual(try settings("postgresql://carol@db.example/sensors", ["PGPASSFILE": path]).password, "first")
        XCTAssertEqual(try settings("postgresql://carol@db.example/other", ["PGPASSFILE": path]).password, "second")
        XCTAssertEqual(try settings("postgresql://dave@h/x", ["PGPASSFILE": path]).password, "pa:ss\\word")
        // A socket matches as localhost.
        XCTAssertEqual(try settings("postgresql://erin@/x?host=/tmp&port=5433", ["PGPASSFILE": path]).password, "socket")
        XCTAssertNil(try settings("postgresql://erin@h/x", ["PGPASSFILE": path]).password)
        // PGPASSWORD comes first; ~/.pgpass by HOME.
        XCTAssertEqual(try settings("postgresql://carol@h/x", ["PGPASSFILE": path, "PGPASSWORD": "env"]).password, "env")
    }

    func testAPassFileOthersCanReadIsIgnored() throws {
        let path = try passFile("*:*:*:*:secret", mode: 0o644)
        let open = try settings("postgresql://carol@h/x", ["PGPASSFILE": path])
        XCTAssertNil(open.password)
        XCTAssertTrue(open.passFileNote?.contains("group or world access") == true, "\(String(describing: open.passFileNote))")
    }

    // MARK: - Against the server

    private func extent(_ text: String, _ environment: [String: String]) async throws -> SourceExtent {
        try PostgresServer.require()
        let address = try XCTUnwrap(try DatabaseAddress.parse(text, schemes: ["postgresql"]))
        let source = PostgresSource(address: address, settings: try PostgresSettings.resolve(address, environment: environment))
        defer { Task { await source.close() } }
        return try await source.extent()
    }

    /// PGHOST naming the socket folder, PGPORT, PGDATABASE and the OS user as the role
    /// (the server script makes one for whoever runs it; the socket is trusted).
    func testTheVariablesAndTheOSUserReachTheServer() async throws {
        let environment = ["PGHOST": PostgresServer.socketFolder, "PGPORT": "\(PostgresServer.port)",
                           "PGDATABASE": "sightline_test"]
        let extent = try await extent("postgresql://?table=counters", environment)
        XCTAssertEqual(extent.count, 3000)
    }

    /// PGUSER and PGPASSWORD over TCP, and the same password from a pass file.
    func testPasswordsFromTheEnvironmentAndThePassFile() async throws {
        let base = ["PGHOST": "127.0.0.1", "PGPORT": "\(PostgresServer.port)", "PGDATABASE": "sightline_test",
                    "PGUSER": "sightline"]
        var env = base
        env["PGPASSWORD"] = PostgresServer.password
        let viaEnv = try await extent("postgresql://?table=counters", env)
        XCTAssertEqual(viaEnv.count, 3000)
        var fileEnv = base
        fileEnv["PGPASSFILE"] = try passFile("127.0.0.1:\(PostgresServer.port):sightline_test:sightline:\(PostgresServer.password)")
        let viaFile = try await extent("postgresql://?table=counters", fileEnv)
        XCTAssertEqual(viaFile.count, 3000)
        fileEnv["PGPASSFILE"] = try passFile("*:*:*:*:\(PostgresServer.password)", mode: 0o640)
        do {
            _ = try await extent("postgresql://?table=counters", fileEnv)
            XCTFail("a pass file others may read was used")
        } catch let error as DataLoadError {
            XCTAssertTrue(error.description.contains("group or world access"), error.description)
        }
    }
}
