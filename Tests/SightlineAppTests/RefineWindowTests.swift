import ChartRender
import Foundation
import XCTest

/// A database's view refined in the real window under Xvfb: a SQLite table of 3M rows
/// opens on its pyramid; the newest 1% of it, which the pyramid draws coarser than
/// exact, is asked for once the view stands still, and the answer is drawn (the trace's
/// `refine` line) over the view shown.
final class RefineWindowTests: ScratchFolderTestCase {
    func testAStillViewOfALargeTableIsRefined() throws {
        let path = "\(folder)/walk.db"
        let made = try ProcessRunner.run("sqlite3", [path, """
            CREATE TABLE w(t REAL, v REAL);
            WITH RECURSIVE s(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM s WHERE i < 2999999)
            INSERT INTO w SELECT i, sin(i / 5000.0) * 50 + (abs(random()) % 1000) / 100.0 FROM s;
            CREATE INDEX w_t ON w(t);
            """])
        XCTAssertEqual(made.status, 0, made.error)
        let display = try XvfbDisplay()
        let app = try display.launchSightline([path, "--no-cache", "--size", "900x560", "--initial-range", "0.01"])
        XCTAssertTrue(app.trace.wait(timeout: 60) { $0.lines.contains { $0.hasPrefix("refine ") } }, "the still view was asked about")
        let line = try XCTUnwrap(app.trace.lines.first { $0.hasPrefix("refine ") })
        print("window refinement: \(line)")
        // "refine [A, B) at C columns: R rows in range, P points, 0 bytes"
        let words = line.split { " [,)".contains($0) }
        let (start, end) = (try XCTUnwrap(Double(words[1])), try XCTUnwrap(Double(words[2])))
        app.trace.waitUntilStill()
        let shown = try XCTUnwrap(app.trace.lastX)
        XCTAssertLessThanOrEqual(start, shown.lowerBound, line)
        XCTAssertGreaterThanOrEqual(end, shown.upperBound, line)
        XCTAssertEqual(app.trace.lines.filter { $0.hasPrefix("refine ") }.count, 1, "asked once for a still view")
    }
}
