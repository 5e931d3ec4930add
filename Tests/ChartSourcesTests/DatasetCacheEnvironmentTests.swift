import ChartData
@testable import ChartSources
import Foundation
import XCTest

/// `SIGHTLINE_CACHE_LIMIT` and `SIGHTLINE_CACHE_MIN_SIZE`: a size is read as one, and
/// anything else (a typo, a size past what an `Int` holds) is said, not silently taken
/// for the default or for a wrapped-around number.
final class DatasetCacheEnvironmentTests: XCTestCase {
    private func cache(_ settings: [String: String]) -> DatasetCache {
        DatasetCache.standard { name in (["XDG_CACHE_HOME": "/tmp/xdg"].merging(settings) { $1 })[name] }
    }

    func testSizesAreRead() {
        let cache = cache(["SIGHTLINE_CACHE_LIMIT": "2G", "SIGHTLINE_CACHE_MIN_SIZE": "1500k"])
        XCTAssertEqual(cache.folder, "/tmp/xdg/sightline")
        XCTAssertEqual(cache.limit, 2_000_000_000)
        XCTAssertEqual(cache.threshold, 1_500_000)
        XCTAssertEqual(cache.problems, [])
    }

    func testWhatIsNotASizeIsSaidAndTheDefaultUsed() {
        for text in ["garbage", "-5", "99999999999G", "1.5G", "G"] {
            let cache = cache(["SIGHTLINE_CACHE_LIMIT": text])
            XCTAssertEqual(cache.limit, DatasetCache.defaultLimit, text)
            XCTAssertEqual(cache.problems.count, 1, text)
            XCTAssertTrue(cache.problems.first?.contains("SIGHTLINE_CACHE_LIMIT") == true, text)
        }
        XCTAssertEqual(cache(["SIGHTLINE_CACHE_MIN_SIZE": "lots"]).problems.count, 1)
    }
}

/// `sightline cache --list` says which file each entry holds the read of.
final class DatasetCacheEntrySourceTests: XCTestCase {
    func testAnEntryNamesItsFile() throws {
        let folder = NSTemporaryDirectory() + "sightline-cache-source-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/prices.csv"
        try "x,y\n1,2\n2,3\n3,5\n".write(toFile: file, atomically: false, encoding: .utf8)
        let cache = DatasetCache(folder: folder + "/cache", threshold: 0)
        _ = try cache.read(path: file, options: LoadOptions(), progress: nil)
        let real = try XCTUnwrap(realpath(file, nil))
        defer { free(real) }
        XCTAssertEqual(cache.entries().map(\.source), [String(cString: real)])
        // Not a cache file: no name.
        try "junk".write(toFile: folder + "/cache/0000000000000000.slc", atomically: false, encoding: .utf8)
        XCTAssertEqual(Set(cache.entries().map(\.source)), [String(cString: real), nil])
    }
}
