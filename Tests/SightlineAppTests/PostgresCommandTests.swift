import Foundation
import XCTest

/// `describe` and `render` on a `postgresql://` address, against the real server that
/// scripts/db/postgres.sh starts (as the source tests do).
final class PostgresCommandTests: ScratchFolderTestCase {
    private let address = "postgresql://sightline:sightline-test@127.0.0.1:54329/sightline_test"

    override func setUpWithError() throws {
        try super.setUpWithError()
        let start = try ProcessRunner.run("/bin/bash", [ProcessRunner.packageRoot + "/scripts/db/postgres.sh", "start"])
        guard start.status == 0 else {
            // scripts/test.sh requires the server: there a start that fails is a failure.
            if ProcessInfo.processInfo.environment["SIGHTLINE_REQUIRE_POSTGRES"] != nil {
                XCTFail("no PostgreSQL server could be started: \(start.error)")
            }
            throw XCTSkip("no PostgreSQL server could be started: \(start.error)")
        }
    }

    func testDescribeATable() throws {
        let result = try ProcessRunner.run(ProcessRunner.sightline, ["describe", address + "?table=counters&x=n&y=v"])
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertTrue(result.output.hasPrefix("3,000 points from x = 10 to x = 30,000."), result.output)
        XCTAssertFalse(result.output.contains("sightline-test") || result.error.contains("sightline-test"), "no password shown")
    }

    /// --table and --sql choose as the address's items do, for every question the
    /// command asks (the catalog's source for the address is the one that read).
    func testDescribeWithTheTableAndSQLFlags() throws {
        let table = try ProcessRunner.run(ProcessRunner.sightline, ["describe", address, "--table", "counters", "--y", "v"])
        XCTAssertEqual(table.status, 0, table.error)
        XCTAssertTrue(table.output.hasPrefix("3,000 points from x = 10 to x = 30,000."), table.output)
        let query = try ProcessRunner.run(ProcessRunner.sightline, ["describe", address, "--sql",
                                                                    "SELECT n, w FROM counters WHERE n < 500"])
        XCTAssertEqual(query.status, 0, query.error)
        XCTAssertTrue(query.output.hasPrefix("49 points from x = 10 to x = 490."), query.output)
    }

    func testRenderATable() throws {
        let png = folder + "/readings.png"
        let result = try ProcessRunner.run(ProcessRunner.sightline, ["render", address + "?table=readings&y=temp,hum",
                                                                     "--out", png, "--size", "640x360"],
                                           environment: ["LIBGL_ALWAYS_SOFTWARE": "1"])
        XCTAssertEqual(result.status, 0, result.error)
        let size = (try FileManager.default.attributesOfItem(atPath: png)[.size] as? Int) ?? 0
        XCTAssertGreaterThan(size, 5000)
    }

    func testAWrongPasswordExits69WithoutThePassword() throws {
        let result = try ProcessRunner.run(ProcessRunner.sightline,
                                           ["describe", "postgresql://sightline:bad-guess@127.0.0.1:54329/sightline_test?table=counters"])
        XCTAssertEqual(result.status, 69, result.output)
        XCTAssertTrue(result.error.contains("password authentication failed"), result.error)
        XCTAssertFalse(result.error.contains("bad-guess"), result.error)
    }
}
