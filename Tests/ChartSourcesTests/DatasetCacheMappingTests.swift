import ChartData
@testable import ChartSources
import Foundation
import XCTest

/// A dataset opened from the cache of large files reads its columns from the mapped
/// cache file: another program cutting that file short must not kill the app, and a
/// change to a mapped column changes only that copy.
final class DatasetCacheMappingTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "sightline-cache-mapping-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// A file of `rows` rows over unevenly spaced x (so x is stored too), two series.
    private func cachedDataset(rows: Int) throws -> (cached: Dataset, parsed: Dataset, cacheFile: String) {
        let path = folder + "/walk.csv"
        var text = "x,a,b\n"
        for i in 0..<rows { text += "\(i * 3 + i % 2),\(Double(i % 977) + 0.5),\(1 + i % 13)\n" }
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        let cache = DatasetCache(folder: folder + "/cache", threshold: 0, limit: DatasetCache.defaultLimit)
        let parsed = try cache.read(path: path, options: LoadOptions(), progress: nil)
        let key = try XCTUnwrap(cache.key(path: path, options: LoadOptions()))
        let cached = try XCTUnwrap(cache.lookup(key, source: path))
        let entry = try XCTUnwrap(cache.entries().first)
        return (cached, parsed, entry.path)
    }

    func testACacheFileCutShortWhileMappedReadsZerosInsteadOfCrashing() throws {
        let (cached, parsed, cacheFile) = try cachedDataset(rows: 50_000)
        XCTAssertTrue(cached.series[0].ys.isMapped)
        XCTAssertEqual(cached.series[1].ys, parsed.series[1].ys)
        // Another program cuts the file to its first page while it is mapped.
        XCTAssertEqual(truncate(cacheFile, 4_096), 0)
        var sum = 0.0
        var zeros = 0
        for series in cached.series {
            series.ys.withUnsafeBufferPointer { ys in
                for y in ys {
                    sum += y
                    if y == 0 { zeros += 1 }
                }
            }
        }
        var indexSum = 0
        for level in try XCTUnwrap(cached.prepared).levels.joined() { indexSum += level.indices.reduce(0) { $0 + Int($1) } }
        // Read to the end without a SIGBUS; what lay past the cut reads as zeros (series b has none of its own).
        XCTAssertGreaterThan(zeros, 90_000)
        XCTAssertEqual(cached.xs.last, 0)
        XCTAssertTrue(sum.isFinite)
        XCTAssertEqual(indexSum, 0)
    }

    func testChangingAMappedColumnCopiesItAndLeavesTheFileAlone() throws {
        let (cached, parsed, cacheFile) = try cachedDataset(rows: 5_000)
        let before = try Data(contentsOf: URL(fileURLWithPath: cacheFile))
        var changed = cached
        changed.series[0].ys[10] = -1
        changed.series[1].ys.append(contentsOf: [7, 8])
        XCTAssertFalse(changed.series[0].ys.isMapped)
        XCTAssertEqual(changed.series[0].ys[10], -1)
        XCTAssertEqual(changed.series[1].ys.suffix(2), [7, 8])
        XCTAssertTrue(cached.series[0].ys.isMapped)
        XCTAssertEqual(cached.series[0].ys, parsed.series[0].ys, "the other copy still reads the file")
        XCTAssertNotEqual(changed.series[0].ys, parsed.series[0].ys)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: cacheFile)), before, "the cache file is never written")
    }
}
