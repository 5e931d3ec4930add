import ChartData
@testable import ChartSources
import Foundation
import XCTest

/// `DatasetCache`: a cached read is the parse, a changed or damaged cache file is
/// parsed and written again, the folder keeps to its limit. Every test uses a folder of
/// its own and a threshold of 0, never the person's cache.
final class DatasetCacheTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "sightline-cache-tests-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func cache(limit: Int = DatasetCache.defaultLimit) -> DatasetCache {
        DatasetCache(folder: folder + "/cache", threshold: 0, limit: limit)
    }

    private func write(_ text: String, to name: String) throws -> String {
        let path = "\(folder)/\(name)"
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    private func cacheFiles() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder + "/cache")) ?? []).sorted()
    }

    /// A CSV of a few series over evenly or unevenly spaced numbers or dates, with
    /// empty cells, and sometimes rows out of order (a warning the cache must keep).
    private func randomCSV(_ random: inout SeededGenerator) -> String {
        let rows = Int.random(in: 1...(Int.random(in: 0..<4, using: &random) == 0 ? 6_000 : 300), using: &random)
        let columns = Int.random(in: 1...4, using: &random)
        let dates = Bool.random(using: &random)
        let even = Bool.random(using: &random)
        let text = "time," + (1...columns).map { "s\($0)" }.joined(separator: ",") + "\n"
        var x = 0
        var lines: [String] = []
        for _ in 0..<rows {
            x += even ? 1 : Int.random(in: 1...40, using: &random)
            let key = dates ? String(format: "2020-%02d-%02d", 1 + x / 28 % 12, 1 + x % 28) : String(x)
            let values = (0..<columns).map { _ in
                Int.random(in: 0..<10, using: &random) == 0 ? "" : String(Double.random(in: -1e6...1e6, using: &random))
            }
            lines.append(([key] + values).joined(separator: ","))
        }
        if Int.random(in: 0..<4, using: &random) == 0 { lines.shuffle(using: &random) }
        return text + lines.joined(separator: "\n") + "\n"
    }

    /// `a == b`, but with NaN (an empty cell) equal to NaN: y arrays with gaps are never
    /// `==` unless they share storage.
    private func assertSame(_ a: Dataset, _ b: Dataset, _ message: String, line: UInt = #line) {
        var (a, b) = (a, b)
        XCTAssertEqual(a.series.map { $0.ys.map(\.bitPattern) }, b.series.map { $0.ys.map(\.bitPattern) }, message, line: line)
        for s in a.series.indices { a.series[s].ys = [] }
        for s in b.series.indices { b.series[s].ys = [] }
        XCTAssertEqual(Array(a.xs), Array(b.xs), message, line: line)
        a.xs = []
        b.xs = []
        XCTAssertEqual(a, b, message, line: line)
    }

    /// The levels, gaps, decimals and y bounds a data source of the cached dataset has
    /// (read back, not built) are those it builds from the parse.
    private func assertSameDetail(_ cached: Dataset, _ parsed: Dataset, _ random: inout SeededGenerator, _ message: String,
                                  line: UInt = #line) {
        guard let prepared = cached.prepared else { return XCTFail("\(message): no levels cached", line: line) }
        let built = DataSource(dataset: parsed)
        let read = DataSource(dataset: cached)
        XCTAssertEqual(prepared.levels, built.details.map(\.levels), message, line: line)
        XCTAssertEqual(read.details.map(\.levels), built.details.map(\.levels), message, line: line)
        XCTAssertEqual(read.gaps, built.gaps, message, line: line)
        XCTAssertEqual(read.decimals, built.decimals, message, line: line)
        guard let first = parsed.xs.first, let last = parsed.xs.last else { return }
        for _ in 0..<20 {
            let a = Double.random(in: first...last, using: &random)
            let b = Double.random(in: a...last, using: &random)
            let (r, p) = (read.yBounds(inX: a...b), built.yBounds(inX: a...b))
            XCTAssertEqual(r?.min, p?.min, message, line: line)
            XCTAssertEqual(r?.max, p?.max, message, line: line)
        }
    }

    func testACachedReadIsTheParse() throws {
        var random = SeededGenerator(state: 25)
        let cache = cache()
        for trial in 0..<40 {
            let path = try write(randomCSV(&random), to: "random-\(trial).csv")
            let parsed = try DatasetReader.read(path: path)
            assertSame(try cache.read(path: path, options: LoadOptions(), progress: nil), parsed, "trial \(trial): first read")
            let key = try XCTUnwrap(cache.key(path: path, options: LoadOptions()))
            let cached = try XCTUnwrap(cache.lookup(key, source: path), "trial \(trial): nothing cached")
            assertSame(cached, parsed, "trial \(trial)")
            XCTAssertEqual(cached.xs.isRegular, parsed.xs.isRegular)
            // Mapped, not copied: the columns, the levels and the range trees are views of the file.
            XCTAssertTrue(cached.series.allSatisfy(\.ys.isMapped), "trial \(trial): y copied")
            XCTAssertTrue(cached.xs.column?.isMapped ?? true, "trial \(trial): x copied")
            let prepared = try XCTUnwrap(cached.prepared, "trial \(trial)")
            XCTAssertTrue(prepared.levels.joined().allSatisfy(\.indices.isMapped), "trial \(trial): levels copied")
            XCTAssertTrue(prepared.extremeTrees.allSatisfy { $0.lows.isMapped && $0.highs.isMapped }, "trial \(trial)")
            // Each level keeps its points' y beside their indices, mapped too, and they are the series' y.
            for (s, ladder) in prepared.levels.enumerated() {
                for level in ladder {
                    let values = try XCTUnwrap(level.values, "trial \(trial): a level without its y")
                    XCTAssertTrue(values.isMapped || values.isEmpty, "trial \(trial)")
                    XCTAssertEqual(values.map(\.bitPattern), level.indices.map { parsed.series[s].ys[Int($0)].bitPattern }, "trial \(trial)")
                }
            }
            assertSameDetail(cached, parsed, &random, "trial \(trial)")
            assertSame(try cache.read(path: path, options: LoadOptions(), progress: nil), parsed, "trial \(trial): second read")
        }
        XCTAssertEqual(cacheFiles().count, 40)
    }

    func testOtherOptionsAreAnotherEntry() throws {
        let path = try write("x,a,b\n1,10,20\n2,11,21\n", to: "two.csv")
        let cache = cache()
        _ = try cache.read(path: path, options: LoadOptions(), progress: nil)
        let onlyB = try cache.read(path: path, options: LoadOptions(y: ["b"]), progress: nil)
        XCTAssertEqual(onlyB.series.map(\.name), ["b"])
        XCTAssertEqual(try cache.read(path: path, options: LoadOptions(), progress: nil).series.map(\.name), ["a", "b"])
        XCTAssertEqual(cacheFiles().count, 2)
    }

    func testAChangedFileIsReadAgain() throws {
        let path = try write("x,y\n1,10\n2,20\n", to: "grows.csv")
        let cache = cache()
        _ = try cache.read(path: path, options: LoadOptions())  { _, _ in }
        // Another size.
        try "x,y\n1,10\n2,20\n3,30\n".write(toFile: path, atomically: false, encoding: .utf8)
        XCTAssertEqual(try cache.read(path: path, options: LoadOptions(), progress: nil).series[0].ys, [10, 20, 30])
        // The same size, another modification time.
        try "x,y\n1,10\n2,20\n3,99\n".write(toFile: path, atomically: false, encoding: .utf8)
        var times = [timespec(tv_sec: 1_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000, tv_nsec: 0)]
        XCTAssertEqual(utimensat(AT_FDCWD, path, &times, 0), 0)
        XCTAssertEqual(try cache.read(path: path, options: LoadOptions(), progress: nil).series[0].ys, [10, 20, 99])
        XCTAssertEqual(cacheFiles().count, 1, "a changed file's cache replaces its old one")
    }

    func testADamagedCacheFileIsParsedAgainAndRewritten() throws {
        let path = try write("x,y,z\n1,10,5\n2,20,6\n3,15,7\n", to: "damaged.csv")
        let parsed = try DatasetReader.read(path: path)
        let cache = cache()
        _ = try cache.read(path: path, options: LoadOptions(), progress: nil)
        let cacheFile = folder + "/cache/" + cacheFiles()[0]
        let good = try Data(contentsOf: URL(fileURLWithPath: cacheFile))
        var damages: [(String, Data)] = [
            ("empty", Data()),
            ("cut short", good.prefix(good.count - 8)),
            ("cut in its header", good.prefix(40)),
            ("foreign", Data("x,y\n1,2\n".utf8) + Data(repeating: 7, count: 200)),
            ("longer", good + Data([0, 0, 0, 0, 0, 0, 0, 0])),
        ]
        var version = good
        version[8] &+= 1
        damages.append(("another version", version))
        for offset in [0, 20, 40, 60] {
            var flipped = good
            flipped[offset] ^= 0x10
            damages.append(("a byte flipped at \(offset)", flipped))
        }
        let key = try XCTUnwrap(cache.key(path: path, options: LoadOptions()))
        for (damage, bytes) in damages {
            try bytes.write(to: URL(fileURLWithPath: cacheFile))
            XCTAssertNil(cache.lookup(key, source: path), damage)
            XCTAssertEqual(try cache.read(path: path, options: LoadOptions(), progress: nil), parsed, damage)
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: cacheFile)), good, "\(damage): not written again")
        }
    }

    func testTheLimitRemovesTheFilesUsedLongestAgo() throws {
        let rows = (1...1_000).map { "\($0 * $0),\($0)" }.joined(separator: "\n")
        let paths = try (0..<3).map { try write("x,y\n" + rows + "\n", to: "file-\($0).csv") }
        _ = try cache().read(path: paths[0], options: LoadOptions(), progress: nil)
        let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: folder + "/cache/" + cacheFiles()[0])[.size] as? Int)
        // Two files (the same size: the same x and y) fit; three do not.
        let cache = cache(limit: 2 * size + size / 2)
        _ = try cache.read(path: paths[1], options: LoadOptions(), progress: nil)
        let names = cacheFiles()
        XCTAssertEqual(names.count, 2)
        // The first is used again after the second: the second is now the oldest.
        var old = [timespec(tv_sec: 1_000, tv_nsec: 0), timespec(tv_sec: 1_000, tv_nsec: 0)]
        for name in names { XCTAssertEqual(utimensat(AT_FDCWD, folder + "/cache/" + name, &old, 0), 0) }
        let key = { (path: String) in try XCTUnwrap(cache.key(path: path, options: LoadOptions())) }
        XCTAssertNotNil(cache.lookup(try key(paths[0]), source: paths[0]))
        _ = try cache.read(path: paths[2], options: LoadOptions(), progress: nil)
        XCTAssertEqual(cacheFiles().count, 2)
        XCTAssertNotNil(cache.lookup(try key(paths[0]), source: paths[0]))
        XCTAssertNil(cache.lookup(try key(paths[1]), source: paths[1]), "the one used longest ago stays")
        XCTAssertNotNil(cache.lookup(try key(paths[2]), source: paths[2]))
    }

    func testSmallFilesAreNotCached() throws {
        let path = try write("x,y\n1,10\n2,20\n", to: "small.csv")
        let cache = DatasetCache(folder: folder + "/cache", threshold: 1_000)
        XCTAssertNil(cache.key(path: path, options: LoadOptions()))
        _ = try cache.read(path: path, options: LoadOptions(), progress: nil)
        XCTAssertEqual(cacheFiles(), [])
    }

    func testAFolderThatCannotBeWrittenStillOpensWithOneWarning() throws {
        let path = try write("x,y\n1,10\n2,20\n", to: "plain.csv")
        // A file where the folder would be: not even root can make it (ENOTDIR).
        let blocker = try write("", to: "blocker")
        let cache = DatasetCache(folder: blocker + "/sightline", threshold: 0)
        let dataset = try cache.read(path: path, options: LoadOptions(), progress: nil)
        var parsed = try DatasetReader.read(path: path)
        XCTAssertEqual(dataset.series, parsed.series)
        XCTAssertEqual(dataset.warnings.count, 1)
        XCTAssertTrue(dataset.warnings[0].contains("not cached"), dataset.warnings[0])
        parsed.warnings = dataset.warnings
        XCTAssertEqual(dataset, parsed)
    }

    func testClearRemovesEveryFile() throws {
        let cache = cache()
        for k in 0..<3 { _ = try cache.read(path: try write("x,y\n1,\(k)\n", to: "c\(k).csv"), options: LoadOptions(), progress: nil) }
        XCTAssertEqual(cacheFiles().count, 3)
        XCTAssertGreaterThan(cache.clear(), 0)
        XCTAssertEqual(cacheFiles(), [])
    }

    func testNoCacheReadsWithoutIt() throws {
        let path = try write("x,y\n1,10\n2,20\n", to: "uncached.csv")
        setenv("XDG_CACHE_HOME", folder + "/xdg", 1)
        setenv("SIGHTLINE_CACHE_MIN_SIZE", "0", 1)
        defer {
            unsetenv("XDG_CACHE_HOME")
            unsetenv("SIGHTLINE_CACHE_MIN_SIZE")
        }
        var options = LoadOptions()
        options.usesCache = false
        _ = try FileSource(path: path).read(options: options, progress: nil)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/xdg/sightline"))
        _ = try FileSource(path: path).read(options: LoadOptions(), progress: nil)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder + "/xdg/sightline").count, 1)
    }
}

/// What the dates of issue 25 add to a read, kept by the cache.
final class DatasetCacheDatesTests: XCTestCase {
    /// Instants with a zone are moved to local time as they are read (unless `--utc`),
    /// and ranges typed with a zone are moved alike only when the dataset says so: a
    /// dataset read back from the cache says what the parse said.
    func testACachedReadKeepsWhetherInstantsAreInLocalTime() throws {
        let folder = NSTemporaryDirectory() + "sightline-cache-dates-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/instants.csv"
        try "time,y\n2020-01-31T10:30:00Z,1\n2020-01-31T11:30:00+01:00,2\n2020-01-31T12:45:00Z,3\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        let cache = DatasetCache(folder: folder + "/cache", threshold: 0)
        for utc in [false, true] {
            var options = LoadOptions()
            options.utc = utc
            let parsed = try DatasetReader.read(path: path, options: options)
            XCTAssertEqual(parsed.instantsInLocalTime, !utc)
            _ = try cache.read(path: path, options: options, progress: nil)
            let key = try XCTUnwrap(cache.key(path: path, options: options))
            let cached = try XCTUnwrap(cache.lookup(key, source: path), "utc \(utc): nothing cached")
            XCTAssertEqual(cached.instantsInLocalTime, parsed.instantsInLocalTime, "utc \(utc)")
            XCTAssertEqual(Array(cached.xs), Array(parsed.xs), "utc \(utc)")
        }
    }
}
