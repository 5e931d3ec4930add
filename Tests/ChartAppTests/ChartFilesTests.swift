@testable import ChartApp
import XCTest

/// The window's files as drops arrive: one drop's load at a time, in the order dropped;
/// a file joins when its load succeeds; a file in the chart or on its way is refused.
final class ChartFilesTests: XCTestCase {
    func testDropsJoinOneLoadAtATimeAndOnlyWhenTheirLoadSucceeds() {
        var files = ChartFiles(paths: ["/a.csv"])
        XCTAssertNil(files.drop("/b.csv"))
        XCTAssertEqual(files.nextLoad(), ["/a.csv", "/b.csv"])
        XCTAssertNil(files.drop("/c.csv"), "waits for b's load")
        XCTAssertNil(files.nextLoad(), "one load at a time")
        XCTAssertEqual(files.drop("/b.csv"), "/b.csv is in the chart already")
        XCTAssertEqual(files.paths, ["/a.csv"], "b joins when its load is done")
        files.loadEnded(joined: true)
        XCTAssertEqual(files.paths, ["/a.csv", "/b.csv"])
        XCTAssertEqual(files.nextLoad(), ["/a.csv", "/b.csv", "/c.csv"])
        files.loadEnded(joined: false)
        XCTAssertEqual(files.paths, ["/a.csv", "/b.csv"], "c could not join: the chart stays")
        XCTAssertNil(files.nextLoad())
        XCTAssertEqual(files.drop("/a.csv"), "/a.csv is in the chart already")
        XCTAssertNil(files.drop("/c.csv"), "c may be dropped again")
    }
}
