import ChartData
import XCTest

/// An M4 answer's points are its columns' extremes, as far apart as they fall, so a
/// step between them is no gap; a stretch of x with no rows is, and is marked with a
/// break; the chart then breaks its lines at marked breaks alone.
final class M4GapsTests: XCTestCase {
    /// One row a unit of x over [0, 10 000), but none in [4 000, 5 000).
    private func rows() -> (xs: [Double], ys: [Double]) {
        let xs = (0..<10_000).map(Double.init).filter { !(4_000..<5_000).contains($0) }
        return (xs, xs.map { sin($0 / 300) })
    }

    private func breaks(in series: M4Series) -> [Double] {
        zip(series.xs, series.ys).filter { $0.1.isNaN }.map(\.0)
    }

    func testAStretchWithoutRowsBreaksAndAnEmptyColumnOfSparseRowsDoesNot() {
        let (xs, ys) = rows()
        let spacing = (xs.last! - xs.first!) / Double(xs.count - 1)
        // Dense: 100 rows a column; the missing thousand rows leave ten columns empty.
        let wide = M4Request(series: ["y"], start: 0, end: 10_000, columns: 100)
        let answer = M4Answer(request: wide, series: [M4Reduction.reduce(name: "y", xs: xs, ys: ys, request: wide)],
                              rowsInRange: xs.count)
        XCTAssertEqual(breaks(in: answer.series[0]), [])
        let marked = answer.markingGaps(rowSpacing: spacing).series[0]
        XCTAssertEqual(breaks(in: marked).count, 1)
        XCTAssertTrue((3_999...5_000).contains(breaks(in: marked)[0]))
        XCTAssertEqual(marked.count, answer.series[0].count + 1)

        // Sparse: ten columns a row over [100, 110); most columns are empty, none a gap.
        let narrow = M4Request(series: ["y"], start: 100, end: 110, columns: 100)
        let close = M4Answer(request: narrow, series: [M4Reduction.reduce(name: "y", xs: xs, ys: ys, request: narrow)],
                             rowsInRange: 10)
        XCTAssertEqual(breaks(in: close.markingGaps(rowSpacing: spacing).series[0]), [])

        // Sparse across the missing stretch: the step of a thousand units is a gap.
        let across = M4Request(series: ["y"], start: 3_990, end: 5_010, columns: 10_200)
        let spanning = M4Answer(request: across, series: [M4Reduction.reduce(name: "y", xs: xs, ys: ys, request: across)],
                                rowsInRange: 20)
        XCTAssertEqual(breaks(in: spanning.markingGaps(rowSpacing: spacing).series[0]), [4_499.5])
    }

    func testAnAnswersLinesBreakAtItsMarksAloneNotAtItsSteps() throws {
        // Points a column's extremes: steps of 1 and of 40 in x, a NULL between.
        let series = M4Series(name: "y", xs: [0, 1, 41, 42, 43, 83, 84], ys: [1, 2, 3, .nan, 4, 5, 6])
        let request = M4Request(series: ["y"], start: 0, end: 85, columns: 2)
        let dataset = try M4Answer(request: request, series: [series], rowsInRange: 7).dataset(source: "db", xKind: .number)
        XCTAssertTrue(dataset.breaksAreMarked)
        let source = DataSource(dataset: dataset)
        XCTAssertEqual(source.gaps, .connected, "a step of 40 between extremes is no gap")
        var file = dataset
        file.breaksAreMarked = false
        XCTAssertNotEqual(DataSource(dataset: file).gaps, .connected, "a file's step of 40 against 1 is")
    }
}
