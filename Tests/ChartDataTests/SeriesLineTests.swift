@testable import ChartData
import XCTest

/// A series of several files' chart is drawn through its own points: its ladder is its
/// own points' (min/max exact), its line breaks at its own gaps in x and empty cells
/// only, the fit of y reads its own line, and a reading takes its own nearest point; a
/// chart of one file is as before.
final class SeriesLineTests: XCTestCase {
    private func merged(_ a: [Double], _ aYs: [Double], _ b: [Double], _ bYs: [Double],
                        connectsGaps: Bool = false) throws -> DataSource {
        let dataset = try DatasetMerge.merge([
            Dataset(source: "a.csv", xs: a, series: [Series(name: "A", ys: aYs)]),
            Dataset(source: "b.csv", xs: b, series: [Series(name: "B", ys: bYs)]),
        ])
        return DataSource(dataset: dataset, connectsGaps: connectsGaps)
    }

    /// a daily, b weekly: b is drawn through its own points, and its line between them
    /// is what the fit of y reads.
    func testAWeeklySeriesIsDrawnThroughItsOwnPoints() throws {
        let days = (0...28).map(Double.init)
        let weeks = stride(from: 0.0, through: 28, by: 7).map { $0 }
        let source = try merged(days, days.map { $0 * 2 }, weeks, [0, 70, 0, 70, 0])
        let own = try XCTUnwrap(source.lines[1].own)
        XCTAssertEqual(own.indices, [0, 7, 14, 21, 28])
        XCTAssertTrue(source.lines[1].gaps.starts.isEmpty, "no break where only a has points")
        XCTAssertNil(source.lines[0].own, "a has a point at every x: every point is drawn")
        XCTAssertTrue(source.dataset.series[1].ys[3].isNaN, "the data keeps b absent at a's days")
        let bounds = try XCTUnwrap(source.yBounds(inX: 3...4, series: [1]))
        XCTAssertEqual(bounds.min, 30, "b's line from 0 at day 0 to 70 at day 7")
        XCTAssertEqual(bounds.max, 40)
        XCTAssertEqual(source.yBounds(inX: 0...28, series: [1])?.max, 70)
    }

    /// Seeded: b's ladder is the min/max ladder of its own points alone (so every
    /// bucket's extremes are its own, exactly), at the merged indices of those points.
    func testTheLadderIsBuiltFromTheSeriesOwnPoints() throws {
        var random = SplitMix64(seed: 11)
        for _ in 0..<5 {
            var x = 0.0
            let a = (0..<30_000).map { _ in x += Double(Int.random(in: 1...3, using: &random)); return x }
            let b = a.filter { _ in Double.random(in: 0...1, using: &random) < 0.4 }.map { $0 + 0.5 }
            var walk = 0.0
            let bYs = b.map { _ in walk += Double.random(in: -1...1, using: &random); return walk }
            let source = try merged(a, a.map { _ in 0 }, b, bYs)
            let own = try XCTUnwrap(source.lines[1].own).indices
            let expected = MinMaxLOD(ys: bYs, gapStarts: XGaps(xs: XValues(b)).starts).levels
            XCTAssertFalse(expected.isEmpty)
            XCTAssertEqual(source.details[1].levels.map { Array($0.indices) }, expected.map { $0.indices.map { own[Int($0)] } })
        }
    }

    /// b's own gap (a step 47 times its spacing) breaks its line, whether a has points
    /// inside it or not (then the step is one merged step); its empty cell breaks it as
    /// in its own file; a's line is broken by neither.
    func testItsOwnGapsAndEmptyCellsStillBreakIt() throws {
        let b = [0.0, 1, 2, 3, 50, 51, 52, 53]
        let days = (0...53).map(Double.init)
        let inside = try merged(days, days.map { _ in 1 }, b, [1, 2, .nan, 4, 5, 6, 7, 8])
        XCTAssertTrue(inside.lines[1].gaps.separates(3, 50), "its gap")
        XCTAssertNil(inside.yBounds(inX: 10...40, series: [1]), "no line of b inside its gap")
        XCTAssertNil(inside.yBounds(inX: 1.2...1.8, series: [1]), "no line of b into its empty cell")
        XCTAssertTrue(inside.lines[0].gaps.starts.isEmpty)
        let around = try merged([0.5, 51.5], [1, 1], b, [1, 2, 3, 4, 5, 6, 7, 8])
        let gaps = around.lines[1].gaps
        let three = try XCTUnwrap(around.dataset.xs.firstIndex(of: 3))
        XCTAssertTrue(gaps.separates(three, three + 1), "the step from 3 to 50, one merged step, is its gap")
        XCTAssertEqual(gaps.starts.count, 1)
        XCTAssertTrue(around.lines[0].gaps.starts.isEmpty, "a's line goes on from 0.5 to 51.5")
        XCTAssertTrue(around.gaps.starts.isEmpty, "no shared gap breaks every line")
        let connected = try merged([0.5, 51.5], [1, 1], b, [1, 2, 3, 4, 5, 6, 7, 8], connectsGaps: true)
        XCTAssertTrue(connected.lines[1].gaps.starts.isEmpty, "--connect-gaps")
    }

    /// Hover reads each series at its own point nearest the highlighted x: none outside
    /// its file's x.
    func testEachSeriesIsReadAtItsOwnNearestPoint() throws {
        let source = try merged([0, 1, 2, 3, 4, 5, 6, 7, 8, 30], Array(repeating: 1, count: 10), [2, 6, 8, 30, 31],
                                [1, 2, 3, 4, 5])
        let xs = source.dataset.xs
        func at(_ x: Double) -> Int { xs.firstIndex(of: x)! }
        XCTAssertEqual(source.ownIndex(ofSeries: 1, near: at(3)), at(2))
        XCTAssertEqual(source.ownIndex(ofSeries: 1, near: at(5)), at(6))
        XCTAssertEqual(source.ownIndex(ofSeries: 1, near: at(6)), at(6))
        XCTAssertNil(source.ownIndex(ofSeries: 1, near: at(0)), "before b's first point")
        XCTAssertEqual(source.ownIndex(ofSeries: 0, near: at(5)), at(5), "a has a point at every x but 31")
        XCTAssertNil(source.ownIndex(ofSeries: 0, near: at(31)), "after a's last point")
    }
}
