import ChartData
import Foundation
import XCTest

/// A database's instants shown on the wall clock as a file's are: what it reads and
/// answers is moved to Berlin's clock here, and the ranges asked about moved back, so
/// a summer view's M4 is that of the rows as the wall clock shows them, exactly.
final class LocalTimeSourceTests: XCTestCase {
    private let berlin = TimeZone(identifier: "Europe/Berlin")!
    /// Hourly rows through 2024 (UTC seconds), a walk of whole numbers.
    private let rows: Dataset = {
        var rng = SplitMix64(seed: 272)
        let start = 1_704_067_200.0
        var y = 0.0
        let xs = (0..<8_760).map { start + Double($0) * 3_600 }
        let ys = xs.map { _ in
            y += Double(Int.random(in: -5...5, using: &rng))
            return y
        }
        return Dataset(source: "db", xs: xs, series: [Series(name: "v", ys: ys)], xKind: .time(unitsPerSecond: 1))
    }()

    private func wall(_ x: Double) -> Double { x + Double(berlin.secondsFromGMT(for: Date(timeIntervalSince1970: x))) }

    func testASummerViewIsTheM4OfTheRowsOnTheWallClock() async throws {
        let source = LocalTimeSource(inner: LoadedSource(dataset: rows, xCarriesZone: true), zone: berlin)
        let read = try source.read(options: LoadOptions(), progress: nil)
        XCTAssertTrue(read.instantsInLocalTime)
        // Away from the two changes, every instant moves by its offset.
        XCTAssertEqual(read.xs[100], wall(rows.xs[100]))
        XCTAssertEqual(read.xs[5_000], wall(rows.xs[5_000]))
        let extent = try await source.extent()
        XCTAssertEqual(extent.first, wall(rows.xs.first!))
        XCTAssertEqual(extent.last, wall(rows.xs.last!))

        // June, on the wall clock: UTC+2 throughout.
        let june = M4Request(series: ["v"], start: wall(1_717_200_000), end: wall(1_719_792_000), columns: 97)
        let answer = try await source.m4(june)
        XCTAssertEqual(answer.request, june)
        let wallXs = Array(rows.xs).map(wall)
        let expected = M4Reduction.reduce(name: "v", xs: wallXs, ys: Array(rows.series[0].ys), request: june)
        XCTAssertEqual(answer.series[0], expected)
        XCTAssertEqual(answer.rowsInRange, 720)

        let stats = try await source.statistics(of: ["v"], from: june.start, to: june.end)
        let inJune = wallXs.indices.filter { wallXs[$0] >= june.start && wallXs[$0] < june.end }.map { rows.series[0].ys[$0] }
        XCTAssertEqual(stats[0].count, inJune.count)
        XCTAssertEqual(stats[0].max, inJune.max())

        let after = try await source.rows(after: wallXs[6_000], limit: 3)
        XCTAssertEqual(Array(after.xs), Array(wallXs[6_001...6_003]))
    }

    /// A view across the spring change still holds only points of its range, ascending.
    func testAViewAcrossAChangeOfTheClocksHoldsItsRange() async throws {
        let source = LocalTimeSource(inner: LoadedSource(dataset: rows, xCarriesZone: true), zone: berlin)
        // 31 March 2024, 02:00 local: clocks go forward.
        let request = M4Request(series: ["v"], start: wall(1_711_800_000), end: wall(1_711_980_000), columns: 200)
        let answer = try await source.m4(request)
        let xs = answer.series[0].xs
        XCTAssertFalse(xs.isEmpty)
        XCTAssertTrue(xs.allSatisfy { $0 >= request.start && $0 < request.end })
        XCTAssertEqual(xs, xs.sorted())
    }

    func testUTCAsksForNoMove() {
        var options = LoadOptions()
        options.utc = true
        let inner = LoadedSource(dataset: rows)
        XCTAssertTrue(LocalTimeSource.wrapping(inner, options: options) is LoadedSource)
        XCTAssertTrue(LocalTimeSource.wrapping(inner, options: LoadOptions()) is LocalTimeSource)
    }

    /// A naive timestamp (no zone: SQLite's text, PostgreSQL's `timestamp`) is shown as
    /// written, as a file's date without a zone is.
    func testANaiveTimestampIsShownAsWritten() async throws {
        let source = LocalTimeSource(inner: LoadedSource(dataset: rows), zone: berlin)
        let read = try source.read(options: LoadOptions(), progress: nil)
        XCTAssertEqual(Array(read.xs), Array(rows.xs))
        XCTAssertFalse(read.instantsInLocalTime)
        let request = M4Request(series: ["v"], start: rows.xs[4_000], end: rows.xs[4_500], columns: 50)
        let answer = try await source.m4(request)
        XCTAssertEqual(answer.series[0], M4Reduction.reduce(name: "v", xs: Array(rows.xs), ys: Array(rows.series[0].ys), request: request))
    }
}
