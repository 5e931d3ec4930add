import ChartData
import XCTest

/// What a line or a stack names its series by: a handle only its own source takes back,
/// so one source's GPU copies (its series store) refuse another's series.
final class SeriesHandleTests: XCTestCase {
    private let dataset = Dataset(source: "two", xs: [0, 1, 2],
                                  series: [Series(name: "a", ys: [1, 2, 3]), Series(name: "b", ys: [3, 2, 1])])

    func testASourceTakesBackOnlyItsOwnHandles() {
        let first = DataSource(dataset: dataset), second = DataSource(dataset: dataset)
        for index in dataset.series.indices {
            XCTAssertTrue(first.issued(first.handle(ofSeries: index)), "series \(index) of its own source")
            XCTAssertFalse(second.issued(first.handle(ofSeries: index)), "series \(index) of the same data in another source")
            XCTAssertNotEqual(first.handle(ofSeries: index), second.handle(ofSeries: index))
        }
        XCTAssertEqual(first.handle(ofSeries: 1), first.handle(ofSeries: 1), "one series, one handle: a store keys its stacks on them")
        XCTAssertEqual(first.handle(ofSeries: 1).index, 1)
    }
}
