import ChartData
import ChartSupport
import XCTest

final class WindowTitleTests: XCTestCase {
    /// The title names the file, or standard input, and the day while one is shown; it
    /// is only reported when it changes.
    func testTheTitleNamesTheFileAndTheDayShown() {
        var title = WindowTitle(path: "/data/overview.json")
        XCTAssertEqual(title.text, "Sightline — /data/overview.json")
        XCTAssertNil(title.naming(day: nil), "unchanged")
        XCTAssertEqual(title.naming(day: "Sat, Mar 14, 2020"), "Sightline — /data/overview.json — Sat, Mar 14, 2020")
        XCTAssertNil(title.naming(day: "Sat, Mar 14, 2020"))
        XCTAssertEqual(title.naming(day: nil), "Sightline — /data/overview.json")
        XCTAssertEqual(WindowTitle(path: "-").text, "Sightline — standard input")
        XCTAssertEqual(WindowTitle(path: "a\u{1B}b").text, "Sightline — " + DisplayText.escaped("a\u{1B}b"))
    }
}
