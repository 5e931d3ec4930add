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

    /// An address's password is not shown in the title, which is on show (a task bar,
    /// a shared screen); the user and the rest of the address are.
    func testTheTitleHidesAnAddresssPassword() {
        XCTAssertEqual(WindowTitle(path: "clickhouse://me:secret@db:8123/lab?table=t").text,
                       "Sightline — clickhouse://me:***@db:8123/lab?table=t")
        XCTAssertEqual(WindowTitle(paths: ["postgresql://me:pw@h/db", "b.csv"]).text, "Sightline — postgresql://me:***@h/db + b.csv")
        XCTAssertEqual(WindowTitle(path: "/data/a:b@c.csv").text, "Sightline — /data/a:b@c.csv")
    }
}
