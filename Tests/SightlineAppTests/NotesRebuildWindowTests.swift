import ChartGeometry
import ChartRender
import Foundation
import XCTest

/// Notes through the window's rebuilds under Xvfb: `l` builds a new chart over the same
/// file, which must keep the notes (and the one being typed); letters typed into a note
/// are text, never the log axis' key.
final class NotesRebuildWindowTests: XCTestCase {
    private let plot = ChartLayout.explorer.plotRect(in: PixelSize(width: 1280, height: 720))

    override func setUpWithError() throws {
        try FileManager.default.createDirectory(atPath: artifacts, withIntermediateDirectories: true)
    }

    /// The word after `key` in the last frame line, if any.
    private func lastFrameWord(after key: String, _ trace: TraceLog) -> String? {
        guard let line = trace.lines.last(where: { $0.hasPrefix("frame ") }) else { return nil }
        let words = line.split(separator: " ")
        guard let i = words.firstIndex(of: Substring(key)), words.count > i + 1 else { return nil }
        return String(words[i + 1])
    }

    private func noteCount(_ trace: TraceLog) -> Int { lastFrameWord(after: "notes", trace).flatMap { Int($0) } ?? 0 }

    private func fieldIsOpen(_ trace: TraceLog) -> Bool { lastFrameWord(after: "field", trace) != nil }

    private func rebuilds(_ trace: TraceLog) -> Int { trace.lines.filter { $0.hasPrefix("log scale rebuilt") }.count }

    private func sessionEntry(_ display: XvfbDisplay) -> [String: Any] {
        guard let session = try? display.session() as? [String: Any],
              let entries = session["entries"] as? [[String: Any]] else { return [:] }
        return entries.first ?? [:]
    }

    private func sessionNotes(_ display: XvfbDisplay) -> [String] {
        (sessionEntry(display)["notes"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }.sorted()
    }

    /// Pins the point at plot fraction `fraction` and types `text` as its note, then Enter.
    private func writeNote(_ text: String, at fraction: Double, in app: LaunchedApp, on display: XvfbDisplay) throws {
        let x = plot.x + Int(Double(plot.width) * fraction), y = plot.y + plot.height / 2
        try display.xdotool(["mousemove", "--window", app.window, "\(x)", "\(y)", "click", "1"])
        XCTAssertTrue(app.trace.wait { $0.lastBoard != nil }, "the click pins a point")
        try display.xdotool(["mousemove", "--window", app.window, "640", "-40"])
        try display.xdotool(["key", "--window", app.window, "n"])
        XCTAssertTrue(app.trace.wait { self.fieldIsOpen($0) }, "n opens the field")
        try display.xdotool(["type", "--window", app.window, "--delay", "40", text])
        try display.xdotool(["key", "--window", app.window, "Return"])
        XCTAssertTrue(app.trace.wait { !self.fieldIsOpen($0) }, "Enter keeps the note")
    }

    private func waitForSessionNotes(_ expected: [String], _ display: XvfbDisplay) -> Bool {
        let deadline = Date().addingTimeInterval(10)
        while sessionNotes(display) != expected, Date() < deadline { usleep(100_000) }
        return sessionNotes(display) == expected
    }

    /// A note, `l` (a new chart over the log axis), a second note: both are on the chart
    /// and in the session (before the fix the rebuilt chart started with none, and the
    /// second note's save deleted the first), and the next start shows both.
    func testNotesSurviveTheLogToggle() throws {
        let display = try XvfbDisplay()
        var app: LaunchedApp? = try display.launchSightline(["Resources/sample.csv", "--size", "1280x720"])
        let launched = try XCTUnwrap(app)
        _ = try screenshot(until: showsChart, window: launched.window, display: display, name: "rebuild-opened")
        try writeNote("first", at: 0.4, in: launched, on: display)
        XCTAssertTrue(waitForSessionNotes(["first"], display), "the session keeps the note: \(sessionNotes(display))")

        try display.xdotool(["key", "--window", launched.window, "l"])
        XCTAssertTrue(launched.trace.wait { self.rebuilds($0) == 1 }, "l rebuilt the chart")
        XCTAssertTrue(launched.trace.waitUntilStill())
        XCTAssertEqual(noteCount(launched.trace), 1, "the rebuilt chart shows the note")
        try writeNote("second", at: 0.7, in: launched, on: display)
        XCTAssertTrue(launched.trace.wait { self.noteCount($0) == 2 })
        XCTAssertTrue(waitForSessionNotes(["first", "second"], display), "both in the session: \(sessionNotes(display))")

        try display.xdotool(["key", "--window", launched.window, "q"])
        launched.process.waitUntilExit()
        app = nil
        let again = try display.launchSightline(["Resources/sample.csv", "--size", "1280x720"])
        defer { withExtendedLifetime(again) {} }
        XCTAssertTrue(again.trace.wait { self.noteCount($0) == 2 }, "the next start shows both notes")
        XCTAssertEqual(sessionEntry(display)["logAxes"] as? [String], ["left"], "and the log axis")
    }

    /// `l` and `L` typed into a note are its letters: no axis turns log (no rebuild, no
    /// log axis in the session) and the note keeps them.
    func testLTypedIntoANoteIsALetter() throws {
        let display = try XvfbDisplay()
        let app = try display.launchSightline(["Resources/sample.csv", "--size", "1280x720"])
        defer { withExtendedLifetime(app) {} }
        _ = try screenshot(until: showsChart, window: app.window, display: display, name: "rebuild-typing-opened")
        try writeNote("all Lows", at: 0.5, in: app, on: display)
        XCTAssertTrue(waitForSessionNotes(["all Lows"], display), "the note has its letters: \(sessionNotes(display))")
        XCTAssertEqual(rebuilds(app.trace), 0, "typing l rebuilt no chart")
        XCTAssertNil(sessionEntry(display)["logAxes"], "no axis went log")
        try display.xdotool(["key", "--window", app.window, "l"])
        XCTAssertTrue(app.trace.wait { self.rebuilds($0) == 1 }, "with the field closed, l is the log axis")
        XCTAssertEqual(noteCount(app.trace), 1)
    }
}
