import ChartRender
import Foundation
import XCTest

/// The real app in a real X window (Xvfb), driven by xdotool, checked on screenshots.
final class WindowTests: XCTestCase {
    private let artifacts = NSTemporaryDirectory() + "sightline-e2e"

    override func setUpWithError() throws {
        try FileManager.default.createDirectory(atPath: artifacts, withIntermediateDirectories: true)
    }

    /// Whether a pixel has the first series' blue (#3D7DD8) rather than the white plot
    /// or the grey margins; antialiased edges count when they lean clearly blue.
    private func isSeriesBlue(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool {
        Int(p.b) - Int(p.r) > 60 && Int(p.b) - Int(p.g) > 30
    }

    /// For each column, the mean row of the blue line's pixels (nil where none).
    private func lineProfile(_ image: RGBAImage) -> [Double?] {
        (0..<image.width).map { x in
            var sum = 0
            var count = 0
            for y in 0..<image.height where isSeriesBlue(image[x, y]) {
                sum += y
                count += 1
            }
            return count > 0 ? Double(sum) / Double(count) : nil
        }
    }

    /// The horizontal shift that best maps `before`'s line onto `after`'s.
    private func bestShift(from before: [Double?], to after: [Double?], range: ClosedRange<Int>) -> Int {
        var best = (shift: 0, error: Double.infinity)
        for shift in range {
            var error = 0.0
            var compared = 0
            for x in before.indices {
                let moved = x + shift
                guard after.indices.contains(moved), let a = before[x], let b = after[moved] else { continue }
                error += abs(a - b)
                compared += 1
            }
            guard compared > 200 else { continue }
            let mean = error / Double(compared)
            if mean < best.error { best = (shift, mean) }
        }
        return best.shift
    }

    func testOpensTheSampleAndADragMovesTheLineTheSameWay() throws {
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
        let before = lineProfile(first)
        XCTAssertGreaterThan(before.compactMap { $0 }.count, 700, "the line spans the plot")

        // Idle: nothing changes, so nothing is drawn and no CPU is spent.
        let idleTicks = try cpuTicks(of: app.process.processIdentifier)
        sleep(2)
        XCTAssertLessThanOrEqual(try cpuTicks(of: app.process.processIdentifier) - idleTicks, 10,
                                 "an idle window uses at most 5% of a core")

        try display.drag(window: window, from: (300, 250), to: (420, 250))
        let dragged = try screenshot(differingFrom: first, window: window, display: display, name: "window-dragged")
        let shift = bestShift(from: before, to: lineProfile(dragged), range: -300...300)
        XCTAssertEqual(shift, 120, accuracy: 4, "the line follows a 120 px drag to the right")

        // A resize redraws at the new size.
        try display.xdotool(["windowsize", window, "640", "400"])
        let deadline = Date().addingTimeInterval(10)
        var resized = dragged
        repeat {
            usleep(200_000)
            resized = try display.screenshot(window: window, savingTo: "\(artifacts)/window-resized.png")
        } while resized.width != 640 && Date() < deadline
        XCTAssertEqual([resized.width, resized.height], [640, 400])
        XCTAssertGreaterThan(lineProfile(resized).compactMap { $0 }.count, 450, "the line fills the resized plot")
    }

    /// Screenshots until the window shows something other than `previous`.
    private func screenshot(differingFrom previous: RGBAImage, window: String, display: XvfbDisplay,
                            name: String) throws -> RGBAImage {
        let image = try screenshot(until: { $0 != previous }, window: window, display: display, name: name)
        XCTAssertNotEqual(image, previous, "\(name): the window redrew")
        return image
    }

    /// Screenshots until `condition` holds (at most 15 s), returning the last one: the
    /// window loads and reads its session in the background, so a fixed wait is a race.
    private func screenshot(until condition: (RGBAImage) -> Bool, window: String, display: XvfbDisplay,
                            name: String) throws -> RGBAImage {
        let deadline = Date().addingTimeInterval(15)
        var image = try display.screenshot(window: window, savingTo: "\(artifacts)/\(name).png")
        while !condition(image) && Date() < deadline {
            usleep(200_000)
            image = try display.screenshot(window: window, savingTo: "\(artifacts)/\(name).png")
        }
        return image
    }

    /// Whether the chart (not the loading bar) is on screen: the line spans many rows.
    private func showsChart(_ image: RGBAImage) -> Bool {
        Set(lineProfile(image).compactMap { $0.map { Int($0) } }).count > 20
    }

    /// User plus system CPU time of a process, in clock ticks (1/100 s).
    private func cpuTicks(of pid: Int32) throws -> Int {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        // Fields after the command name, which is in parentheses and may hold spaces.
        let fields = stat[stat.range(of: ")")!.upperBound...].split(separator: " ")
        return Int(fields[11])! + Int(fields[12])!
    }

    /// A cross (a horizontal and a vertical line) zoomed by the wheel: each line moves
    /// away from the cursor by the zoom factor, so the point under the cursor stays.
    func testWheelZoomsAroundTheCursor() throws {
        let file = NSTemporaryDirectory() + "sightline-cross-\(getpid()).csv"
        defer { unlink(file) }
        try "x,y\n0,5\n50,5\n50,0\n50,10\n50,5\n100,5\n".write(toFile: file, atomically: true, encoding: .utf8)
        let display = try XvfbDisplay()
        let app = try display.launchSightline([file, "--size", "800x500"])
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
            let row = 60, column = 120
            let vertical = centre((0..<image.width).map { ($0, isSeriesBlue(image[$0, row])) })
            let horizontal = centre((0..<image.height).map { ($0, isSeriesBlue(image[column, $0])) })
            return (vertical, horizontal)
        }
        let start = lines(before)
        XCTAssertFalse(start.vertical.isNaN || start.horizontal.isNaN, "both lines drawn")
        let cursor = (x: 300.0, y: 330.0)
        try display.xdotool(["mousemove", "--window", window, "\(Int(cursor.x))", "\(Int(cursor.y))"])
        try display.xdotool(["click", "--repeat", "3", "--delay", "50", "4"])
        let after = try screenshot(differingFrom: before, window: window, display: display, name: "cross-zoomed")
        let end = lines(after)
        // The pixel under the cursor spans [x, x + 1): its centre is the fixed point.
        let factor = pow(1.15, 3.0)
        XCTAssertEqual(end.vertical, cursor.x + 0.5 + (start.vertical - cursor.x - 0.5) * factor, accuracy: 1.5)
        XCTAssertEqual(end.horizontal, cursor.y + 0.5 + (start.horizontal - cursor.y - 0.5) * factor, accuracy: 1.5)
    }

    /// The view survives a restart: drag, quit with `q`, open the same file again.
    func testTheLastViewOfAFileIsRestored() throws {
        let display = try XvfbDisplay()
        var app = try display.launchSightline(["Resources/sample.csv", "--size", "700x400"])
        var window = app.window
        let fitted = try screenshot(until: showsChart, window: window, display: display, name: "session-fitted")
        try display.drag(window: window, from: (200, 200), to: (330, 240))
        let moved = try screenshot(differingFrom: fitted, window: window, display: display, name: "session-moved")
        // xdotool may report the window gone: it closes as the key arrives.
        _ = try? display.xdotool(["key", "--window", window, "q"])
        let deadline = Date().addingTimeInterval(10)
        while app.process.isRunning && Date() < deadline { usleep(50_000) }
        XCTAssertFalse(app.process.isRunning, "q closes the window")
        app.process.waitUntilExit()
        XCTAssertEqual(app.process.terminationStatus, 0)

        app = try display.launchSightline(["Resources/sample.csv", "--size", "700x400"])
        defer { withExtendedLifetime(app) {} }
        window = app.window
        let movedProfile = lineProfile(moved)
        let reopened = try screenshot(until: { self.showsChart($0) && self.bestShift(from: movedProfile, to: self.lineProfile($0), range: -200...200) == 0 },
                                      window: window, display: display, name: "session-reopened")
        XCTAssertEqual(bestShift(from: lineProfile(moved), to: lineProfile(reopened), range: -200...200), 0,
                       "the reopened window shows the view it was closed with")
        XCTAssertNotEqual(reopened, fitted)

        // Another file opens fitted: the remembered view belongs to the sample only.
        _ = try? display.xdotool(["key", "--window", window, "q"])
        app.process.waitUntilExit()
        let other = NSTemporaryDirectory() + "sightline-other-\(getpid()).csv"
        defer { unlink(other) }
        try "x,y\n0,0\n10,10\n".write(toFile: other, atomically: true, encoding: .utf8)
        app = try display.launchSightline([other, "--size", "700x400"])
        let diagonal = try screenshot(until: showsChart, window: app.window, display: display, name: "session-other")
        let rows = lineProfile(diagonal)
        let inked = rows.indices.filter { rows[$0] != nil }
        // Fitted, the diagonal runs from the plot's left edge to its right edge.
        XCTAssertLessThan(inked.first ?? .max, 70)
        XCTAssertGreaterThan(inked.last ?? 0, 630)
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
