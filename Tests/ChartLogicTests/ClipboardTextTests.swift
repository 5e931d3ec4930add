import ChartData
import ChartGeometry
import ChartSupport
import Foundation
import XCTest

/// What Ctrl+C copies of a pinned point: a tab-separated header line and value line.
final class ClipboardTextTests: XCTestCase {
    static func isoDay(_ seconds: Double) -> String {
        let date = CivilCalendar.date(fromDays: Int((seconds / 86_400).rounded(.down)))
        return String(format: "%04d-%02d-%02d", date.year, date.month, date.day)
    }

    func testAPointAsTabSeparatedLines() {
        let day = Double(CivilCalendar.days(year: 2008, month: 10, day: 9)) * 86_400
        let dataset = Dataset(source: "s.csv", xs: [day, day + 86_400 + 3600 * 14.5],
                              series: [Series(name: "Close", ys: [909.92, -1.5]), Series(name: "Volume", ys: [.nan, 1200])],
                              xKind: .time(unitsPerSecond: 1))
        XCTAssertEqual(ClipboardText.point(source: DataSource(dataset: dataset), index: 0, series: [0, 1]),
                       "date\tClose\tVolume\n2008-10-09\t909.92\t\n", "a gap is an empty cell")
        XCTAssertEqual(ClipboardText.point(source: DataSource(dataset: dataset), index: 1, series: [0, 1]),
                       "date\tClose\tVolume\n2008-10-10T14:30:00Z\t-1.50\t1200\n", "a time of day, an ASCII minus")
        XCTAssertEqual(ClipboardText.point(source: DataSource(dataset: dataset), index: 1, series: [1]),
                       "date\tVolume\n2008-10-10T14:30:00Z\t1200\n", "the series shown only")
        let numbers = Dataset(source: "n.csv", xs: [0.5, 12.25], series: [Series(name: "y\tz", ys: [1, 2])])
        XCTAssertEqual(ClipboardText.point(source: DataSource(dataset: numbers), index: 1, series: [0]), "x\ty\\tz\n12.25\t2\n",
                       "a tab in a name is escaped, not a column")
    }

    /// Ctrl+C writes x as `describe --json` does: a millisecond instant keeps its
    /// milliseconds, a whole second has none and a midnight is the day alone.
    func testAMillisecondXKeepsItsMilliseconds() {
        let day = Double(CivilCalendar.days(year: 2024, month: 3, day: 1)) * 86_400_000
        let dataset = Dataset(source: "ms.csv", xs: [day, day + 52_245_250, day + 52_246_000],
                              series: [Series(name: "v", ys: [1, 2, 3])], xKind: .time(unitsPerSecond: 1000))
        func copied(_ index: Int) -> String { ClipboardText.point(source: DataSource(dataset: dataset), index: index, series: [0]) }
        XCTAssertEqual(copied(0), "date\tv\n2024-03-01\t1\n")
        XCTAssertEqual(copied(1), "date\tv\n2024-03-01T14:30:45.250Z\t2\n")
        XCTAssertEqual(copied(2), "date\tv\n2024-03-01T14:30:46Z\t3\n")
        XCTAssertEqual(CivilDate.iso8601(unixSeconds: (day + 52_245_250) / 1000), "2024-03-01T14:30:45.250Z")
        XCTAssertEqual(CivilDate.iso8601(unixSeconds: day / 1000), "2024-03-01T00:00:00Z", "JSON writes the time")
    }

    /// One x label for the board, the measure and the summaries: a date on a time axis,
    /// the number (after "x = " in a sentence) otherwise.
    func testOneXLabel() {
        let time = XAxisKind.time(unitsPerSecond: 1)
        let x = Double(CivilCalendar.days(year: 2021, month: 3, day: 3)) * 86_400 + 14 * 3600 + 5 * 60
        XCTAssertEqual(time.label(x, decimals: 2), "Mar 3, 2021 14:05")
        XCTAssertEqual(time.label(x, decimals: 2, namingX: true), "Mar 3, 2021 14:05")
        XCTAssertEqual(XAxisKind.number.label(12.5, decimals: 1), "12.5")
        XCTAssertEqual(XAxisKind.number.label(12.5, decimals: 1, namingX: true), "x = 12.5")
        XCTAssertEqual(ChartSummary.boundLabel(12.25, kind: .number), "x = 12.25")
        XCTAssertEqual(DisplayText.listed(["A", "B", "C"]), "A, B and C")
        XCTAssertEqual(DisplayText.count(1_234_567), "1,234,567")
    }
}
