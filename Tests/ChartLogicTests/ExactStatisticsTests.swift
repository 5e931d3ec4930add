import ChartData
import ChartSupport
import XCTest

/// `describe` over a queried source: its statistics are the source's over every row in
/// range, not those of the points drawn (a pyramid's).
final class ExactStatisticsTests: XCTestCase {
    func testTheSourcesStatisticsReplaceTheDrawnOnes() async throws {
        var rng = SplitMix64(seed: 271)
        let xs = (0..<20_000).map(Double.init)
        let ys = xs.map { _ in Double.random(in: -5...5, using: &rng) }
        let rows = LoadedSource(dataset: Dataset(source: "db", xs: xs, series: [Series(name: "v", ys: ys)]))
        let drawn = try await rows.m4(M4Request(series: ["v"], start: 0, end: 20_000, columns: 50)).dataset(source: "db", xKind: .number)
        let range = 1_000.0...9_000.0
        let summary = ChartSummary(dataset: drawn, overX: range).withStatistics(from: drawn)
        let exact = try await rows.statistics(of: ["v"], from: range.lowerBound, to: range.upperBound.nextUp)
        let replaced = summary.withExactStatistics(exact)
        let stats = try XCTUnwrap(replaced.series[0].statistics)
        let inRange = ys[1_000...9_000]
        XCTAssertEqual(stats.count, 8_001)
        XCTAssertNotEqual(summary.series[0].statistics?.count, 8_001, "the drawn points are fewer")
        XCTAssertEqual(replaced.pointCount, 8_001, "the summary counts the rows, not the points drawn")
        XCTAssertEqual(replaced.series[0].pointCount, 8_001)
        XCTAssertEqual(stats.minimum?.y, inRange.min())
        XCTAssertEqual(stats.maximum?.y, inRange.max())
        let mean = inRange.reduce(0, +) / 8_001
        XCTAssertEqual(stats.mean!, mean, accuracy: 1e-9)
        let deviation = (inRange.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / 8_000).squareRoot()
        XCTAssertEqual(stats.standardDeviation!, deviation, accuracy: 1e-9)
        // The extremes' x: the drawn ones where they agree (M4 keeps each column's).
        XCTAssertEqual(stats.minimum.map { ys[Int($0.x)] }, inRange.min())
        XCTAssertTrue(replaced.lines.joined().contains("8,001 values"), replaced.lines.joined(separator: "\n"))
    }
}
