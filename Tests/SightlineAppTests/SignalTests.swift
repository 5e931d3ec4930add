import Foundation
import XCTest

/// Signals end every command promptly with the signal's own status, leave no temporary
/// file behind, and let the window save the session first; a display that does not
/// answer is an error, not an invisible window.
final class SignalTests: XCTestCase {
    private let folder = NSTemporaryDirectory() + "sightline-signals-\(getpid())"

    override func setUpWithError() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: artifacts, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Waits (at most `timeout` s) for `process` to end; false when it did not.
    private func waitForExit(_ process: Process, timeout: TimeInterval = 10) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        return !process.isRunning
    }

    /// `bench` runs 300 frames with SDL started: SIGINT and SIGTERM end it at once,
    /// as they would any program (SDL's own handlers used to swallow them).
    func testBenchStopsOnSIGINTAndSIGTERM() throws {
        for signal in [SIGINT, SIGTERM] {
            let process = try ProcessRunner.start(ProcessRunner.sightline, ["bench", "--points", "1000000"],
                                                  environment: ["SDL_VIDEODRIVER": "offscreen"])
            sleep(2)
            XCTAssertTrue(process.isRunning, "bench still running when signalled")
            kill(process.processIdentifier, signal)
            XCTAssertTrue(waitForExit(process, timeout: 5), "signal \(signal) ended it within 5 s")
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
            XCTAssertEqual(process.terminationReason, .uncaughtSignal)
            XCTAssertEqual(process.terminationStatus, signal, "ended by the signal itself (status 128 + \(signal) in a shell)")
        }
    }

    /// `bench-data` writes a walk to a temporary CSV (gigabytes for large runs): a
    /// signal that ends a process (SIGTERM, and Ctrl-\'s SIGQUIT, SIGUSR2 and SIGALRM,
    /// which once ended it by default and left 100 MB behind) removes it, and
    /// the process ends with that signal.
    func testBenchDataRemovesItsTemporaryFileOnEveryEndingSignal() throws {
        for signal in [SIGTERM, SIGQUIT, SIGUSR2, SIGALRM] {
            let temporary = folder + "/tmp\(signal)"
            try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
            let process = try ProcessRunner.start(ProcessRunner.sightline, ["bench-data", "--points", "200000000"],
                                                  environment: ["TMPDIR": temporary + "/"])
            let deadline = Date().addingTimeInterval(10)
            while (try FileManager.default.contentsOfDirectory(atPath: temporary)).isEmpty && Date() < deadline { usleep(20_000) }
            XCTAssertFalse(try FileManager.default.contentsOfDirectory(atPath: temporary).isEmpty, "the walk is being written")
            kill(process.processIdentifier, signal)
            XCTAssertTrue(waitForExit(process), "signal \(signal)")
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
            XCTAssertEqual(process.terminationReason, .uncaughtSignal, "signal \(signal)")
            XCTAssertEqual(process.terminationStatus, signal, "ended by signal \(signal) itself")
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: temporary), [], "no temporary file left after \(signal)")
        }
    }

    /// No X server at DISPLAY: exit 69 naming the display, at once (it used to open an
    /// invisible offscreen window and run forever).
    func testADisplayThatDoesNotAnswerExits69NamingIt() throws {
        for display in [":97", "localhost:10.0"] {
            let started = Date()
            let result = try ProcessRunner.run(ProcessRunner.sightline, ["Resources/sample.csv"],
                                               environment: ["DISPLAY": display, "XDG_CONFIG_HOME": folder],
                                               removing: ["WAYLAND_DISPLAY", "SDL_VIDEODRIVER"], timeout: 20)
            XCTAssertEqual(result.status, 69, result.error)
            XCTAssertTrue(result.error.contains("DISPLAY=\"\(display)\""), result.error)
            XCTAssertLessThan(Date().timeIntervalSince(started), 15)
        }
    }

    /// `SDL_VIDEODRIVER=` (set, empty) is no driver chosen, as when it is unset: exit 69
    /// at once, not an invisible window from the driver SDL falls back to.
    func testAnEmptyVideoDriverIsNoneChosen() throws {
        let result = try ProcessRunner.run(ProcessRunner.sightline, ["Resources/sample.csv"],
                                           environment: ["DISPLAY": ":97", "SDL_VIDEODRIVER": "", "XDG_CONFIG_HOME": folder],
                                           removing: ["WAYLAND_DISPLAY"], timeout: 15)
        XCTAssertEqual(result.status, 69, result.error)
        XCTAssertTrue(result.error.contains("no display answered (DISPLAY=\":97\")"), result.error)
    }

    /// The x range the session remembers for some file, wherever the format keeps it.
    private func rememberedRanges(in session: Any) -> [ClosedRange<Double>] {
        switch session {
        case let object as [String: Any]:
            var found: [ClosedRange<Double>] = []
            if let a = (object["minX"] as? NSNumber)?.doubleValue, let b = (object["maxX"] as? NSNumber)?.doubleValue {
                found.append(a...b)
            }
            return found + object.values.flatMap(rememberedRanges)
        case let array as [Any]:
            return array.flatMap(rememberedRanges)
        default:
            return []
        }
    }

    private func wheelAndWaitForTheView(_ app: LaunchedApp, display: XvfbDisplay) throws -> ClosedRange<Double> {
        _ = try screenshot(until: showsChart, window: app.window, display: display, name: "signals-opened")
        let before = try XCTUnwrap(app.trace.lastX)
        try display.xdotool(["mousemove", "--window", app.window, "400", "200"])
        try display.xdotool(["click", "--repeat", "3", "--delay", "50", "4"])
        XCTAssertTrue(app.trace.wait { $0.lastX != before }, "the wheel zoomed")
        usleep(400_000)
        return try XCTUnwrap(app.trace.lastX)
    }

    /// SIGTERM half a second after a zoom, inside the session's 1.5 s debounce: the
    /// window quits, the zoomed view is in the session, and the status is SIGTERM's.
    func testSIGTERMSavesThePendingViewBeforeTheWindowQuits() throws {
        let display = try XvfbDisplay()
        let app = try display.launchSightline(["Resources/sample.csv", "--size", "900x500"])
        let zoomed = try wheelAndWaitForTheView(app, display: display)
        kill(app.process.processIdentifier, SIGTERM)
        XCTAssertTrue(waitForExit(app.process))
        XCTAssertEqual(app.process.terminationReason, .uncaughtSignal)
        XCTAssertEqual(app.process.terminationStatus, SIGTERM)
        let ranges = rememberedRanges(in: try display.session())
        XCTAssertTrue(ranges.contains { abs($0.lowerBound - zoomed.lowerBound) < 1 && abs($0.upperBound - zoomed.upperBound) < 1 },
                      "the zoomed view \(zoomed) is saved: \(ranges)")
    }

    /// The X server going away ends the window through exit(): the view is saved.
    func testTheViewIsSavedWhenTheXServerDies() throws {
        let display = try XvfbDisplay()
        let app = try display.launchSightline(["Resources/sample.csv", "--size", "900x500"])
        let zoomed = try wheelAndWaitForTheView(app, display: display)
        display.stopServer()
        XCTAssertTrue(waitForExit(app.process))
        let ranges = rememberedRanges(in: try display.session())
        XCTAssertTrue(ranges.contains { abs($0.lowerBound - zoomed.lowerBound) < 1 && abs($0.upperBound - zoomed.upperBound) < 1 },
                      "the zoomed view \(zoomed) is saved: \(ranges)")
    }

    /// y and x at ±1.79e308: the window survives wheel zooms both ways, drags and the
    /// fit key (it trapped on the first scroll).
    func testTheWindowSurvivesZoomingDataAtTheLimitsOfDouble() throws {
        let files = [("x,y\n1,1\n2,1.79e308\n3,-1.79e308\n4,5\n", "y-extremes.csv"),
                     ("x,y\n-1.79e308,1\n1.79e308,2\n", "x-extremes.csv")]
        for (text, name) in files {
            let path = "\(folder)/\(name)"
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            let display = try XvfbDisplay()
            let app = try display.launchSightline([path, "--size", "800x500"])
            try display.xdotool(["mousemove", "--window", app.window, "400", "200"])
            try display.xdotool(["click", "--repeat", "6", "--delay", "60", "4"])
            try display.xdotool(["click", "--repeat", "12", "--delay", "60", "5"])
            try display.drag(window: app.window, from: (300, 200), to: (600, 260))
            try display.xdotool(["key", "--window", app.window, "0", "plus", "Left", "7"])
            usleep(800_000)
            XCTAssertTrue(app.process.isRunning, "\(name): still running after the zooms")
            _ = try display.screenshot(window: app.window, savingTo: "\(artifacts)/extremes-\(name).png")
        }
    }
}
