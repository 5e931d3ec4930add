import ChartGeometry
import ChartRender
import Foundation
import XCTest

/// `--follow` in the real window under Xvfb, with this test as the writer: appended rows
/// reach the pixels at the right edge; a half-written line waits for its end; a row whose
/// x goes back is dropped with a counted warning; a rotation by rename is followed into
/// the new file. Standard input is followed as it arrives.
final class FollowWindowTests: XCTestCase {
    private let size = PixelSize(width: 900, height: 560)
    private var plot: PixelRect { ChartLayout.explorer.plotRect(in: size) }

    override func setUpWithError() throws {
        try FileManager.default.createDirectory(atPath: artifacts, withIntermediateDirectories: true)
    }

    private func append(_ text: String, to path: String) throws {
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
        handle.seekToEndOfFile()
        handle.write(Data(text.utf8))
        try handle.close()
    }

    /// The series' line itself: blue and solid, not the paler line of the last value's label.
    private func isInk(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool {
        isSeriesBlue(p) && p.r < 110
    }

    /// The mean row of the line's ink in the plot's columns `columns` (left edge = 0),
    /// as a share of the plot's height from its top (0 top, 1 bottom); nil with no ink.
    private func height(_ image: RGBAImage, columns: Range<Int>) -> Double? {
        let rows = columns.flatMap { column in
            (plot.y..<plot.y + plot.height).filter { isInk(image[plot.x + column, $0]) }
        }
        guard !rows.isEmpty else { return nil }
        return (Double(rows.reduce(0, +)) / Double(rows.count) - Double(plot.y)) / Double(plot.height)
    }

    /// The lowest ink of the line in the plot's columns `columns` (left edge = 0; the
    /// last point is drawn on the right edge, `plot.width`), as a share of its height
    /// from the top.
    private func lowestInk(_ image: RGBAImage, columns: Range<Int>) -> Double {
        var lowest = plot.y
        for x in columns.map({ plot.x + $0 }) {
            for y in plot.y..<plot.y + plot.height where isInk(image[x, y]) { lowest = max(lowest, y) }
        }
        return Double(lowest - plot.y) / Double(plot.height)
    }

    private func rows(_ xs: Range<Int>, y: (Int) -> Double) -> String {
        xs.map { "\($0),\(y($0))\n" }.joined()
    }

    func testAppendedRowsHalfLineEarlierXAndRotation() throws {
        let file = NSTemporaryDirectory() + "sightline-follow-\(getpid()).csv"
        defer { unlink(file); unlink(file + ".1") }
        try ("t,v\n" + rows(0..<1000) { Double($0 % 7) / 7 }).write(toFile: file, atomically: true, encoding: .utf8)
        let display = try XvfbDisplay()
        let errors = TraceLog()
        let app = try display.launchSightline([file, "--follow", "--size", "\(size.width)x\(size.height)", "--initial-range", "1"],
                                              errors: errors.pipe)
        try display.xdotool(["mousemove", "--window", app.window, "450", "-40"])
        let flat = try screenshot(until: showsChart, window: app.window, display: display, name: "follow-start")
        XCTAssertGreaterThan(try XCTUnwrap(height(flat, columns: plot.width - 12..<plot.width - 2)), 0.5, "flat, low at first")

        // A writer's jump: the new rows are drawn at the right edge, high; the old ones low.
        try append(rows(1000..<1100) { _ in 100 }, to: file)
        XCTAssertTrue(app.trace.wait { $0.lines.contains { $0.contains("newest x 1099.000000") } }, "the rows were taken")
        let jumped = try screenshot(until: { (self.height($0, columns: self.plot.width - 12..<self.plot.width - 2) ?? 1) < 0.2 },
                                    window: app.window, display: display, name: "follow-jump")
        XCTAssertLessThan(try XCTUnwrap(height(jumped, columns: plot.width - 12..<plot.width - 2)), 0.2, "new rows high at the right")
        // Left of the legend's button.
        let old = 100..<plot.width / 2
        XCTAssertGreaterThan(lowestInk(jumped, columns: old), 0.95, "old rows low at the left")
        XCTAssertEqual(try XCTUnwrap(app.trace.lastX).upperBound, 1099, accuracy: 1e-6, "the view slid to the new end")

        // Half a line is not a row: the line does not dive (and y does not refit under
        // it, lifting the old rows) until the line's end is written.
        try append("1100,-1000", to: file)
        usleep(600_000)
        XCTAssertTrue(app.trace.waitUntilStill())
        let half = try display.screenshot(window: app.window, savingTo: "\(artifacts)/follow-half.png")
        XCTAssertGreaterThan(lowestInk(half, columns: old), 0.95, "the half line is not drawn")
        XCTAssertFalse(app.trace.lines.contains { $0.contains("newest x 1100.") })
        try append("\n", to: file)
        XCTAssertTrue(app.trace.wait { $0.lines.contains { $0.contains("newest x 1100.000000") } }, "the completed line was taken")
        XCTAssertTrue(app.trace.waitUntilStill())
        let dived = try screenshot(until: { self.lowestInk($0, columns: old) < 0.93 }, window: app.window, display: display,
                                   name: "follow-dive")
        XCTAssertLessThan(lowestInk(dived, columns: old), 0.93, "y refit to -1000: the old rows rose")
        XCTAssertGreaterThan(lowestInk(dived, columns: plot.width - 10..<plot.width + 2), 0.9,
                             "-1000 drawn at the bottom once its line ended")

        // An earlier x is dropped, with one warning counting it.
        try append("5,3\n1101,0\n", to: file)
        XCTAssertTrue(errors.wait { $0.lines.contains { $0.contains("dropped 1 row whose x went back, first at line 1103") } },
                      "\(errors.lines)")
        XCTAssertTrue(app.trace.wait { $0.lines.contains { $0.contains("newest x 1101.000000") } })

        // Rotation: the old file renamed away, a new one at the path, read from its start.
        try FileManager.default.moveItem(atPath: file, toPath: file + ".1")
        try ("t,v\n" + rows(1102..<1200) { _ in 50 }).write(toFile: file, atomically: false, encoding: .utf8)
        XCTAssertTrue(app.trace.wait { $0.lines.contains { $0.contains("newest x 1199.000000") } }, "the new file was followed")
        XCTAssertEqual(errors.count(containing: "skipped"), 0, "the new file's header is no row: \(errors.lines)")
        _ = try? display.xdotool(["key", "--window", app.window, "q"])
        app.process.waitUntilExit()
    }

    /// Standard input shows in the window before it ends, and grows as rows arrive.
    func testStandardInputIsFollowedAsItArrives() throws {
        let display = try XvfbDisplay()
        let trace = TraceLog()
        let input = Pipe()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ProcessRunner.sightline)
        process.arguments = ["-", "--size", "\(size.width)x\(size.height)", "--initial-range", "1"]
        process.environment = ProcessInfo.processInfo.environment.merging(display.environment) { $1 }
            .merging(["SIGHTLINE_TRACE": "1"]) { $1 }
        process.standardInput = input
        process.standardOutput = trace.pipe
        try process.run()
        defer {
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
        }
        input.fileHandleForWriting.write(Data(("t,v\n" + rows(0..<500) { Double($0 % 5) / 5 }).utf8))
        let window = try display.waitForWindow(titled: "Sightline", of: process)
        try display.xdotool(["mousemove", "--window", window, "450", "-40"])
        _ = try screenshot(until: showsChart, window: window, display: display, name: "follow-stdin-start")
        input.fileHandleForWriting.write(Data(rows(500..<600) { _ in 100 }.utf8))
        XCTAssertTrue(trace.wait { $0.lines.contains { $0.contains("newest x 599.000000") } }, "rows on standard input were taken")
        let grown = try screenshot(until: { (self.height($0, columns: self.plot.width - 12..<self.plot.width - 2) ?? 1) < 0.2 },
                                   window: window, display: display, name: "follow-stdin-grown")
        XCTAssertLessThan(try XCTUnwrap(height(grown, columns: plot.width - 12..<plot.width - 2)), 0.2)
        try input.fileHandleForWriting.close()
        _ = try? display.xdotool(["key", "--window", window, "q"])
    }
}
