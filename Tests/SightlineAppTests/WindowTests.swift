import ChartGeometry
import ChartRender
import ChartSupport
import Foundation
import XCTest

/// The real app in a real X window (Xvfb), driven by xdotool, checked on screenshots.
final class WindowTests: XCTestCase {
    override func setUpWithError() throws {
        try FileManager.default.createDirectory(atPath: artifacts, withIntermediateDirectories: true)
    }

    /// The layout of a 900 × 500 window (ChartLayout.explorer): the plot and the range
    /// selector's strip, in window pixels.
    private let plot900 = ChartLayout.explorer.plotRect(in: PixelSize(width: 900, height: 500))
    private let minimap900 = ChartLayout.explorer.minimapRect(in: PixelSize(width: 900, height: 500))!

    func testOpensTheSampleAndADragMovesTheView() throws {
        let display = try XvfbDisplay()
        let app = try display.launchSightline(["Resources/sample.csv", "--size", "900x500"])
        defer { withExtendedLifetime(app) {} }
        let window = app.window

        let first = try screenshot(until: showsChart, window: window, display: display, name: "window-opened")
        XCTAssertEqual(first.width, 900)
        XCTAssertEqual(first.height, 500)
        let bluePixels = (0..<first.height).reduce(0) { total, y in
            total + (0..<first.width).filter { isSeriesBlue(first[$0, y]) }.count
        }
        XCTAssertGreaterThan(bluePixels, 2000, "the first series is drawn")
        XCTAssertGreaterThan(lineProfile(first).compactMap { $0 }.count, 700, "the line spans the plot")

        // Idle: nothing changes, so nothing is drawn and no CPU is spent.
        let idleTicks = try cpuTicks(of: app.process.processIdentifier)
        sleep(2)
        XCTAssertLessThanOrEqual(try cpuTicks(of: app.process.processIdentifier) - idleTicks, 10,
                                 "an idle window uses at most 5% of a core")

        let before = try XCTUnwrap(app.trace.lastX)
        try display.drag(window: window, from: (300, 250), to: (420, 250))
        let expected = before.lowerBound - 120 * (before.upperBound - before.lowerBound) / Double(plot900.width)
        let perPixel = (before.upperBound - before.lowerBound) / Double(plot900.width)
        XCTAssertTrue(app.trace.wait { abs(($0.lastX?.lowerBound ?? 0) - expected) < 2 * perPixel },
                      "a 120 px drag to the right shows 120 px earlier: \(String(describing: app.trace.lastX)), wanted \(expected)")
        _ = try screenshot(differingFrom: first, window: window, display: display, name: "window-dragged")

        // A resize redraws at the new size.
        try display.xdotool(["windowsize", window, "640", "400"])
        let deadline = Date().addingTimeInterval(10)
        var resized = first
        repeat {
            usleep(200_000)
            resized = try display.screenshot(window: window, savingTo: "\(artifacts)/window-resized.png")
        } while resized.width != 640 && Date() < deadline
        XCTAssertEqual([resized.width, resized.height], [640, 400])
        XCTAssertGreaterThan(lineProfile(resized).compactMap { $0 }.count, 450, "the line fills the resized plot")
    }

    /// A cross (a horizontal and a vertical line) zoomed by the wheel: the vertical line
    /// moves away from the cursor by the zoom factor, so the point under the cursor stays;
    /// the wheel zooms x only and y keeps fitting the data (the cross's), so the
    /// horizontal line stays where it was.
    func testWheelZoomsAroundTheCursor() throws {
        let file = NSTemporaryDirectory() + "sightline-cross-\(getpid()).csv"
        defer { unlink(file) }
        try "x,y\n0,5\n50,5\n50,0\n50,10\n50,5\n100,5\n".write(toFile: file, atomically: true, encoding: .utf8)
        let display = try XvfbDisplay()
        let app = try display.launchSightline([file, "--size", "800x500", "--initial-range", "1"])
        defer { withExtendedLifetime(app) {} }
        let window = app.window
        let before = try screenshot(until: { self.lineProfile($0).compactMap { $0 }.count > 300 },
                                    window: window, display: display, name: "cross-before")

        /// The centre of the line crossing row `y` (the vertical line) and column `x`
        /// (the horizontal one), away from where they cross.
        func lines(_ image: RGBAImage) -> (vertical: Double, horizontal: Double) {
            func centre(_ samples: [(Int, Bool)]) -> Double {
                let hits = samples.filter(\.1).map { Double($0.0) + 0.5 }
                return hits.isEmpty ? .nan : hits.reduce(0, +) / Double(hits.count)
            }
            let row = 120, column = 120
            // Rows of the plot only: the range selector under it draws the cross too.
            let vertical = centre((0..<image.width).map { ($0, isSeriesBlue(image[$0, row])) })
            let horizontal = centre((0..<400).map { ($0, isSeriesBlue(image[column, $0])) })
            return (vertical, horizontal)
        }
        let start = lines(before)
        XCTAssertFalse(start.vertical.isNaN || start.horizontal.isNaN, "both lines drawn")
        let cursor = (x: 300.0, y: 330.0)
        try display.xdotool(["mousemove", "--window", window, "\(Int(cursor.x))", "\(Int(cursor.y))"])
        try display.xdotool(["click", "--repeat", "3", "--delay", "50", "4"])
        // The pointer leaves, taking the hover highlight with it, before the screenshot.
        try display.xdotool(["mousemove", "--window", window, "400", "-50"])
        let factor = pow(1.15, 3.0)
        let wanted = cursor.x + 0.5 + (start.vertical - cursor.x - 0.5) * factor
        let after = try screenshot(until: { abs(lines($0).vertical - wanted) < 1.5 }, window: window, display: display,
                                   name: "cross-zoomed")
        let end = lines(after)
        // The pixel under the cursor spans [x, x + 1): its centre is the fixed point.
        XCTAssertEqual(end.vertical, wanted, accuracy: 1.5)
        XCTAssertEqual(end.horizontal, start.horizontal, accuracy: 1.5)
    }

    /// The view survives a restart: drag, quit with `q`, open the same file again.
    func testTheLastViewOfAFileIsRestored() throws {
        let display = try XvfbDisplay()
        var app = try display.launchSightline(["Resources/sample.csv", "--size", "700x400"])
        var window = app.window
        _ = try screenshot(until: showsChart, window: window, display: display, name: "session-opened")
        let opened = try XCTUnwrap(app.trace.lastX)
        try display.drag(window: window, from: (200, 200), to: (330, 240))
        XCTAssertTrue(app.trace.wait { $0.lastX.map { $0.lowerBound < opened.lowerBound } ?? false }, "the drag moved the view")
        XCTAssertTrue(app.trace.waitUntilStill(), "the view came to rest")
        let moved = try XCTUnwrap(app.trace.lastX)
        // xdotool may report the window gone: it closes as the key arrives.
        _ = try? display.xdotool(["key", "--window", window, "q"])
        let deadline = Date().addingTimeInterval(10)
        while app.process.isRunning && Date() < deadline { usleep(50_000) }
        XCTAssertFalse(app.process.isRunning, "q closes the window")
        app.process.waitUntilExit()
        XCTAssertEqual(app.process.terminationStatus, 0)

        app = try display.launchSightline(["Resources/sample.csv", "--size", "700x400"])
        window = app.window
        XCTAssertTrue(app.trace.wait { $0.lastX == moved }, "the reopened window shows the x range it was closed with: \(String(describing: app.trace.lastX)) vs \(moved)")
        _ = try screenshot(until: showsChart, window: window, display: display, name: "session-reopened")

        // Another file opens at its own default (the newest 20%): the remembered view
        // belongs to the sample only.
        _ = try? display.xdotool(["key", "--window", window, "q"])
        app.process.waitUntilExit()
        let other = NSTemporaryDirectory() + "sightline-other-\(getpid()).csv"
        defer { unlink(other) }
        try ("x,y\n" + (0...100).map { "\($0),\($0 % 7)" }.joined(separator: "\n")).write(toFile: other, atomically: true, encoding: .utf8)
        app = try display.launchSightline([other, "--size", "700x400"])
        defer { withExtendedLifetime(app) {} }
        XCTAssertTrue(app.trace.wait { $0.lastX == 80...100 }, "fresh default view: \(String(describing: app.trace.lastX))")
    }

    /// A session with an absurd window size (hand-edited, or written by a bug) once
    /// crashed the rasteriser on every start: the size is clamped and the chart shows.
    func testAnAbsurdWindowSizeInTheSessionStillStarts() throws {
        let display = try XvfbDisplay()
        let folder = display.configHome + "/sightline"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try #"{"files":[],"hiddenSeries":[],"theme":"day","windowWidth":1000000000,"windowHeight":1000000000}"#
            .write(toFile: folder + "/session.json", atomically: true, encoding: .utf8)
        let app = try display.launchSightline(["Resources/sample.csv"])
        defer { withExtendedLifetime(app) {} }
        _ = try screenshot(until: showsChart, window: app.window, display: display, name: "absurd-size")
        XCTAssertTrue(app.process.isRunning, "the window is still up")
        _ = try? display.xdotool(["key", "--window", app.window, "q"])
        let deadline = Date().addingTimeInterval(10)
        while app.process.isRunning && Date() < deadline { usleep(50_000) }
        app.process.waitUntilExit()
        XCTAssertEqual(app.process.terminationStatus, 0)
        XCTAssertLessThanOrEqual(SessionStore(directory: URL(fileURLWithPath: folder)).loadNow().windowWidth ?? 0, 16384)
    }

    /// A large file: the window shows a progress bar at once, then the chart.
    func testALargeFileShowsProgressThenTheChart() throws {
        let file = NSTemporaryDirectory() + "sightline-progress-\(getpid()).csv"
        defer { unlink(file) }
        // Written by the release binary when the test script built one: a debug build
        // takes longer to write the file than to read it.
        let writer = ProcessInfo.processInfo.environment["SIGHTLINE_RELEASE_BIN"] ?? ProcessRunner.sightline
        XCTAssertEqual(try ProcessRunner.run(writer, ["walk", "3000000", file], timeout: 300).status, 0)
        let display = try XvfbDisplay()
        let app = try display.launchSightline([file, "--size", "800x500"], settle: false)
        defer { withExtendedLifetime(app) {} }
        let window = app.window
        // Until the chart arrives: a thin bar across the middle whose blue part grows.
        var filled: [Int] = []
        var loading: RGBAImage
        repeat {
            loading = try display.screenshot(window: window, savingTo: artifacts + "/progress-loading.png")
            let blue = (0..<loading.height).flatMap { y in (0..<loading.width).filter { isSeriesBlue(loading[$0, y]) }.map { _ in y } }
            guard Set(blue).count < 20 else { break }
            if !blue.isEmpty && (filled.last ?? 0) == 0 {
                try PNGFile.write(loading, to: artifacts + "/progress-partial.png")
            }
            filled.append(blue.count)
            usleep(300_000)
        } while filled.count < 100
        XCTAssertGreaterThan(filled.count, 1, "the bar was on screen while the file loaded")
        XCTAssertTrue(zip(filled, filled.dropFirst()).allSatisfy { $0 <= $1 }, "the bar only grows: \(filled)")
        XCTAssertGreaterThan(filled.max() ?? 0, 0, "some of the bar filled")
        var loaded = loading
        let deadline = Date().addingTimeInterval(240)
        repeat {
            usleep(500_000)
            loaded = try display.screenshot(window: window, savingTo: artifacts + "/progress-loaded.png")
        } while lineProfile(loaded).compactMap { $0 }.count < 700 && Date() < deadline
        XCTAssertGreaterThan(lineProfile(loaded).compactMap { $0 }.count, 700, "then the chart fills the plot")
    }
}
