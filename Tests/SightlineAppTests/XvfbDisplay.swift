import ChartRender
import Foundation
import XCTest

/// A private X server (Xvfb) for one test, with screenshots and synthetic input.
final class XvfbDisplay {
    let name: String
    private let server: Process
    /// A private config folder, so tests neither read nor write the user's session.
    let configHome = NSTemporaryDirectory() + "sightline-e2e-config-\(UUID().uuidString)"

    init(width: Int = 1280, height: Int = 800) throws {
        var number = 90 + Int(getpid() % 100)
        while FileManager.default.fileExists(atPath: "/tmp/.X\(number)-lock") { number += 1 }
        name = ":\(number)"
        server = try ProcessRunner.start("Xvfb", [name, "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp"])
        let deadline = Date().addingTimeInterval(15)
        while !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)") {
            guard Date() < deadline, server.isRunning else { throw DisplayError("Xvfb \(name) did not start") }
            usleep(50_000)
        }
    }

    deinit {
        server.terminate()
        server.waitUntilExit()
        try? FileManager.default.removeItem(atPath: configHome)
    }

    var environment: [String: String] { ["DISPLAY": name, "XDG_CONFIG_HOME": configHome] }

    /// Runs xdotool with `arguments` on this display.
    @discardableResult
    func xdotool(_ arguments: [String]) throws -> String {
        let result = try ProcessRunner.run("xdotool", arguments, environment: environment, timeout: 30)
        guard result.status == 0 else { throw DisplayError("xdotool \(arguments): \(result.error)") }
        return result.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Starts `sightline` with `arguments` on this display and waits for its window;
    /// with `settle`, also for its first frames to be drawn.
    func launchSightline(_ arguments: [String], settle: Bool = true) throws -> LaunchedApp {
        let process = try ProcessRunner.start(ProcessRunner.sightline, arguments, environment: environment)
        let app = LaunchedApp(process: process)
        app.window = try waitForWindow(titled: "Sightline")
        if settle { usleep(500_000) }
        return app
    }

    /// Waits for a visible window whose title contains `title`; returns its id.
    func waitForWindow(titled title: String, timeout: TimeInterval = 30) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let id = try? xdotool(["search", "--onlyvisible", "--name", title]), !id.isEmpty {
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
    /// app sees motion events as a person's drag would make.
    func drag(window id: String, from start: (x: Int, y: Int), to end: (x: Int, y: Int), steps: Int = 10) throws {
        try xdotool(["mousemove", "--window", id, "\(start.x)", "\(start.y)"])
        try xdotool(["mousedown", "1"])
        for step in 1...steps {
            let x = start.x + (end.x - start.x) * step / steps
            let y = start.y + (end.y - start.y) * step / steps
            try xdotool(["mousemove", "--window", id, "\(x)", "\(y)"])
            usleep(20_000)
        }
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
    var window = ""

    init(process: Process) { self.process = process }

    deinit {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }
}
