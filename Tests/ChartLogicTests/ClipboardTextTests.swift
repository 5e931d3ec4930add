import ChartData
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
}
