import ChartMarks
import XCTest

/// A notice longer than the plot keeps its end, after a "…".
final class NoticeFittingTests: XCTestCase {
    func testALongNoticeKeepsItsEnd() {
        let message = "/very/long/path/to/a/folder/of/charts/2019-03/01.json: expected a value, found the end of the file"
        let measure = { (text: String) in Double(text.count) * 7 }
        let shown = NoticeController.fitting(message, into: 350, measure: measure)
        XCTAssertLessThanOrEqual(measure(shown), 350)
        XCTAssertTrue(shown.hasPrefix("…") && message.hasSuffix(String(shown.dropFirst())), shown)
        XCTAssertGreaterThan(measure(shown), 343, "as much as fits")
        XCTAssertEqual(NoticeController.fitting("short", into: 350, measure: measure), "short")
    }
}
