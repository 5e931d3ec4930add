import Foundation
import XCTest

/// Runs the built `sightline` and the X tools the end-to-end tests drive.
enum ProcessRunner {
    /// The package root, found from this file's path.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    /// The `sightline` binary beside the test bundle (or `$SIGHTLINE_BIN`).
    static var sightline: String {
        if let bin = ProcessInfo.processInfo.environment["SIGHTLINE_BIN"] { return bin }
        let testBundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [testBundle, testBundle.deletingLastPathComponent()].map { $0.appendingPathComponent("sightline").path }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates[0]
    }

    struct Result {
        var status: Int32
        var output: String
        var error: String
    }

    /// A session folder that holds nothing: `render` and `describe` read the notes the
    /// session keeps, so a run that names no session of its own must not read the
    /// person's (`~/.config/sightline`).
    static let noSession = NSTemporaryDirectory() + "sightline-tests-no-session-\(getpid())"

    /// Runs `executable` to completion (killing it after `timeout` seconds), under
    /// `noSession` unless `environment` names an `XDG_CONFIG_HOME`.
    @discardableResult
    static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:],
                    removing removed: [String] = [], timeout: TimeInterval = 120) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try resolve(executable))
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["XDG_CONFIG_HOME"] = noSession
        // Nor the person's cache of large files (`~/.cache/sightline`): none is written
        // unless a test asks, in a folder of its own (CacheCommandTests). XDG_CACHE_HOME
        // itself stays, since Mesa keeps its shader cache there.
        env["SIGHTLINE_CACHE_MIN_SIZE"] = "1000G"
        for name in removed { env.removeValue(forKey: name) }
        env.merge(environment) { $1 }
        process.environment = env
        process.currentDirectoryURL = URL(fileURLWithPath: packageRoot)
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        // Read while waiting, so a chatty child never blocks on a full pipe.
        let output = PipeDrain(out.fileHandleForReading)
        let errors = PipeDrain(err.fileHandleForReading)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        return Result(status: process.terminationStatus,
                      output: String(decoding: output.wait(), as: UTF8.self),
                      error: String(decoding: errors.wait(), as: UTF8.self))
    }

    /// Whether process `pid` has ended, reaped or not (a zombie counts): Foundation's
    /// `waitUntilExit` once missed the app's end under load and waited forever.
    static func hasEnded(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let name = stat.lastIndex(of: ")"), stat.distance(from: name, to: stat.endIndex) > 2 else { return true }
        return stat[stat.index(name, offsetBy: 2)] == "Z"
    }

    /// Starts `executable` and returns at once; standard error goes to `errors`, else to
    /// the tests' own.
    static func start(_ executable: String, _ arguments: [String], environment: [String: String] = [:],
                      output: Pipe? = nil, errors: Pipe? = nil) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try resolve(executable))
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["SIGHTLINE_CACHE_MIN_SIZE"] = "1000G"
        process.environment = env.merging(environment) { $1 }
        process.currentDirectoryURL = URL(fileURLWithPath: packageRoot)
        process.standardOutput = output ?? FileHandle.nullDevice
        process.standardError = errors ?? FileHandle.standardError
        try process.run()
        return process
    }

    /// The full path of a program on PATH; fails the test with the package to install.
    static func resolve(_ executable: String) throws -> String {
        if executable.hasPrefix("/") { return executable }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/\(executable)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw MissingProgram(executable: executable)
    }
}

/// A program the tests drive is not installed. The test fails rather than skips: the
/// README's test command installs them all, so a missing one is a broken machine, not a
/// test to pass over.
private struct MissingProgram: Error, CustomStringConvertible {
    var executable: String
    var description: String {
        "\(executable) is not installed; run scripts/install-deps.sh (it installs xvfb, xdotool and imagemagick)"
    }
}
