import ChartData
import ChartSources
import XCTest
@testable import ChartServerSources

/// Listing, choice, extent, statistics, rows and the whole read against the cluster.
final class ClickHouseSourceTests: XCTestCase {
    override func setUpWithError() throws {
        try ClickHouseCluster.require()
    }

    func testListingNamesTypesRolesAndTheSortingKey() async throws {
        let listing = try await ClickHouseCluster.source("").listing()
        let ticks = try XCTUnwrap(listing.tables.first { $0.name == "ticks" })
        XCTAssertEqual(ticks.columns.map(\.name), ["t", "price", "volume", "venue"])
        XCTAssertEqual(ticks.columns.map(\.role), [.time, .number, .number, .other])
        XCTAssertEqual(ticks.columns[2].type, "Nullable(Int64)")
        // The Distributed table is indexed on its local table's sorting key.
        XCTAssertEqual(ticks.columns.map(\.indexed), [true, false, false, false])
        let gauges = try XCTUnwrap(listing.tables.first { $0.name == "gauges" })
        XCTAssertEqual(gauges.timeLike.first?.name, "x")
        XCTAssertEqual(gauges.columns.first?.indexed, true)
        XCTAssertEqual(listing.tables.first { $0.name == "notes" }?.columns.map(\.role), [.time, .other])
    }

    func testChoiceTakesTheFirstInstantAndEveryNumber() async throws {
        let extent = try await ClickHouseCluster.source("table=ticks").extent()
        XCTAssertEqual(extent.series, ["price", "volume"])
        XCTAssertEqual(extent.xKind, .time(unitsPerSecond: 1))
        XCTAssertEqual(extent.count, 35000)
        XCTAssertEqual(extent.first, 1_700_000_000)
        XCTAssertEqual(extent.last, 1_700_000_000 + 14999 * 11, "shard 2's last")
        XCTAssertTrue(extent.xIndexed)
        let days = try await ClickHouseCluster.source("table=days").extent()
        XCTAssertEqual(days.first, 1_577_836_800, "2020-01-01 at midnight UTC")
    }

    func testStatisticsAreTheServersOverEveryRowInRange() async throws {
        let (xs, ys) = try ClickHouseCluster.rows(x: "toFloat64(t)", ["price", "volume"], of: "ticks")
        let source = try ClickHouseCluster.source("table=ticks")
        let start = 1_700_010_000.0, end = 1_700_090_000.5
        let stats = try await source.statistics(of: ["volume", "price"], from: start, to: end)
        XCTAssertEqual(stats.map(\.name), ["volume", "price"])
        for (stat, column) in zip(stats, [1, 0]) {
            let values = zip(xs, ys[column]).filter { $0.0 >= start && $0.0 < end && !$0.1.isNaN }.map(\.1)
            XCTAssertEqual(stat.count, values.count)
            XCTAssertEqual(stat.min, values.min())
            XCTAssertEqual(stat.max, values.max())
            let mean = values.reduce(0, +) / Double(values.count)
            let deviation = (values.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(values.count - 1)).squareRoot()
            XCTAssertEqual(stat.mean!, mean, accuracy: abs(mean) * 1e-12)
            XCTAssertEqual(stat.standardDeviation!, deviation, accuracy: deviation * 1e-9)
        }
        let none = try await source.statistics(of: ["price"], from: 1, to: 2)
        XCTAssertEqual(none, [ExactStatistics(name: "price", count: 0, min: nil, max: nil, mean: nil, standardDeviation: nil)])
    }

    func testRowsAfterAnXComeAscendingAndLimited() async throws {
        let source = try ClickHouseCluster.source("table=gauges&y=level")
        let (xs, ys) = try ClickHouseCluster.rows(x: "x", ["level"], of: "gauges")
        let after = xs.sorted()[8000]
        let rows = try await source.rows(after: after, limit: 100)
        let expected = rowOrder(xs, ys[0]).map { (xs[$0], ys[0][$0]) }.filter { $0.0 > after }.prefix(100)
        XCTAssertEqual(rows.count, 100)
        XCTAssertEqual(Array(rows.xs), expected.map(\.0))
        XCTAssertTrue(sameValues(Array(rows.series[0].ys), expected.map(\.1)))
        let past = try await source.rows(after: xs.max()!, limit: 100)
        XCTAssertEqual(past.count, 0)
    }

    func testASmallTableIsReadWholeThroughTheCatalog() throws {
        let source = SourceCatalog(kinds: ServerSources.kinds).source(for: ClickHouseCluster.address("table=ticks&y=price"))
        XCTAssertTrue(source is ClickHouseSource)
        var options = LoadOptions()
        options.usesCache = false
        let dataset = try source.read(options: options, progress: nil)
        XCTAssertEqual(dataset.count, 35000)
        XCTAssertEqual(dataset.series.map(\.name), ["price"])
        XCTAssertEqual(dataset.xKind, .time(unitsPerSecond: 1))
        XCTAssertTrue(zip(dataset.xs.dropFirst(), dataset.xs).allSatisfy { $0 >= $1 }, "ascending")
    }

    func testAQueryIsChartedAsATable() async throws {
        let sql = "SELECT t, price * 2 AS twice FROM sightline.ticks WHERE venue = 'B'"
        var options = LoadOptions()
        options.sql = sql
        let source = try ClickHouseCluster.source("", options: options)
        let extent = try await source.extent()
        XCTAssertEqual(extent.count, 15000)
        XCTAssertEqual(extent.series, ["twice"])
    }

    func testLiteralsReadBackToTheSameBits() throws {
        var random = SplitMix64(state: 5)
        var values: [Double] = [0, -0.0, 1, -1, .pi, 1e-300, .leastNonzeroMagnitude, .greatestFiniteMagnitude, -1_700_000_000.123456789]
        for _ in 0..<400 {
            values.append(Double(bitPattern: random.next() & 0x7FEF_FFFF_FFFF_FFFF) * (random.next() % 2 == 0 ? 1 : -1))
        }
        let list = values.map(ClickHouseSQL.literal).joined(separator: ", ")
        var reader = ClickHouseRowBinary(try ClickHouseCluster.query("SELECT arrayJoin([\(list)]) FORMAT RowBinary"), source: "test")
        for value in values {
            XCTAssertEqual(try reader.float64().bitPattern, value.bitPattern, "\(ClickHouseSQL.literal(value))")
        }
    }

    func testStringsAndIdentifiersAreEscaped() throws {
        let text = "it's a \\ back`slash\n\t and 'quotes' \u{1B}[31m"
        let sql = "SELECT \(ClickHouseSQL.string(text)) AS \(ClickHouseSQL.identifier("we`ird \\ name")) FORMAT RowBinary"
        var reader = ClickHouseRowBinary(try ClickHouseCluster.query(sql), source: "test")
        XCTAssertEqual(try reader.string(), text)
    }
}
