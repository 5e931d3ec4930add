import Foundation
import XCTest

/// Following reads text line by line: a gzip or UTF-16 file given to `--follow` is
/// refused in one line (exit 64) before any window opens; the same content on standard
/// input in a window is read to its end, inflated or transcoded, and shown, with a
/// notice that it is not followed.
final class FollowEncodingTests: ScratchFolderTestCase {
    /// A line that climbs and falls back: the chart spans many rows when it is drawn.
    private let text = "t,v\n" + (0..<400).map { "\($0),\(abs(200 - $0))\n" }.joined()

    private func utf16(_ text: String) -> Data {
        Data([0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
    }

    private func gzipped(_ text: String) throws -> Data {
        let plain = try write(text, to: "plain.csv")
        let result = try ProcessRunner.run("/bin/bash", ["-c", #"gzip -c "$F" > "$F.gz""#], environment: ["F": plain])
        XCTAssertEqual(result.status, 0, result.error)
        return try Data(contentsOf: URL(fileURLWithPath: plain + ".gz"))
    }

    func testFollowingAGzipOrUTF16FileIsRefused() throws {
        let gz = "\(folder)/log.csv.gz"
        try gzipped(text).write(to: URL(fileURLWithPath: gz))
        let wide = "\(folder)/log-utf16.csv"
        try utf16(text).write(to: URL(fileURLWithPath: wide))
        for (path, what) in [(gz, "gzip-compressed"), (wide, "UTF-16 text")] {
            let result = try ProcessRunner.run(ProcessRunner.sightline, ["open", path, "--follow"])
            XCTAssertEqual(result.status, 64, result.error)
            XCTAssertEqual(result.error.split(separator: "\n").count, 1, result.error)
            XCTAssertTrue(result.error.contains("--follow reads text appended line by line, and this is \(what): "
                                                + "open it without --follow to read it whole"), result.error)
        }
    }

    /// `gzip -c log.csv | sightline -` and UTF-16 on standard input draw the file in the window.
    func testGzipAndUTF16OnStandardInputAreShownWhole() throws {
        for (name, content, what) in [("gzip", try gzipped(text), "gzip-compressed"), ("utf16", utf16(text), "UTF-16 text")] {
            let display = try XvfbDisplay()
            let errors = TraceLog()
            let input = Pipe()
            let process = Process()
            process.executableURL = URL(fileURLWithPath: ProcessRunner.sightline)
            process.arguments = ["-", "--size", "900x560", "--initial-range", "1"]
            process.environment = ProcessInfo.processInfo.environment.merging(display.environment) { $1 }
            process.standardInput = input
            process.standardError = errors.pipe
            try process.run()
            defer {
                if process.isRunning { process.terminate() }
                process.waitUntilExit()
            }
            input.fileHandleForWriting.write(content)
            try input.fileHandleForWriting.close()
            let window = try display.waitForWindow(titled: "Sightline", of: process)
            try display.xdotool(["mousemove", "--window", window, "450", "-40"])
            let image = try screenshot(until: showsChart, window: window, display: display, name: "follow-stdin-\(name)")
            XCTAssertTrue(showsChart(image), "\(name): the chart is drawn")
            XCTAssertTrue(errors.wait { $0.lines.contains { $0.contains("standard input is \(what): it was read to its end") } },
                          "\(name): \(errors.lines)")
            XCTAssertTrue(process.isRunning, "\(name): the window stays open")
            _ = try? display.xdotool(["key", "--window", window, "q"])
        }
    }
}
