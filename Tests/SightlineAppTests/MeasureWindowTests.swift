import ChartGeometry
import Foundation
import XCTest

/// The measure in the real app under Xvfb, driven by xdotool: shift-clicks set A and
/// B, the band darkens the plot between them, Ctrl+C puts the figures (or the pinned
/// point) on the X clipboard (read back with xclip), Esc clears the measure before the
/// pin, and the session brings a measure back.
final class MeasureWindowTests: XCTestCase {
    /// ChartLayout.explorer for a 1280 × 720 window.
    private let plot = ChartLayout.explorer.plotRect(in: PixelSize(width: 1280, height: 720))

    override func setUpWithError() throws {
        try FileManager.default.createDirectory(atPath: artifacts, withIntermediateDirectories: true)
    }

    /// The measure's A and B in the last frame (B `nil` while unset); `nil` without one.
    private func measure(_ trace: TraceLog) -> (a: Double, b: Double?)? {
        guard let line = trace.lines.last(where: { $0.hasPrefix("frame ") }) else { return nil }
        let words = line.split(separator: " ")
        guard let i = words.firstIndex(of: "measure"), words.count > i + 2, let a = Double(words[i + 1]) else { return nil }
        return (a, Double(words[i + 2]))
    }

    private func clipboard(_ display: XvfbDisplay) throws -> String {
        let result = try ProcessRunner.run("xclip", ["-o", "-selection", "clipboard"], environment: display.environment, timeout: 10)
        XCTAssertEqual(result.status, 0, result.error)
        return result.output
    }

    private func shiftClick(_ display: XvfbDisplay, _ app: LaunchedApp, x: Int, y: Int) throws {
        try display.xdotool(["mousemove", "--window", app.window, String(x), String(y), "keydown", "shift", "click", "1",
                             "keyup", "shift"])
    }

    func testShiftClicksMeasureCtrlCCopiesAndEscClears() throws {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
        try XCTSkipIf(!paths.contains { FileManager.default.isExecutableFile(atPath: "\($0)/xclip") },
                      "xclip is not installed (scripts/install-deps.sh installs it)")
        let display = try XvfbDisplay()
        // Standard error, where the chart's notices are said ("Copied…").
        let said = TraceLog()
        var app: LaunchedApp? = try display.launchSightline(["Resources/sample.csv", "--size", "1280x720"], errors: said.pipe)
        let window = app!.window, trace = app!.trace
        _ = try screenshot(until: showsChart, window: window, display: display, name: "measure-opened")
        XCTAssertTrue(trace.wait { $0.lastX != nil })
        trace.waitUntilStill()
        let y = plot.y + plot.height / 2
        let ax = plot.x + plot.width * 3 / 10, bx = plot.x + plot.width * 7 / 10
        let before = try display.screenshot(window: window, savingTo: "\(artifacts)/measure-before.png")
        try shiftClick(display, app!, x: ax, y: y)
        XCTAssertTrue(trace.wait { self.measure($0).map { $0.b == nil } == true }, "the first shift-click sets A")
        try shiftClick(display, app!, x: bx, y: y)
        XCTAssertTrue(trace.wait { self.measure($0)?.b != nil }, "the second sets B")
        try display.xdotool(["mousemove", "--window", window, "640", "-40"])
        trace.waitUntilStill()
        let measured = try display.screenshot(window: window, savingTo: "\(artifacts)/measure-band.png")
        // Along the plot's foot (under the lines and the panel) the band darkens the
        // columns between A and B and leaves the others as they were.
        let row = plot.y + plot.height - 6
        func darker(_ x: Int) -> Bool {
            let p = before[x, row], q = measured[x, row]
            return Int(p.r) + Int(p.g) + Int(p.b) - Int(q.r) - Int(q.g) - Int(q.b) > 12
        }
        let inside = (ax + 8..<bx - 8).filter(darker).count, outside = (Array(plot.x + 2..<ax - 8) + Array(bx + 8..<plot.x + plot.width - 2)).filter(darker).count
        XCTAssertGreaterThan(Double(inside) / Double(bx - ax - 16), 0.9, "the band between A and B")
        XCTAssertEqual(outside, 0, "and nowhere else")

        try display.xdotool(["key", "--window", window, "ctrl+c"])
        XCTAssertTrue(said.wait { $0.count(containing: "Copied the measure's figures") == 1 }, "Ctrl+C copies: \(said.lines)")
        let figures = try clipboard(display)
        XCTAssertTrue(figures.hasPrefix("A  "), figures)
        XCTAssertTrue(figures.contains("\nΔx  "), figures)
        XCTAssertTrue(figures.contains("mean ") && figures.contains("std dev "), figures)

        try display.xdotool(["mousemove", "--window", window, String(plot.x + plot.width / 2), String(y), "click", "1"])
        XCTAssertTrue(trace.wait { $0.lastBoard != nil }, "a click pins a point")
        try display.xdotool(["key", "--window", window, "Escape"])
        XCTAssertTrue(trace.wait { self.measure($0) == nil }, "the first Esc clears the measure")
        trace.waitUntilStill()
        XCTAssertNotNil(trace.lastBoard, "and keeps the pin")
        try display.xdotool(["key", "--window", window, "ctrl+c"])
        XCTAssertTrue(said.wait { $0.count(containing: "Copied the pinned point") == 1 }, "Ctrl+C copies: \(said.lines)")
        let point = try clipboard(display).split(separator: "\n")
        XCTAssertEqual(point.first.map(String.init), "date\tBerlin °C\tMadrid °C", "\(point)")
        XCTAssertEqual(point.count, 2)

        // A measure is kept in the session: set one, quit, open the file again.
        try shiftClick(display, app!, x: ax, y: y)
        try shiftClick(display, app!, x: bx, y: y)
        XCTAssertTrue(trace.wait { self.measure($0)?.b != nil })
        let kept = try XCTUnwrap(measure(trace))
        try display.xdotool(["key", "--window", window, "q"])
        let deadline = Date().addingTimeInterval(10)
        while app!.process.isRunning, Date() < deadline { usleep(50_000) }
        XCTAssertFalse(app!.process.isRunning, "q quits (saving the session)")
        app = nil
        let again = try display.launchSightline(["Resources/sample.csv", "--size", "1280x720"])
        defer { withExtendedLifetime(again) {} }
        XCTAssertTrue(again.trace.wait { self.measure($0)?.b != nil }, "the session brings the measure back")
        XCTAssertEqual(measure(again.trace)?.a, kept.a)
        XCTAssertEqual(measure(again.trace)?.b, kept.b)
    }
}
