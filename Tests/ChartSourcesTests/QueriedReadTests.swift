import ChartData
import ChartSources
import Foundation
import Synchronization
import XCTest

/// Rows in memory answering as a database would, counting the questions asked: the
/// shared first read is the subject here, not an engine.
private final class CountingSource: QueryableSource {
    let name: String
    let xs: [Double]
    let ys: [Double]
    let version: String
    let asked = Mutex<[String]>([])

    init(name: String, xs: [Double], ys: [Double], version: String = "v1") {
        self.name = name
        self.xs = xs
        self.ys = ys
        self.version = version
    }

    static func source(for location: String) -> CountingSource? { nil }

    func read(options: LoadOptions, progress: LoadProgress?) throws -> Dataset {
        try QueriedRead(cache: nil).read(self, options: options, progress: progress)
    }

    private func note(_ question: String) { asked.withLock { $0.append(question) } }

    func listing() async throws -> SourceListing { SourceListing(tables: []) }

    func extent() async throws -> SourceExtent {
        note("extent")
        return SourceExtent(first: xs.first, last: xs.last, count: xs.count, xKind: .number, series: ["v"],
                            version: version, xIndexed: true)
    }

    func m4(_ request: M4Request) async throws -> M4Answer {
        note("m4")
        return M4Answer(request: request, series: [M4Reduction.reduce(name: "v", xs: xs, ys: ys, request: request)],
                        rowsInRange: M4Reduction.rowsInRange(xs, request))
    }

    func statistics(of series: [String], from start: Double, to end: Double) async throws -> [ExactStatistics] { [] }

    func rows(after x: Double?, limit: Int) async throws -> Dataset {
        note("rows")
        let from = xs.firstIndex { x == nil || $0 > x! } ?? xs.count
        let to = min(xs.count, from + limit)
        return Dataset(source: name, xs: Array(xs[from..<to]), series: [Series(name: "v", ys: Array(ys[from..<to]))])
    }
}

final class QueriedReadTests: XCTestCase {
    private func walk(_ count: Int, seed: UInt64) -> [Double] {
        var generator = SeededGenerator(state: seed)
        var y = 0.0
        return (0..<count).map { _ in
            y += Double.random(in: -1...1, using: &generator)
            return y
        }
    }

    private var cacheFolder = ""

    override func setUp() {
        cacheFolder = NSTemporaryDirectory() + "queried-read-\(UUID().uuidString)"
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: cacheFolder)
    }

    private func reader() -> QueriedRead {
        var reader = QueriedRead(cache: DatasetCache(folder: cacheFolder))
        reader.allRowsLimit = 1_000
        reader.pyramidColumns = 256
        return reader
    }

    func testASmallTableIsReadWhole() throws {
        let source = CountingSource(name: "small", xs: (0..<500).map(Double.init), ys: walk(500, seed: 1))
        let dataset = try reader().read(source, options: LoadOptions(), progress: nil)
        XCTAssertEqual(dataset.count, 500)
        XCTAssertEqual(source.asked.withLock { $0 }, ["extent", "rows"])
    }

    func testALargeTableIsAPyramidAskedInPiecesWithProgress() throws {
        let count = 20_000
        let ys = walk(count, seed: 2)
        let source = CountingSource(name: "large", xs: (0..<count).map { Double($0) * 0.5 }, ys: ys)
        var steps: [Int] = []
        let dataset = try reader().read(source, options: LoadOptions(), progress: { done, total in
            XCTAssertEqual(total, 16)
            steps.append(done)
        })
        XCTAssertEqual(steps, Array(0...16))
        XCTAssertEqual(source.asked.withLock { $0 }, ["extent"] + Array(repeating: "m4", count: 16))
        XCTAssertLessThanOrEqual(dataset.count, 4 * 256)
        XCTAssertGreaterThan(dataset.count, 256)
        // Its extremes and ends are the table's.
        let drawn = Array(dataset.series[0].ys)
        XCTAssertEqual(drawn.min(), ys.min())
        XCTAssertEqual(drawn.max(), ys.max())
        XCTAssertEqual(dataset.xs.first, 0)
        XCTAssertEqual(dataset.xs.last, Double(count - 1) * 0.5)
    }

    func testAnUnchangedTableReopensFromTheCacheAndAChangedOneIsAskedAgain() throws {
        let count = 20_000
        let xs = (0..<count).map(Double.init)
        let ys = walk(count, seed: 3)
        let first = try reader().read(CountingSource(name: "t", xs: xs, ys: ys), options: LoadOptions(), progress: nil)

        let again = CountingSource(name: "t", xs: xs, ys: ys)
        let kept = try reader().read(again, options: LoadOptions(), progress: nil)
        XCTAssertEqual(again.asked.withLock { $0 }, ["extent"])
        XCTAssertEqual(Array(kept.xs), Array(first.xs))
        XCTAssertEqual(Array(kept.series[0].ys), Array(first.series[0].ys))

        let changed = CountingSource(name: "t", xs: xs, ys: ys, version: "v2")
        _ = try reader().read(changed, options: LoadOptions(), progress: nil)
        XCTAssertEqual(changed.asked.withLock { $0 }.count, 17)

        var noCache = LoadOptions()
        noCache.usesCache = false
        let fresh = CountingSource(name: "t", xs: xs, ys: ys, version: "v2")
        _ = try reader().read(fresh, options: noCache, progress: nil)
        XCTAssertEqual(fresh.asked.withLock { $0 }.count, 17)
    }

    func testAnEmptyTableIsSaid() {
        let source = CountingSource(name: "empty", xs: [], ys: [])
        XCTAssertThrowsError(try reader().read(source, options: LoadOptions(), progress: nil)) { error in
            XCTAssertEqual(error as? DataLoadError, .noData(file: "empty", reason: "the table has no rows"))
        }
    }
}
