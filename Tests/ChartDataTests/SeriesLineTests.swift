@testable import ChartData
import XCTest

/// A series of several files' chart runs along its own points: at the other file's x
/// its line holds its own line's y, it breaks at its own gaps in x and empty cells only,
/// and the fit of y reads its line; a chart of one file is drawn from its data as before.
final class SeriesLineTests: XCTestCase {
    private func merged(_ a: [Double], _ aYs: [Double], _ b: [Double], _ bYs: [Double]) throws -> DataSource {
        let dataset = try DatasetMerge.merge([
            Dataset(source: "a.csv", xs: a, series: [Series(name: "A", ys: aYs)]),
            Dataset(source: "b.csv", xs: b, series: [Series(name: "B", ys: bYs)]),
        ])
        return DataSource(dataset: dataset)
    }

    /// a daily, b weekly: b's line at a's days is its own line there, with no break.
    func testAWeeklyLineRunsThroughTheDailyFilesDays() throws {
        let days = (0...28).map(Double.init)
        let weeks = stride(from: 0.0, through: 28, by: 7).map { $0 }
        let source = try merged(days, days.map { $0 * 2 }, weeks, [0, 70, 0, 70, 0])
        let line = source.lines[1]
        XCTAssertEqual(line.ys[3], 30, "between its points at 0 (0) and 7 (70)")
        XCTAssertEqual(line.ys[10], 40, "between 70 at 7 and 0 at 14")
        XCTAssertTrue(line.ys.allSatisfy(\.isFinite), "no break where only a has points")
        XCTAssertTrue(line.gaps.starts.isEmpty)
        XCTAssertEqual(source.dataset.series[1].ys[3].isNaN, true, "the data keeps b absent at a's days")
        XCTAssertEqual(source.lines[0].ys, source.dataset.series[0].ys, "a has a point at every x: its own y")
        // The fit reads b's line: at x 3…4 it runs from 30 to 40.
        let bounds = try XCTUnwrap(source.yBounds(inX: 3...4, series: [1]))
        XCTAssertEqual(bounds.min, 30)
        XCTAssertEqual(bounds.max, 40)
        // Its levels of detail are taken from its line, so every kept point is on it.
        for level in source.details[1].levels {
            XCTAssertTrue(level.indices.allSatisfy { line.ys[Int($0)].isFinite })
        }
    }

    /// b's own gap (a step 47 times its spacing) breaks its line, with a's points inside
    /// the gap (absent: NaN) or without (the step is one merged step: a gap there), and
    /// its empty cell breaks it as in its own file; a's line is not broken by either.
    func testItsOwnGapsAndEmptyCellsStillBreakIt() throws {
        let b = [0.0, 1, 2, 3, 50, 51, 52, 53]
        let inside = try merged((0...53).map(Double.init), (0...53).map { _ in 1 }, b, [1, 2, .nan, 4, 5, 6, 7, 8])
        let line = inside.lines[1]
        XCTAssertTrue((4..<50).allSatisfy { line.ys[$0].isNaN }, "inside its gap")
        XCTAssertTrue(line.ys[1] == 2 && line.ys[2].isNaN && line.ys[3] == 4, "its empty cell")
        XCTAssertTrue(inside.lines[0].ys.allSatisfy(\.isFinite))
        let around = try merged([0.5, 51.5], [1, 1], b, [1, 2, 3, 4, 5, 6, 7, 8])
        let gaps = around.lines[1].gaps
        let three = try XCTUnwrap(around.dataset.xs.firstIndex(of: 3))
        XCTAssertTrue(gaps.separates(three, three + 1), "the step from 3 to 50, one merged step, is its gap")
        XCTAssertEqual(gaps.starts.count, 1)
        XCTAssertTrue(around.lines[0].gaps.starts.isEmpty, "a's line goes on from 0.5 to 51.5")
        XCTAssertTrue(around.gaps.starts.isEmpty, "no shared gap breaks every line")
        let connected = DataSource(dataset: around.dataset, connectsGaps: true)
        XCTAssertTrue(connected.lines[1].gaps.starts.isEmpty, "--connect-gaps")
    }

    /// Hover reads each series at its own point nearest the highlighted x: none outside
    /// its file's x or inside its own gap.
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
