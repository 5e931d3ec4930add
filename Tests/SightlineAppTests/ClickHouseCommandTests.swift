import Foundation
import XCTest

/// `describe` and `render` on a `clickhouse://` address, against the two-shard cluster
/// of scripts/db/clickhouse.sh (started here if it is not up).
final class ClickHouseCommandTests: ScratchFolderTestCase {
    private let address = "clickhouse://127.0.0.1:18123/sightline?table=ticks&y=price"

    override func setUpWithError() throws {
        try super.setUpWithError()
        let installed = ["/usr/bin/clickhouse-server", "/usr/sbin/clickhouse-server"]
            .contains { FileManager.default.isExecutableFile(atPath: $0) }
        guard installed || ProcessInfo.processInfo.environment["SIGHTLINE_REQUIRE_CLICKHOUSE"] != nil else {
            throw XCTSkip("clickhouse-server is not installed (scripts/install-deps.sh installs it)")
        }
        let start = try ProcessRunner.run("/bin/bash", [ProcessRunner.packageRoot + "/scripts/db/clickhouse.sh", "start"])
        XCTAssertEqual(start.status, 0, start.error)
    }

    func testDescribeSummarisesTheClusterTable() throws {
        let result = try ProcessRunner.run(ProcessRunner.sightline, ["describe", address, "--json"])
        XCTAssertEqual(result.status, 0, result.error)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        XCTAssertEqual(object["points"] as? Int, 35000)
        XCTAssertEqual(object["firstX"] as? String, "2023-11-14T22:13:20Z")
        XCTAssertEqual((object["series"] as? [[String: Any]])?.map { $0["name"] as? String }, ["price"])
    }

    func testRenderDrawsTheClusterTable() throws {
        let out = "\(folder)/ticks.png"
        let result = try ProcessRunner.run(ProcessRunner.sightline, ["render", address, "--out", out, "--size", "640x360"],
                                           environment: ["SDL_VIDEODRIVER": "offscreen", "LIBGL_ALWAYS_SOFTWARE": "1"])
        XCTAssertEqual(result.status, 0, result.error)
        let size = (try FileManager.default.attributesOfItem(atPath: out)[.size] as? Int) ?? 0
        XCTAssertGreaterThan(size, 1000)
    }

    func testErrorsReadAsTheServersWithTheirStatus() throws {
        let missing = try ProcessRunner.run(ProcessRunner.sightline,
                                            ["describe", "clickhouse://127.0.0.1:18123/sightline?table=tickz"])
        XCTAssertEqual(missing.status, 64)
        XCTAssertTrue(missing.error.contains("tickz"), missing.error)
        let password = try ProcessRunner.run(ProcessRunner.sightline,
                                             ["describe", "clickhouse://sightline:secret@127.0.0.1:18123/sightline?table=ticks"])
        XCTAssertEqual(password.status, 69)
        XCTAssertTrue(password.error.contains("wrong password"), password.error)
        XCTAssertFalse(password.error.contains("secret"), password.error)
        let down = try ProcessRunner.run(ProcessRunner.sightline, ["describe", "clickhouse://127.0.0.1:18999/sightline?table=ticks"])
        XCTAssertEqual(down.status, 69)
        XCTAssertTrue(down.error.contains("connection refused"), down.error)
    }
}
