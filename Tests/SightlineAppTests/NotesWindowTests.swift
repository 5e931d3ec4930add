import ChartGeometry
import ChartRender
import Foundation
import XCTest

/// Notes and the export in the real app under Xvfb, driven by xdotool: `n` on a pinned
/// point opens a field that has the keyboard (typing `q` writes a q, it does not quit),
/// Enter keeps the note in the session and the next start shows it; Ctrl+S writes the
/// view as a PNG with its alt text, never over an earlier one.
final class NotesWindowTests: XCTestCase {
    private let plot = ChartLayout.explorer.plotRect(in: PixelSize(width: 1280, height: 720))

    override func setUpWithError() throws {
        try FileManager.default.createDirectory(atPath: artifacts, withIntermediateDirectories: true)
    }

    /// The note field's box in the last frame, if one is open.
    private func field(_ trace: TraceLog) -> [Int]? {
        guard let line = trace.lines.last(where: { $0.hasPrefix("frame ") }) else { return nil }
        let words = line.split(separator: " ")
        guard let i = words.firstIndex(of: "field"), words.count > i + 4 else { return nil }
        let v = (1...4).compactMap { Int(words[i + $0]) }
        return v.count == 4 ? v : nil
    }

    private func noteCount(_ trace: TraceLog) -> Int {
        guard let line = trace.lines.last(where: { $0.hasPrefix("frame ") }) else { return 0 }
        let words = line.split(separator: " ")
        guard let i = words.firstIndex(of: "notes"), words.count > i + 1 else { return 0 }
        return Int(words[i + 1]) ?? 0
    }

    private func sessionNotes(_ display: XvfbDisplay) -> [[String: Any]] {
        guard let session = try? display.session() as? [String: Any],
              let entries = session["entries"] as? [[String: Any]] else { return [] }
        return entries.first?["notes"] as? [[String: Any]] ?? []
    }

    func testANoteIsTypedKeptAndShownAgain() throws {
        let display = try XvfbDisplay()
        var app: LaunchedApp? = try display.launchSightline(["Resources/sample.csv", "--size", "1280x720"])
        let window = try XCTUnwrap(app?.window)
        let trace = try XCTUnwrap(app?.trace)
        _ = try screenshot(until: showsChart, window: window, display: display, name: "notes-opened")
        let x = plot.x + plot.width / 2, y = plot.y + plot.height / 2
        try display.xdotool(["mousemove", "--window", window, "\(x)", "\(y)", "click", "1"])
        XCTAssertTrue(trace.wait { $0.lastBoard != nil }, "the click pins a point")
        try display.xdotool(["mousemove", "--window", window, "640", "-40"])
        try display.xdotool(["key", "--window", window, "n"])
        XCTAssertTrue(trace.wait { self.field($0) != nil }, "n opens the field")
        // Letters that are commands elsewhere: quit, theme, audiograph, summary, a preset.
        try display.xdotool(["type", "--window", window, "--delay", "40", "quiet 7 days"])
        try display.xdotool(["key", "--window", window, "BackSpace", "BackSpace"])
        trace.waitUntilStill()
        _ = try screenshot(until: { _ in true }, window: window, display: display, name: "notes-typing")
        XCTAssertTrue(app?.process.isRunning == true, "q typed into the field did not quit")
        XCTAssertNotNil(field(trace), "the field is still open")
        try display.xdotool(["key", "--window", window, "Return"])
        XCTAssertTrue(trace.wait { self.field($0) == nil && self.noteCount($0) == 1 }, "Enter keeps the note")
        let deadline = Date().addingTimeInterval(10)
        while sessionNotes(display).isEmpty, Date() < deadline { usleep(100_000) }
        XCTAssertEqual(sessionNotes(display).first?["text"] as? String, "quiet 7 da", "the session keeps the note")
        trace.waitUntilStill()
        _ = try screenshot(until: { _ in true }, window: window, display: display, name: "notes-kept")
        try display.xdotool(["key", "--window", window, "q"])
        let quitBy = Date().addingTimeInterval(10)
        while app?.process.isRunning == true, Date() < quitBy { usleep(50_000) }
        XCTAssertEqual(app?.process.isRunning, false, "with the field closed, q quits")
        app = nil

        let again = try display.launchSightline(["Resources/sample.csv", "--size", "1280x720"])
        defer { withExtendedLifetime(again) {} }
        XCTAssertTrue(again.trace.wait { self.noteCount($0) == 1 }, "the next start shows the note")
    }

    /// Ctrl+S twice: two pictures under two names, each the window's size, each the
    /// chart as `render` draws the same range, with their alt text beside them.
    func testCtrlSWritesTheViewTwiceNeverOverwriting() throws {
        let folder = NSTemporaryDirectory() + "sightline-export-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let display = try XvfbDisplay()
        // Standard error, where the chart's notices are said ("Saved…", once both files are written).
        let said = TraceLog()
        let app = try display.launchSightline(["Resources/sample.csv", "--size", "1000x600"],
                                              environment: ["XDG_PICTURES_DIR": folder], errors: said.pipe)
        defer { withExtendedLifetime(app) {} }
        _ = try screenshot(until: showsChart, window: app.window, display: display, name: "export-opened")
        app.trace.waitUntilStill()
        let view = try XCTUnwrap(app.trace.lastX)
        func pictures() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".png") }.sorted()
        }
        // The files are reserved empty first and written after: "Saved…" says they are whole.
        for saves in 1...2 {
            try display.xdotool(["key", "--window", app.window, "ctrl+s"])
            XCTAssertTrue(said.wait(timeout: 20) { $0.count(containing: "Saved the view") == saves }, "save \(saves): \(said.lines)")
        }
        XCTAssertTrue(said.lines.contains { $0.contains("Saved") && $0.contains(folder) }, "standard error says where: \(said.lines)")
        let names = pictures()
        XCTAssertEqual(names.count, 2, "two pictures: \(names)")
        guard names.count == 2 else { return }
        XCTAssertNotEqual(names[0], names[1])
        XCTAssertTrue(names.allSatisfy { $0.hasPrefix("sightline-sample-") }, "\(names)")
        XCTAssertTrue(names.contains { $0.hasSuffix("-2.png") }, "the second takes the next number: \(names)")
        // The window goes on: it draws again when the pointer moves.
        let drawn = app.trace.lines.count
        try display.xdotool(["mousemove", "--window", app.window, "500", "300"])
        XCTAssertTrue(app.trace.wait { $0.lines.count > drawn }, "the window draws on after the exports")

        // What `render` draws for the same range and size.
        let reference = folder + "/reference.png"
        let rendered = try ProcessRunner.run(ProcessRunner.sightline,
                                             ["render", "Resources/sample.csv", "--out", reference, "--size", "1000x600",
                                              "--x-range", String(format: "%.6f:%.6f", view.lowerBound, view.upperBound)],
                                             environment: ["SDL_VIDEODRIVER": "offscreen"], timeout: 60)
        XCTAssertEqual(rendered.status, 0, rendered.error)
        let expected = try PNGFile.read(from: reference)
        for name in names {
            let image = try PNGFile.read(from: folder + "/" + name)
            XCTAssertEqual([image.width, image.height], [1000, 600], "\(name) is the window's size")
            var differing = 0
            for y in 0..<600 {
                for x in 0..<1000 {
                    let a = image[x, y], b = expected[x, y]
                    if max(abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b))) > 48 { differing += 1 }
                }
            }
            XCTAssertLessThan(Double(differing) / 600_000, 0.01, "\(name) is render's picture of the view (\(differing) pixels differ)")
            let text = try String(contentsOfFile: folder + "/" + name + ".txt", encoding: .utf8)
            XCTAssertTrue(text.contains("points from"), "the alt text describes the view: \(text)")
        }
    }

    /// A write that fails (here past `ulimit -f`, as on a full disk) is said on the chart
    /// and on standard error; no file, whole or torn, is left, and the window goes on.
    func testAFailedExportIsSaidAndLeavesNothing() throws {
        let folder = NSTemporaryDirectory() + "sightline-export-full-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let display = try XvfbDisplay()
        let trace = TraceLog(), said = TraceLog()
        // 40 blocks: the session fits, a picture of the chart does not.
        let process = try ProcessRunner.start("/bin/sh", ["-c", #"ulimit -f 40; exec "$0" "$@""#, ProcessRunner.sightline,
                                                          "Resources/sample.csv", "--size", "1000x600"],
                                              environment: display.environment.merging(["SIGHTLINE_TRACE": "1",
                                                                                        "XDG_PICTURES_DIR": folder]) { $1 },
                                              output: trace.pipe, errors: said.pipe)
        let app = LaunchedApp(process: process, trace: trace)
        defer { withExtendedLifetime(app) {} }
        app.window = try display.waitForWindow(titled: "Sightline", of: process)
        _ = try screenshot(until: showsChart, window: app.window, display: display, name: "export-full-opened")
        try display.xdotool(["key", "--window", app.window, "ctrl+s"])
        XCTAssertTrue(said.wait(timeout: 20) { $0.count(containing: "not saved") == 1 }, "the failure is said: \(said.lines)")
        let failure = said.lines.last { $0.contains("not saved") } ?? ""
        XCTAssertTrue(failure.contains("file too large") && failure.hasSuffix("the view was not saved"), "the failure is said: \(failure)")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), [], "nothing left behind")
        XCTAssertTrue(process.isRunning, "the window goes on")
    }
}
