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

    /// A chart drawn from the cache (its columns and levels read back) is the chart drawn
    /// from the parse, pixel for pixel: 100,000 points with spikes and a gap in x, drawn
    /// at a level of detail.
    func testARenderFromTheCacheIsTheRenderFromTheParse() throws {
        var state: UInt64 = 11
        var y = 0.0
        var rows = ["time,value"]
        for i in 0..<100_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            y += Double(Int64(bitPattern: state) % 1_000) / 1_000
            let spike = i % 9_973 == 0 ? 500.0 : 0
            rows.append("\(1_600_000_000 + 60 * i + (i >= 60_000 ? 86_400 : 0)),\(y + spike)")
        }
        let path = try write(rows.joined(separator: "\n") + "\n", to: "walk.csv")
        func render(_ name: String, _ extra: [String]) throws -> Data {
            let out = "\(folder)/\(name).png"
            let result = try ProcessRunner.run(ProcessRunner.sightline, ["render", path, "--out", out, "--size", "800x400"] + extra,
                                               environment: environment)
            XCTAssertEqual(result.status, 0, result.error)
            return try Data(contentsOf: URL(fileURLWithPath: out))
        }
        let parsed = try render("parsed", ["--no-cache"])
        XCTAssertEqual(cacheFiles(), [])
        XCTAssertEqual(try render("writing", []), parsed)
        XCTAssertEqual(cacheFiles().count, 1)
        XCTAssertEqual(try render("cached", []), parsed)
        XCTAssertEqual(try render("cached-zoomed", ["--x-range", "1601000000:1604000000"]),
                       try render("parsed-zoomed", ["--x-range", "1601000000:1604000000", "--no-cache"]))
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

    /// A file that grows is read without the cache: `--follow` (here without a display,
    /// which draws the file as it is to a preview) writes no cache file, where the same
    /// open without it writes one.
    func testFollowReadsWithoutTheCache() throws {
        let path = try write("x,y\n1,10\n2,20\n3,15\n", to: "growing.csv")
        var environment = environment
        environment["TMPDIR"] = folder
        let followed = try ProcessRunner.run(ProcessRunner.sightline, [path, "--follow", "--size", "200x150"],
                                             environment: environment, removing: ["DISPLAY", "WAYLAND_DISPLAY"])
        XCTAssertEqual(followed.status, 0, followed.error)
        XCTAssertEqual(cacheFiles(), [])
        let opened = try ProcessRunner.run(ProcessRunner.sightline, [path, "--size", "200x150"],
                                           environment: environment, removing: ["DISPLAY", "WAYLAND_DISPLAY"])
        XCTAssertEqual(opened.status, 0, opened.error)
        XCTAssertEqual(cacheFiles().count, 1)
    }
}
