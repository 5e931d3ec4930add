import ChartRender
import Foundation
import Synchronization
import XCTest

/// A private X server (Xvfb) for one test, with screenshots and synthetic input.
final class XvfbDisplay {
    let name: String
    private let server: Process
    /// A private config folder, so tests neither read nor write the user's session.
    let configHome = NSTemporaryDirectory() + "sightline-e2e-config-\(UUID().uuidString)"

    init(width: Int = 1280, height: Int = 800) throws {
        (name, server) = try Self.startServer(width: width, height: height)
    }

    /// Starts an Xvfb at the first display number free from this process's own, and
    /// waits until it answers. Another test process (another checkout's suite on the same
    /// machine) can take the same number between the look at its lock and the start:
    /// then the other server answers while ours exits ("server is already active"), and
    /// a test would find and press the other's windows, which vanish when it ends. So a
    /// display counts as ours only when its lock file names our server's pid.
    private static func startServer(width: Int, height: Int) throws -> (String, Process) {
        var number = 90 + Int(getpid() % 100)
        for _ in 0..<20 {
            while FileManager.default.fileExists(atPath: "/tmp/.X\(number)-lock") { number += 1 }
            let name = ":\(number)"
            let server = try ProcessRunner.start("Xvfb", [name, "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp"])
            if try isAnswering(name, from: server, lock: "/tmp/.X\(number)-lock") { return (name, server) }
            if server.isRunning { server.terminate() }
            server.waitUntilExit()
            number += 1
        }
        throw DisplayError("no free display number for Xvfb")
    }

    /// Waits until `server` answers at `name`: a client connects (the socket file alone
    /// can be the previous server's on the same number, left behind for a moment after
    /// it ended) and `lock` holds its pid. `false` when it exits first or another
    /// server holds the number.
    private static func isAnswering(_ name: String, from server: Process, lock: String) throws -> Bool {
        let deadline = Date().addingTimeInterval(15)
        while true {
            let connects = (try? ProcessRunner.run("xdotool", ["getdisplaygeometry"], environment: ["DISPLAY": name], timeout: 5))?
                .status == 0
            guard server.isRunning else { return false }
            if connects, let text = try? String(contentsOfFile: lock, encoding: .utf8),
               let owner = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
                return owner == server.processIdentifier
            }
            guard Date() < deadline else { throw DisplayError("Xvfb \(name) did not start") }
            usleep(50_000)
        }
    }

    deinit {
        server.terminate()
        server.waitUntilExit()
        try? FileManager.default.removeItem(atPath: configHome)
    }

    var environment: [String: String] { ["DISPLAY": name, "XDG_CONFIG_HOME": configHome] }

    /// Ends the X server now, as a crash or a lost SSH connection would.
    func stopServer() {
        server.terminate()
        // An Xvfb caught mid-reset can sit out SIGTERM (seen once in CI, the test then
        // waiting forever): after 5 s it is killed.
        let deadline = Date().addingTimeInterval(5)
        while server.isRunning, Date() < deadline { usleep(20_000) }
        if server.isRunning { kill(server.processIdentifier, SIGKILL) }
        server.waitUntilExit()
    }

    /// The session file the app under test keeps, parsed.
    func session() throws -> Any {
        let data = try Data(contentsOf: URL(fileURLWithPath: configHome + "/sightline/session.json"))
        return try JSONSerialization.jsonObject(with: data)
    }

    /// Runs xdotool with `arguments` on this display.
    @discardableResult
    func xdotool(_ arguments: [String]) throws -> String {
        let result = try ProcessRunner.run("xdotool", arguments, environment: environment, timeout: 30)
        guard result.status == 0 else { throw DisplayError("xdotool \(arguments): \(result.error)") }
        return result.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Starts `sightline` with `arguments` on this display and waits for its window;
    /// with `settle`, also for its first frames to be drawn. `extra` adds to its
    /// environment; its standard error goes to `errors` if given.
    func launchSightline(_ arguments: [String], settle: Bool = true, environment extra: [String: String] = [:],
                         errors: Pipe? = nil) throws -> LaunchedApp {
        let trace = TraceLog()
        let process = try ProcessRunner.start(ProcessRunner.sightline, arguments,
                                              environment: environment.merging(["SIGHTLINE_TRACE": "1"]) { $1 }
                                                  .merging(extra) { $1 },
                                              output: trace.pipe, errors: errors)
        let app = LaunchedApp(process: process, trace: trace)
        app.window = try waitForWindow(titled: "Sightline", of: process)
        if settle { usleep(500_000) }
        return app
    }

    /// Waits for a visible window whose title contains `title`, of `process` when given
    /// (by the window's `_NET_WM_PID`, which SDL sets); returns its id.
    func waitForWindow(titled title: String, of process: Process? = nil, timeout: TimeInterval = 30) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        let owner = process.map { ["--pid", String($0.processIdentifier)] } ?? []
        while Date() < deadline {
            if let id = try? xdotool(["search", "--onlyvisible"] + owner + ["--name", title]), !id.isEmpty {
                return String(id.split(separator: "\n")[0])
            }
            usleep(100_000)
        }
        throw DisplayError("no window titled '\(title)' appeared on \(name)")
    }

    /// A screenshot of one window, read back as RGBA.
    func screenshot(window id: String, savingTo path: String) throws -> RGBAImage {
        let result = try ProcessRunner.run("import", ["-window", id, "png32:" + path], environment: environment, timeout: 30)
        guard result.status == 0 else { throw DisplayError("import: \(result.error)") }
        return try PNGFile.read(from: path)
    }

    /// A left-button drag from one window position to another, in small steps so the
    /// app sees motion events as a person's drag would make. The pointer rests a quarter
    /// second before the release, so the drag ends without a flick (no momentum).
    func drag(window id: String, from start: (x: Int, y: Int), to end: (x: Int, y: Int), steps: Int = 10) throws {
        try xdotool(["mousemove", "--window", id, "\(start.x)", "\(start.y)"])
        try xdotool(["mousedown", "1"])
        for step in 1...steps {
            let x = start.x + (end.x - start.x) * step / steps
            let y = start.y + (end.y - start.y) * step / steps
            try xdotool(["mousemove", "--window", id, "\(x)", "\(y)"])
            usleep(20_000)
        }
        usleep(250_000)
        try xdotool(["mouseup", "1"])
    }
}

struct DisplayError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// A running `sightline` and its window; ended when the test lets go of it.
final class LaunchedApp {
    let process: Process
    /// What the app traces per frame (SIGHTLINE_TRACE=1).
    let trace: TraceLog
    var window = ""

    init(process: Process, trace: TraceLog) {
        self.process = process
        self.trace = trace
    }

    /// Ends the app and waits, for 10 s at most, until it has ended: by Foundation's
    /// word or by /proc (a zombie counts), since `waitUntilExit` can miss a child's end
    /// under load and would then hold the whole test run forever.
    deinit {
        if process.isRunning { process.terminate() }
        let pid = process.processIdentifier
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning && !ProcessRunner.hasEnded(pid) && Date() < deadline { usleep(20_000) }
    }
}

/// The app's per-frame trace lines (`frame 12.3 ms x A B [board X Y W H] [hidden …]`),
/// collected from its standard output as they come.
final class TraceLog: Sendable {
    let pipe = Pipe()
    /// The lines so far, and the start of the next one.
    private let state = Mutex<(buffer: String, collected: [String])>(("", []))

    init() {
        pipe.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self, !data.isEmpty else { return }
            self.state.withLock { state in
                state.buffer += String(decoding: data, as: UTF8.self)
                while let newline = state.buffer.firstIndex(of: "\n") {
                    state.collected.append(String(state.buffer[..<newline]))
                    state.buffer.removeSubrange(...newline)
                }
            }
        }
    }

    var lines: [String] { state.withLock { $0.collected } }

    /// The x range of the last frame.
    var lastX: ClosedRange<Double>? {
        guard let line = lines.last(where: { $0.hasPrefix("frame ") }) else { return nil }
        let words = line.split(separator: " ")
        guard let i = words.firstIndex(of: "x"), words.count > i + 2, let a = Double(words[i + 1]), let b = Double(words[i + 2]) else { return nil }
        return a...b
    }

    /// The info board of the last frame, if one showed.
    var lastBoard: (x: Int, y: Int, width: Int, height: Int)? {
        guard let line = lines.last(where: { $0.hasPrefix("frame ") }) else { return nil }
        let words = line.split(separator: " ")
        guard let i = words.firstIndex(of: "board"), words.count > i + 4 else { return nil }
        let v = (1...4).compactMap { Int(words[i + $0]) }
        return v.count == 4 ? (v[0], v[1], v[2], v[3]) : nil
    }

    /// Frame times in milliseconds, in order.
    var frameMilliseconds: [Double] {
        lines.compactMap { line in
            let words = line.split(separator: " ")
            return words.first == "frame" && words.count > 1 ? Double(words[1]) : nil
        }
    }

    /// Waits (at most `timeout` seconds) until no frame has been drawn for `quiet`
    /// seconds: every animation and flick has ended. Returns whether that happened.
    @discardableResult
    func waitUntilStill(quiet: TimeInterval = 0.4, timeout: TimeInterval = 15) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        var count = lines.count
        var since = Date()
        while Date() < deadline {
            usleep(50_000)
            let now = lines.count
            if now != count { (count, since) = (now, Date()) } else if Date().timeIntervalSince(since) >= quiet { return true }
        }
        return false
    }

    /// How many lines so far hold `text` (a notice on standard error: "Copied…", "Saved…").
    func count(containing text: String) -> Int {
        lines.filter { $0.contains(text) }.count
    }

    /// Waits (at most `timeout` seconds) until `condition` holds for the log; returns whether it did.
    @discardableResult
    func wait(timeout: TimeInterval = 15, until condition: (TraceLog) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition(self) {
            if Date() > deadline { return false }
            usleep(50_000)
        }
        return true
    }
}
