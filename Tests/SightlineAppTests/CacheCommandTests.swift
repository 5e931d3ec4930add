import Foundation
import XCTest

/// The cache of large files from the command line: a read writes it, `--no-cache` does
/// not, `sightline cache` says where it is and `--clear` empties it. Each run names its
/// own XDG_CACHE_HOME and lowers the size cached to 0, so every file counts as large.
final class CacheCommandTests: ScratchFolderTestCase {
    private var environment: [String: String] {
        ["XDG_CACHE_HOME": folder + "/xdg", "SIGHTLINE_CACHE_MIN_SIZE": "0"]
    }

    private func cacheFiles() -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: folder + "/xdg/sightline")) ?? []
    }

    func testNoCacheWritesNothingAndAReadDoes() throws {
        let path = try write("x,y\n1,10\n2,20\n3,15\n", to: "prices.csv")
        let uncached = try ProcessRunner.run(ProcessRunner.sightline, ["describe", path, "--no-cache"], environment: environment)
        XCTAssertEqual(uncached.status, 0, uncached.error)
        XCTAssertEqual(cacheFiles(), [])
        let first = try ProcessRunner.run(ProcessRunner.sightline, ["describe", path], environment: environment)
        XCTAssertEqual(first.status, 0, first.error)
        XCTAssertEqual(cacheFiles().count, 1)
        let second = try ProcessRunner.run(ProcessRunner.sightline, ["describe", path], environment: environment)
        XCTAssertEqual(second.output, first.output, "the cached read describes the same data")
        XCTAssertEqual(second.output, uncached.output)
    }

    func testCacheListsAndClears() throws {
        let path = try write("x,y\n1,10\n2,20\n", to: "small.csv")
        XCTAssertEqual(try ProcessRunner.run(ProcessRunner.sightline, ["describe", path], environment: environment).status, 0)
        let listed = try ProcessRunner.run(ProcessRunner.sightline, ["cache", "--list"], environment: environment)
        XCTAssertEqual(listed.status, 0, listed.error)
        XCTAssertTrue(listed.output.contains(folder + "/xdg/sightline: 1 files"), listed.output)
        let cleared = try ProcessRunner.run(ProcessRunner.sightline, ["cache", "--clear"], environment: environment)
        XCTAssertEqual(cleared.status, 0, cleared.error)
        XCTAssertEqual(cacheFiles(), [])
    }

    func testAnUnwritableCacheStillOpensWithANotice() throws {
        let path = try write("x,y\n1,10\n2,20\n", to: "plain.csv")
        let blocker = try write("", to: "blocker")
        let result = try ProcessRunner.run(ProcessRunner.sightline, ["describe", path],
                                           environment: ["XDG_CACHE_HOME": blocker, "SIGHTLINE_CACHE_MIN_SIZE": "0"])
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertEqual(result.error.components(separatedBy: "not cached").count, 2, result.error)
    }
}
