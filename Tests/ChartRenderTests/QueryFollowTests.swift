@testable import ChartApp
import ChartData
import Synchronization
import XCTest

/// `--follow` on a queried source: the rows past the last x shown are polled for and
/// appended to the shown source; a lost source says so once and is polled again.
final class QueryFollowTests: XCTestCase {
    private func waitForUpdate(_ follow: QueryFollow, seconds: Double = 30) async throws -> QueryFollow.Update {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let update = follow.take() { return update }
            try await Task.sleep(nanoseconds: 20_000_000)
        }
        // No update is the behaviour under test failing, not a reason to skip.
        throw NoUpdate(seconds: seconds)
    }

    func testRowsPastTheLastXAreAppendedAndALostSourceSaysSo() async throws {
        let table = GrowingTable(rows: 100)
        let shown = DataSource(dataset: try await table.rows(after: nil, limit: 1_000))
        let follow = QueryFollow(source: table, shown: shown, connectsGaps: false, refiner: nil, wake: {})
        defer { follow.stop() }
        table.grow(by: 30)
        let update = try await waitForUpdate(follow)
        XCTAssertTrue(update.grewFrom === shown)
        XCTAssertEqual(update.rows, 30)
        XCTAssertEqual(Array(update.source.dataset.xs), (0..<130).map(Double.init))
        XCTAssertEqual(update.source.dataset.series[0].ys.last, 129)

        table.isDown = true
        let lost = try await waitForUpdate(follow)
        XCTAssertEqual(lost.notices, ["lost the connection to table; asking again every second"])
        XCTAssertEqual(lost.rows, 0)
        table.isDown = false
        table.grow(by: 5)
        // Back: it says so, and the rows missed come in.
        var grown = 0, notices: [String] = []
        let deadline = Date().addingTimeInterval(6)
        while grown < 5, Date() < deadline {
            if let next = follow.take() {
                grown += next.rows
                notices += next.notices
            }
            try await Task.sleep(nanoseconds: 20_000_000)
        }
        XCTAssertEqual(grown, 5)
        XCTAssertEqual(notices, ["table answers again"])
    }
}

/// A table in memory that grows, and can be made unreachable.
final class GrowingTable: QueryableSource {
    private let data: Mutex<LoadedSource>
    private let down = Mutex(false)

    init(rows: Int) {
        data = Mutex(Self.table(rows))
    }

    private static func table(_ rows: Int) -> LoadedSource {
        let xs = (0..<rows).map(Double.init)
        return LoadedSource(dataset: Dataset(source: "table", xs: xs, series: [Series(name: "y", ys: xs)]))
    }

    func grow(by rows: Int) {
        data.withLock { $0 = Self.table($0.dataset.count + rows) }
    }

    var isDown: Bool {
        get { down.withLock { $0 } }
        set { down.withLock { $0 = newValue } }
    }

    private var now: LoadedSource {
        get throws {
            if isDown { throw DataLoadError.unreachable(source: "table", reason: "connection refused") }
            return data.withLock { $0 }
        }
    }

    static func source(for location: String) -> GrowingTable? { nil }
    var name: String { "table" }
    func read(options: LoadOptions, progress: LoadProgress?) throws -> Dataset { try now.dataset }
    func listing() async throws -> SourceListing { try await now.listing() }
    func extent() async throws -> SourceExtent { try await now.extent() }
    func m4(_ request: M4Request) async throws -> M4Answer { try await now.m4(request) }
    func statistics(of series: [String], from start: Double, to end: Double) async throws -> [ExactStatistics] {
        try await now.statistics(of: series, from: start, to: end)
    }
    func rows(after x: Double?, limit: Int) async throws -> Dataset { try await now.rows(after: x, limit: limit) }
}

/// The update a test waited for never came.
private struct NoUpdate: Error, CustomStringConvertible {
    let seconds: Double
    var description: String { "no update within \(seconds) s" }
}
