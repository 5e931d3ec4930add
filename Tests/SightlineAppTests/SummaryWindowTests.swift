import ChartData
import ChartRender
import ChartSupport
import Foundation
import XCTest

/// `s` in the real window under Xvfb: the summary panel (checked on screenshots, day
/// and night), the summary on standard output, and speech through a fake `spd-say`
/// first on PATH that writes down its arguments.
final class SummaryWindowTests: ScratchFolderTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        try FileManager.default.createDirectory(atPath: artifacts, withIntermediateDirectories: true)
    }

    /// A fake `spd-say` in its own folder: each run appends a line of its arguments,
    /// each in brackets, to `spoken.log`. Returns the folder.
    private func fakeSpeech() throws -> String {
        let bin = "\(folder)/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let script = try write("#!/bin/sh\nfor a in \"$@\"; do printf '[%s]' \"$a\"; done >> '\(folder)/spoken.log'\necho >> '\(folder)/spoken.log'\n",
                               to: "bin/spd-say")
        XCTAssertEqual(chmod(script, 0o755), 0)
        return bin
    }

    private var spoken: [String] {
        ((try? String(contentsOfFile: "\(folder)/spoken.log", encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// Starts the app on `display` with `arguments` and PATH set to `path`.
    private func launch(_ display: XvfbDisplay, _ arguments: [String], path: String) throws -> LaunchedApp {
        let trace = TraceLog()
        let process = try ProcessRunner.start(ProcessRunner.sightline, ["Resources/sample.csv", "--size", "900x500"] + arguments,
                                              environment: display.environment.merging(["SIGHTLINE_TRACE": "1", "PATH": path]) { $1 },
                                              output: trace.pipe)
        let app = LaunchedApp(process: process, trace: trace)
        app.window = try display.waitForWindow(titled: "Sightline", of: process)
        _ = try screenshot(until: showsChart, window: app.window, display: display, name: "summary-opened")
        XCTAssertTrue(app.trace.wait { $0.lastX != nil })
        return app
    }

    /// The panel's box in the last frame, from the trace.
    private func panel(_ trace: TraceLog) -> (x: Int, y: Int, width: Int, height: Int)? {
        guard let line = trace.lines.last(where: { $0.hasPrefix("frame ") }) else { return nil }
        let words = line.split(separator: " ")
        guard let i = words.firstIndex(of: "summary"), words.count > i + 4 else { return nil }
        let v = (1...4).compactMap { Int(words[i + $0]) }
        return v.count == 4 ? (v[0], v[1], v[2], v[3]) : nil
    }

    /// Shares of the panel's inner pixels that are panel-coloured and ink-coloured.
    private func panelPixels(_ image: RGBAImage, _ box: (x: Int, y: Int, width: Int, height: Int),
                             panel isPanel: ((r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool,
                             ink isInk: ((r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool) -> (panel: Double, ink: Int) {
        var panel = 0, ink = 0
        for y in box.y + 3..<box.y + box.height - 3 {
            for x in box.x + 3..<box.x + box.width - 3 {
                let p = image[x, y]
                if isPanel(p) { panel += 1 } else if isInk(p) { ink += 1 }
            }
        }
        return (Double(panel) / Double((box.width - 6) * (box.height - 6)), ink)
    }

    /// `s` shows the summary of the view, prints it and says it; `s` again puts it away
    /// and stops the speech; an arrow key, after another `s`, puts it away too.
    func testSShowsPrintsAndSaysTheSummary() throws {
        let display = try XvfbDisplay()
        let app = try launch(display, [], path: try fakeSpeech() + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? ""))
        defer { withExtendedLifetime(app) {} }
        let view = try XCTUnwrap(app.trace.lastX)
        try display.xdotool(["key", "--window", app.window, "s"])
        XCTAssertTrue(app.trace.wait { self.panel($0) != nil }, "the panel is drawn")
        let box = try XCTUnwrap(panel(app.trace))

        // What it printed is the summary of the view, as worked out here from the file.
        let dataset = try DatasetReader.read(path: "\(ProcessRunner.packageRoot)/Resources/sample.csv", options: LoadOptions())
        let expected = ChartSummary(source: DataSource(dataset: dataset), overX: view).lines
        XCTAssertTrue(app.trace.wait { $0.lines.contains(expected.last!) }, "printed: \(app.trace.lines.filter { !$0.hasPrefix("frame") })")
        let printed = app.trace.lines.filter { !$0.hasPrefix("frame ") }
        XCTAssertEqual(Array(printed.suffix(expected.count)), expected)

        let image = try screenshot(until: { _ in true }, window: app.window, display: display, name: "summary-day")
        let day = panelPixels(image, box, panel: { min($0.r, $0.g, $0.b) >= 240 }, ink: { max($0.r, $0.g, $0.b) < 160 })
        XCTAssertGreaterThan(day.panel, 0.6, "a white panel")
        XCTAssertGreaterThan(day.ink, 300, "with text on it")
        XCTAssertTrue(box.x >= 0 && box.x + box.width <= 900 && box.y >= 0 && box.y + box.height <= 500)

        XCTAssertTrue(wait { self.spoken.count == 1 }, "spd-say ran once: \(spoken)")
        XCTAssertEqual(spoken.first, "[--][\(expected.joined(separator: " "))]", "the text as one argument after --")

        try display.xdotool(["key", "--window", app.window, "s"])
        XCTAssertTrue(app.trace.wait { $0.lines.last?.hasPrefix("frame ") == true && self.panel($0) == nil }, "s again puts it away")
        XCTAssertTrue(wait { self.spoken.count == 2 }, "\(spoken)")
        XCTAssertEqual(spoken.last, "[-C]", "and cancels the speech")

        try display.xdotool(["key", "--window", app.window, "s"])
        XCTAssertTrue(app.trace.wait { self.panel($0) != nil })
        XCTAssertTrue(wait { self.spoken.count == 3 }, "\(spoken)")
        try display.xdotool(["key", "--window", app.window, "Left"])
        XCTAssertTrue(app.trace.wait { self.panel($0) == nil }, "navigation puts it away")
        XCTAssertTrue(app.trace.wait { ($0.lastX?.lowerBound ?? view.lowerBound) < view.lowerBound }, "and the view moved")
        XCTAssertTrue(wait { self.spoken.last == "[-C]" }, "stopping the speech: \(spoken)")
    }

    /// At night the panel is dark with light text; with --no-speech nothing is said.
    func testTheNightPanelAndNoSpeech() throws {
        let display = try XvfbDisplay()
        let app = try launch(display, ["--theme", "night", "--no-speech"],
                             path: try fakeSpeech() + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? ""))
        defer { withExtendedLifetime(app) {} }
        try display.xdotool(["key", "--window", app.window, "s"])
        XCTAssertTrue(app.trace.wait { self.panel($0) != nil })
        let box = try XCTUnwrap(panel(app.trace))
        let image = try screenshot(until: { _ in true }, window: app.window, display: display, name: "summary-night")
        let night = panelPixels(image, box, panel: { max($0.r, $0.g, $0.b) < 80 }, ink: { min($0.r, $0.g, $0.b) > 120 })
        XCTAssertGreaterThan(night.panel, 0.6, "a dark panel")
        XCTAssertGreaterThan(night.ink, 300, "with light text on it")
        try display.xdotool(["key", "--window", app.window, "Escape"])
        XCTAssertTrue(app.trace.wait { self.panel($0) == nil }, "Esc puts it away")
        usleep(300_000)
        XCTAssertEqual(spoken, [], "--no-speech says nothing")
    }

    /// Without spd-say on PATH, `s` still shows and prints, and says so once at most.
    func testWithoutSpeechDispatcherOneLineAtMost() throws {
        let display = try XvfbDisplay()
        let empty = "\(folder)/empty"
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ProcessRunner.sightline)
        process.arguments = ["Resources/sample.csv", "--size", "600x400"]
        process.environment = ProcessInfo.processInfo.environment.merging(display.environment) { $1 }
            .merging(["SIGHTLINE_TRACE": "1", "PATH": empty]) { $1 }
        process.currentDirectoryURL = URL(fileURLWithPath: ProcessRunner.packageRoot)
        let trace = TraceLog()
        let errors = Pipe()
        process.standardOutput = trace.pipe
        process.standardError = errors
        try process.run()
        let app = LaunchedApp(process: process, trace: trace)
        app.window = try display.waitForWindow(titled: "Sightline", of: process)
        XCTAssertTrue(trace.wait { $0.lastX != nil })
        for _ in 0..<3 {
            try display.xdotool(["key", "--window", app.window, "s"])
            XCTAssertTrue(trace.wait { self.panel($0) != nil })
            try display.xdotool(["key", "--window", app.window, "s"])
            XCTAssertTrue(trace.wait { self.panel($0) == nil })
        }
        XCTAssertGreaterThan(trace.lines.filter { $0.contains("points from") }.count, 2, "printed each time")
        app.process.terminate()
        app.process.waitUntilExit()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let lines = stderr.split(separator: "\n")
        XCTAssertLessThanOrEqual(lines.count, 1, stderr)
        XCTAssertTrue(stderr.contains("spd-say"), "the one line says what is missing: \(stderr)")
    }

    /// An `spd-say` that hangs (no speech server answering) holds nothing up and does
    /// not outlive the window: `s`, `s`, `q`, and every one of them is gone.
    func testAHangingSpeakerDoesNotOutliveTheWindow() throws {
        let display = try XvfbDisplay()
        let bin = "\(folder)/hang"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let script = try write("#!/bin/sh\necho $$ >> '\(folder)/hung.pids'\nexec sleep 1000\n", to: "hang/spd-say")
        XCTAssertEqual(chmod(script, 0o755), 0)
        let app = try launch(display, [], path: bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? ""))
        try display.xdotool(["key", "--window", app.window, "s"])
        XCTAssertTrue(app.trace.wait { self.panel($0) != nil })
        try display.xdotool(["key", "--window", app.window, "s", "s"])
        XCTAssertTrue(wait { self.hungPIDs.count >= 2 }, "the speech and a cancel started: \(hungPIDs)")
        try display.xdotool(["key", "--window", app.window, "q"])
        let pid = app.process.processIdentifier
        XCTAssertTrue(wait { ProcessRunner.hasEnded(pid) }, "q quits")
        XCTAssertTrue(wait { self.hungPIDs.allSatisfy { kill($0, 0) != 0 } }, "left running: \(hungPIDs.filter { kill($0, 0) == 0 })")
    }

    private var hungPIDs: [pid_t] {
        ((try? String(contentsOfFile: "\(folder)/hung.pids", encoding: .utf8)) ?? "").split(separator: "\n").compactMap { pid_t($0) }
    }

    /// Polls `condition` for up to 10 s.
    private func wait(_ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(10)
        while !condition() {
            if Date() > deadline { return false }
            usleep(50_000)
        }
        return true
    }
}
