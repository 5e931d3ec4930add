import ChartData
import ChartSources
import Foundation
import XCTest

/// gzip files, made here by the real `gzip`, read through the file source as the file
/// they hold; broken ones and bombs refused by name.
final class GzipTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "sightline-gzip-\(getpid())-\(name.filter(\.isLetter))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func write(_ bytes: [UInt8], to name: String) throws -> String {
        let path = "\(folder)/\(name)"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    private func contents(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// `path` compressed by gzip into `path.gz` (the original kept).
    @discardableResult
    private func gzip(_ path: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["gzip", "-k", "-n", "-f", path]
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "gzip \(path)")
        return path + ".gz"
    }

    private func read(_ path: String, options: LoadOptions = LoadOptions(),
                      progress: LoadProgress? = nil) throws -> Dataset {
        try FileSource(path: path).read(options: options, progress: progress)
    }

    private func daily(rows: Int) -> String {
        "Date,Close,Volume\n" + (0..<rows).map { day in
            let date = Date(timeIntervalSince1970: 1_577_836_800 + Double(day) * 86_400)
            let stamp = ISO8601DateFormatter.string(from: date, timeZone: TimeZone(identifier: "UTC")!, formatOptions: .withFullDate)
            return "\(stamp),\(100 + Double(day % 97) / 4),\(1_000 + day)\n"
        }.joined()
    }

    /// A `.csv.gz` and the same bytes under a name that does not say gzip read as the CSV.
    func testAGzipFileIsReadAsTheFileItHolds() throws {
        let csv = try write(Array(daily(rows: 5_000).utf8), to: "prices.csv")
        let plain = try read(csv)
        let compressed = try gzip(csv)
        let unnamed = try write(try contents(compressed), to: "export.dat")
        for path in [compressed, unnamed] {
            let dataset = try read(path)
            XCTAssertEqual(dataset.source, path)
            XCTAssertEqual(dataset.xs, plain.xs, path)
            XCTAssertEqual(dataset.series.map(\.name), ["Close", "Volume"], path)
            XCTAssertEqual(dataset.series.map(\.ys), plain.series.map(\.ys), path)
        }
    }

    /// The format of what is inside comes from the name without `.gz`.
    func testAGzipJSONIsJSONByItsName() throws {
        let json = try write(try contents(PackageFiles.resource("sample-chart.json")), to: "chart.json")
        let plain = try read(json)
        let dataset = try read(try gzip(json))
        XCTAssertEqual(dataset.series.map(\.name), plain.series.map(\.name))
        XCTAssertEqual(dataset.xs, plain.xs)
    }

    /// `cat a.gz b.gz` is read whole; zeros after it are padding; anything else after it
    /// is an error.
    func testSeveralMembersAreReadWhole() throws {
        let first = try gzip(try write(Array("x,y\n1,10\n2,20\n".utf8), to: "a.csv"))
        let second = try gzip(try write(Array("3,30\n4,40\n".utf8), to: "b.csv"))
        let joined = try contents(first) + contents(second)
        let whole = try read(try write(joined, to: "ab.csv.gz"))
        XCTAssertEqual(whole.xs, [1, 2, 3, 4])
        XCTAssertEqual(whole.series.first?.ys, [10, 20, 30, 40])
        let padded = try read(try write(joined + [UInt8](repeating: 0, count: 1_000), to: "padded.csv.gz"))
        XCTAssertEqual(padded.xs.count, 4)
        let trailing = try write(joined + Array("junk".utf8), to: "junk.csv.gz")
        XCTAssertThrowsError(try read(trailing)) { error in
            XCTAssertEqual("\(error)", "\(trailing): a gzip file followed by 4 bytes that are not gzip data (from byte \(joined.count))")
            XCTAssertEqual((error as? DataLoadError)?.exitCode, 65)
        }
    }

    func testTruncatedAndCorruptDataAreNamedWithZlibsReason() throws {
        let compressed = try contents(try gzip(try write(Array(daily(rows: 2_000).utf8), to: "p.csv")))
        let cut = try write(Array(compressed.prefix(compressed.count / 2)), to: "cut.csv.gz")
        XCTAssertThrowsError(try read(cut)) { error in
            XCTAssertEqual("\(error)", "\(cut): a gzip file cut short: its data stops after \(compressed.count / 2) bytes, "
                           + "before its end (zlib: unexpected end of file)")
            XCTAssertEqual((error as? DataLoadError)?.exitCode, 65)
        }
        var flipped = compressed
        flipped[compressed.count - 6] ^= 0xFF  // in the trailer's CRC-32
        let badCheck = try write(flipped, to: "crc.csv.gz")
        XCTAssertThrowsError(try read(badCheck)) { error in
            XCTAssertTrue("\(error)".hasPrefix("\(badCheck): a gzip file whose data is corrupt (zlib: incorrect data check"),
                          "\(error)")
        }
        var method = compressed
        method[2] = 7  // a compression method that is not deflate
        let badMethod = try write(method, to: "method.csv.gz")
        XCTAssertThrowsError(try read(badMethod)) { error in
            XCTAssertTrue("\(error)".hasPrefix("\(badMethod): a gzip file whose data is corrupt (zlib: unknown compression method, "),
                          "\(error)")
        }
    }

    /// 64 MB of rows in 64 KB of gzip, against a 16 MB budget: refused as it grows, naming
    /// the file and the size it reached.
    func testAGzipBombIsRefusedWithTheSizeItReached() throws {
        let bomb = try gzip(try write(Array(("x,y\n" + String(repeating: "1,1\n", count: 16 << 20)).utf8), to: "bomb.csv"))
        XCTAssertLessThan(try contents(bomb).count, 1 << 20)
        let budget = 16 << 20
        XCTAssertThrowsError(try read(bomb, options: LoadOptions(memory: MemoryBudget(availableBytes: budget)))) { error in
            guard case .tooLarge(bomb, let what, let needed, budget, _)? = error as? DataLoadError else {
                return XCTFail("\(error)")
            }
            XCTAssertTrue(what.hasPrefix("decompressing it (") && what.hasSuffix("so far)"), what)
            XCTAssertGreaterThan(needed, budget)
            XCTAssertEqual((error as? DataLoadError)?.exitCode, 69)
        }
    }

    /// A 40 MB third line with no line end, against the default 16 MB line limit: refused
    /// as the loader refuses a long line (file and line named) once the line passes the
    /// limit, within a 24 MB budget that inflating it whole would outgrow.
    func testALongLineStopsTheInflatingAtTheLineLimit() throws {
        let long = try gzip(try write(Array(("x,y\n1,2\n" + String(repeating: "a", count: 40 << 20)).utf8), to: "long.csv"))
        XCTAssertLessThan(try contents(long).count, 1 << 20)
        for options in [LoadOptions(memory: MemoryBudget(availableBytes: 24 << 20)), LoadOptions()] {
            XCTAssertThrowsError(try read(long, options: options)) { error in
                XCTAssertEqual("\(error)", "\(long):3:1: expected a line end within 16 MB, found a longer line (is this a text file?)")
            }
        }
    }

    /// The first half of the bar is the compressed bytes read; it never goes back.
    func testProgressCountsTheCompressedBytes() throws {
        let compressed = try gzip(try write(Array(("x,y\n" + (0..<100_000).map { "\($0),\($0 % 89)\n" }.joined()).utf8),
                                            to: "long.csv"))
        let size = try contents(compressed).count
        let reports = Reports()
        _ = try read(compressed) { done, total in reports.add(done, total) }
        let all = reports.all
        let inflating = all.filter { $0.total == 2 * size }
        XCTAssertEqual(inflating.last?.done, size, "every compressed byte counted")
        let fractions = all.map { Double($0.done) / Double($0.total) }
        XCTAssertEqual(fractions, fractions.sorted())
        XCTAssertEqual(fractions.last, 1)
    }

    /// gzip of gzip is refused naming the file given, not that file less ".gz".
    func testGzipOfGzipNamesTheFileGiven() throws {
        let twice = try gzip(try gzip(try write(Array("d,v\n1,2\n".utf8), to: "twice.csv")))
        XCTAssertThrowsError(try read(twice)) {
            XCTAssertEqual(String(describing: $0), "\(twice): gzip inside gzip: decompress it twice first "
                               + "(gunzip -c \(twice) | gunzip -c > data.csv)")
        }
    }

    /// gzip of an empty file is named as such, not as "the file is empty (0 bytes)".
    func testGzipOfNothingIsNamedAsSuch() throws {
        XCTAssertThrowsError(try read(try gzip(try write([], to: "nothing.csv")))) {
            XCTAssertTrue(String(describing: $0).hasSuffix("nothing.csv.gz: the gzip file holds nothing (it inflates to 0 bytes)"),
                          String(describing: $0))
        }
    }

    /// gzip of UTF-16 text ("Unicode text" compressed) is inflated, then transcoded.
    func testGzipOfUTF16IsRead() throws {
        let text = "Datum\tWert\r\n2024-01-01\t1,5\r\n2024-01-02\t2,5\r\n"
        let utf16: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let dataset = try read(try gzip(try write(utf16, to: "unicode.txt")))
        XCTAssertEqual(dataset.series.map(\.name), ["Wert"])
        XCTAssertEqual(dataset.series.first?.ys, [1.5, 2.5])
    }
}

/// Files of the package, found from this file's path.
private enum PackageFiles {
    static func resource(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Resources").appendingPathComponent(name).path
    }
}

/// Progress reports, from whichever thread the loader reports on.
private final class Reports: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [(done: Int, total: Int)] = []

    func add(_ done: Int, _ total: Int) {
        lock.lock()
        list.append((done, total))
        lock.unlock()
    }

    var all: [(done: Int, total: Int)] {
        lock.lock()
        defer { lock.unlock() }
        return list
    }
}
