import Foundation
import XCTest

/// `sightline a.csv b.csv` in a window under Xvfb: one chart over both files' x, and the
/// set kept by the session, so `sightline` without a file opens it again (the drop
/// event cannot be sent from here: xdotool drops no files; `FileDropTests` decodes it
/// and runs its load).
final class SeveralFilesWindowTests: ScratchFolderTestCase {
    func testTwoFilesOpenAsOneChartAndTheSessionReopensTheSet() throws {
        let a = try write("x,y\n" + (0...100).map { "\($0),\($0 % 7)" }.joined(separator: "\n"), to: "a.csv")
        let b = try write("x,z\n" + stride(from: 50, through: 300, by: 5).map { "\($0),\($0 % 11)" }.joined(separator: "\n"),
                          to: "b.csv")
        let display = try XvfbDisplay()
        var app = try display.launchSightline([a, b, "--size", "700x400"])
        _ = try screenshot(until: showsChart, window: app.window, display: display, name: "two-files")
        // The newest 20% of 0…300, not of a's 0…100.
        XCTAssertTrue(app.trace.wait { $0.lastX == 240...300 }, "both files' x: \(String(describing: app.trace.lastX))")
        _ = try? display.xdotool(["key", "--window", app.window, "q"])
        app.process.waitUntilExit()
        XCTAssertEqual(app.process.terminationStatus, 0)
        let session = try String(contentsOfFile: display.configHome + "/sightline/session.json", encoding: .utf8)
        XCTAssertTrue(session.contains("\"addedFiles\""), session)

        app = try display.launchSightline(["--size", "700x400"])
        XCTAssertTrue(app.trace.wait { $0.lastX == 240...300 }, "the set again: \(String(describing: app.trace.lastX))")
        _ = try? display.xdotool(["key", "--window", app.window, "q"])
        app.process.waitUntilExit()

        // A file of the set gone since: the rest opens, without it.
        try FileManager.default.removeItem(atPath: b)
        app = try display.launchSightline(["--size", "700x400"])
        defer { withExtendedLifetime(app) {} }
        XCTAssertTrue(app.trace.wait { $0.lastX != nil }, "the window opens without b.csv")
        XCTAssertEqual(app.trace.lastX?.upperBound, 100, "a's x alone")
    }
}
