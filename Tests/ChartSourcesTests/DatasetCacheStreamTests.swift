import ChartData
@testable import ChartSources
import Foundation
import XCTest

/// `DatasetCache.readStreaming`: a file too large for memory, read a slice at a time
/// into its cache file, is what the parse of the whole file makes of it, levels and
/// all; x out of order across slices is refused by line; progress reaches the end.
final class DatasetCacheStreamTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "sightline-stream-tests-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private var cache: DatasetCache { DatasetCache(folder: folder + "/cache", threshold: 0) }

    private func write(_ text: String, to name: String) throws -> String {
        let path = "\(folder)/\(name)"
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    /// Ascending numbers or date-times with one gap, a few series with empty cells
    /// (NaN), a blank line now and then.
    private func randomCSV(_ random: inout SeededGenerator) -> String {
        let rows = Int.random(in: 200...4_000, using: &random)
        let columns = Int.random(in: 1...3, using: &random)
        let dates = Bool.random(using: &random)
        let even = Bool.random(using: &random)
        let gapAt = Int.random(in: 0..<rows, using: &random)
        var lines = ["time," + (1...columns).map { "s\($0)" }.joined(separator: ",")]
        var x = 0
        for row in 0..<rows {
            x += even ? 1 : Int.random(in: 1...3, using: &random)
            if row == gapAt { x += 500 }
            let day = x / 24
            let key = dates ? String(format: "%04d-%02d-%02d %02d:00", 2000 + day / 336, 1 + day / 28 % 12, 1 + day % 28, x % 24)
                            : String(x)
            let values = (0..<columns).map { _ in
                Int.random(in: 0..<10, using: &random) == 0 ? "" : String(Double.random(in: -1e3...1e3, using: &random))
            }
            lines.append(([key] + values).joined(separator: ","))
            if Int.random(in: 0..<200, using: &random) == 0 { lines.append("") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `a == b` with NaN equal to NaN.
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

    func testAStreamedReadIsTheParseOfTheWholeFile() throws {
        var random = SeededGenerator(state: 2_501)
        for trial in 0..<24 {
            let path = try write(randomCSV(&random), to: "random-\(trial).csv")
            let parsed = try DatasetReader.read(path: path)
            let key = try XCTUnwrap(cache.key(path: path, options: LoadOptions()))
            let sliceBytes = Int.random(in: 300...6_000, using: &random)
            var reports: [Int] = []
            let streamed = try XCTUnwrap(cache.readStreaming(path: path, key: key, options: LoadOptions(),
                                                             progress: { done, total in reports.append(done * 1_000 / total) },
                                                             sliceBytes: sliceBytes), "trial \(trial)")
            assertSame(streamed, parsed, "trial \(trial), slices of \(sliceBytes) bytes")
            // Evenly spaced x stays a formula, as in the parse, and is not written out.
            XCTAssertEqual(streamed.xs.isRegular, parsed.xs.isRegular, "trial \(trial)")
            XCTAssertGreaterThan(reports.count, 2, "trial \(trial): read in one slice")
            XCTAssertEqual(reports, reports.sorted(), "trial \(trial): progress went back")
            XCTAssertEqual(reports.last, 1_000, "trial \(trial): progress never reached the end")
            // Opened from the cache file, mapped, with the levels the parse's data source builds.
            XCTAssertTrue(streamed.series.allSatisfy(\.ys.isMapped), "trial \(trial)")
            let prepared = try XCTUnwrap(streamed.prepared, "trial \(trial): no levels")
            let built = DataSource(dataset: parsed)
            let read = DataSource(dataset: streamed)
            XCTAssertEqual(prepared.levels, built.details.map(\.levels), "trial \(trial)")
            XCTAssertEqual(read.details.map(\.levels), built.details.map(\.levels), "trial \(trial)")
            XCTAssertEqual(read.gaps, built.gaps, "trial \(trial)")
            XCTAssertEqual(read.decimals, built.decimals, "trial \(trial)")
            let (first, last) = (parsed.xs.first!, parsed.xs.last!)
            for _ in 0..<10 {
                let a = Double.random(in: first...last, using: &random)
                let b = Double.random(in: a...last, using: &random)
                XCTAssertEqual(read.yBounds(inX: a...b)?.min, built.yBounds(inX: a...b)?.min, "trial \(trial)")
                XCTAssertEqual(read.yBounds(inX: a...b)?.max, built.yBounds(inX: a...b)?.max, "trial \(trial)")
            }
            // A second open finds it cached.
            assertSame(try XCTUnwrap(cache.lookup(key, source: path)), parsed, "trial \(trial): reopened")
        }
    }

    func testAFileOverTheMemoryBudgetIsStreamedIntoTheCache() throws {
        var random = SeededGenerator(state: 7)
        let path = try write(randomCSV(&random), to: "large.csv")
        var options = LoadOptions()
        options.memory = MemoryBudget(availableBytes: 1_000)
        // Parsed in memory, it is refused; through the cache, it is streamed.
        XCTAssertThrowsError(try DatasetReader.read(path: path, options: options))
        let streamed = try cache.read(path: path, options: options, progress: nil)
        assertSame(streamed, try DatasetReader.read(path: path), "streamed")
        XCTAssertTrue(streamed.series.allSatisfy(\.ys.isMapped))
        // Nothing but the cache file is left in the folder.
        let left = try FileManager.default.contentsOfDirectory(atPath: folder + "/cache")
        XCTAssertEqual(left.count, 1)
        XCTAssertTrue(left.allSatisfy { $0.hasSuffix(".slc") }, "\(left)")
    }

    func testAnEarlierXInALaterSliceIsRefusedByLine() throws {
        var lines = ["x,y"] + (1...400).map { "\($0),\($0 % 7)" }
        // Line 302 (after the header) goes back before rows of an earlier slice.
        lines[301] = "120,5"
        let path = try write(lines.joined(separator: "\n") + "\n", to: "unsorted.csv")
        let key = try XCTUnwrap(cache.key(path: path, options: LoadOptions()))
        for sliceBytes in [200, 517, 1_000] {
            XCTAssertThrowsError(try cache.readStreaming(path: path, key: key, options: LoadOptions(), progress: nil,
                                                         sliceBytes: sliceBytes)) { error in
                guard case let .malformed(file, line, _, expected, _)? = error as? DataLoadError else {
                    return XCTFail("slices of \(sliceBytes): \(error)")
                }
                XCTAssertEqual(file, path)
                XCTAssertEqual(line, 302, "slices of \(sliceBytes)")
                XCTAssertTrue(expected.contains("sort it by x first"), expected)
            }
        }
        XCTAssertEqual((try? FileManager.default.contentsOfDirectory(atPath: folder + "/cache")) ?? [], [],
                       "a refused file leaves nothing behind")
        // Within one slice, rows are sorted as the whole file's parse sorts them.
        let sorted = try XCTUnwrap(cache.readStreaming(path: path, key: key, options: LoadOptions(), progress: nil,
                                                       sliceBytes: 100_000))
        assertSame(sorted, try DatasetReader.read(path: path), "one slice")
    }

    func testOnlyPlainCSVIsStreamed() throws {
        let json = try write("[{\"x\": 1, \"y\": 2}, {\"x\": 2, \"y\": 3}]\n", to: "points.json")
        let gzip = "\(folder)/points.csv.gz"
        try Data([0x1F, 0x8B, 0x08, 0x00] + Array("x,y\n1,2\n".utf8)).write(to: URL(fileURLWithPath: gzip))
        let utf16 = "\(folder)/points-utf16.csv"
        try Data([0xFF, 0xFE] + Array("x,y\n1,2\n".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
            .write(to: URL(fileURLWithPath: utf16))
        for path in [json, gzip, utf16] {
            let key = try XCTUnwrap(cache.key(path: path, options: LoadOptions()))
            XCTAssertNil(try cache.readStreaming(path: path, key: key, options: LoadOptions(), progress: nil, sliceBytes: 8), path)
        }
    }

    /// Built a stretch at a time (1M points or the largest bucket), the ladder and the
    /// range tree are those built at once: over several stretches, with gaps and NaN.
    func testLevelsBuiltInStretchesAreTheLevelsBuiltAtOnce() {
        var random = SeededGenerator(state: 99)
        for count in [0, 5, 3_000, 2_500_000 + Int.random(in: 0..<100_000, using: &random)] {
            var y = 0.0
            let ys = (0..<count).map { _ -> Double in
                y += Double.random(in: -1...1, using: &random)
                return Int.random(in: 0..<5_000, using: &random) == 0 ? .nan : y
            }
            let gapStarts = count < 2 ? [] : (0..<Int.random(in: 0...20, using: &random)).map { _ in Int.random(in: 0..<(count - 1), using: &random) }
            let sortedGaps = Array(Set(gapStarts)).sorted()
            var built: [[Int32]] = []
            let levels = MinMaxLOD.levels(inStretchesOf: ValueColumn(ys), gapStarts: sortedGaps) { level, indices in
                if level == built.count { built.append([]) }
                built[level] += indices
            }
            let whole = MinMaxLOD(ys: ys, gapStarts: sortedGaps).levels.map { Array($0.indices) }
            XCTAssertEqual(levels, whole.count, "\(count) points")
            XCTAssertEqual(built, whole, "\(count) points")
            let tree = RangeMinMax.Stored(buildingFrom: ValueColumn(ys))
            let reference = RangeMinMax(ys: ys).stored
            XCTAssertEqual(tree.lows.map(\.bitPattern), reference.lows.map(\.bitPattern), "\(count) points")
            XCTAssertEqual(tree.highs.map(\.bitPattern), reference.highs.map(\.bitPattern), "\(count) points")
            let cents = ys.map { ($0 * 100).rounded() / 100 }
            XCTAssertEqual(SeriesPrecision.decimals(ofMapped: ValueColumn(cents)), SeriesPrecision.decimals(of: cents), "\(count) points")
            XCTAssertEqual(SeriesPrecision.decimals(ofMapped: ValueColumn(ys)), SeriesPrecision.decimals(of: ys), "\(count) points")
        }
    }

    func testACacheFileOverTheLimitIsRefusedBeforeThePass() throws {
        var random = SeededGenerator(state: 11)
        let path = try write(randomCSV(&random), to: "over.csv")
        let small = DatasetCache(folder: folder + "/cache", threshold: 0, limit: 100)
        let key = try XCTUnwrap(small.key(path: path, options: LoadOptions()))
        var reports = 0
        XCTAssertThrowsError(try small.readStreaming(path: path, key: key, options: LoadOptions(),
                                                     progress: { _, _ in reports += 1 }, sliceBytes: 500)) { error in
            XCTAssertTrue("\(error)".contains("limit"), "\(error)")
        }
        XCTAssertEqual(reports, 0, "a slice was read before the refusal")
        XCTAssertEqual((try? FileManager.default.contentsOfDirectory(atPath: folder + "/cache")) ?? [], [])
    }

    /// Day and month settled by the first slice (`13/01/2000`) are kept by every later
    /// one, even a slice whose days are all 12 or less, as the whole file's parse reads them.
    func testLaterSlicesKeepTheFirstSlicesDateForm() throws {
        var lines = ["day,value"]
        var (day, month, year) = (13, 1, 2000)
        for row in 0..<400 {
            lines.append(String(format: "%02d/%02d/%04d,%d", day, month, year, row % 17))
            day += 1
            if day > 28 { (day, month) = (1, month + 1) }
            if month > 12 { (month, year) = (1, year + 1) }
        }
        let path = try write(lines.joined(separator: "\n") + "\n", to: "days.csv")
        let key = try XCTUnwrap(cache.key(path: path, options: LoadOptions()))
        let streamed = try XCTUnwrap(cache.readStreaming(path: path, key: key, options: LoadOptions(), progress: nil,
                                                         sliceBytes: 120))
        assertSame(streamed, try DatasetReader.read(path: path), "slices of 120 bytes")
    }

    /// Instants with a zone, moved to the machine's wall clock, are read as ever (in
    /// memory), not a slice at a time; in one slice they are the whole file's parse.
    func testInstantsMovedToTheWallClockAreNotSliced() throws {
        let lines = ["time,value"] + (0..<200).map { String(format: "2020-01-01T%02d:%02d:00+01:00,%d", $0 / 60, $0 % 60, $0 % 13) }
        let path = try write(lines.joined(separator: "\n") + "\n", to: "zoned.csv")
        let key = try XCTUnwrap(cache.key(path: path, options: LoadOptions()))
        XCTAssertNil(try cache.readStreaming(path: path, key: key, options: LoadOptions(), progress: nil, sliceBytes: 300))
        let whole = try XCTUnwrap(cache.readStreaming(path: path, key: key, options: LoadOptions(), progress: nil,
                                                      sliceBytes: 1 << 20))
        assertSame(whole, try DatasetReader.read(path: path), "one slice")
    }
}
