import Foundation
import XCTest

/// Outputs that are the process's own descriptors or files with other names: a pipe
/// behind `/dev/stdout` is written into, a file opened for appending is appended to,
/// hard links keep sharing the file, and a full disk is a message, not a trap.
final class OutputStreamTests: ScratchFolderTestCase {
    /// Runs `script` in bash with `$BIN` the binary under test and `$DIR` the folder.
    private func shell(_ script: String) throws -> ProcessRunner.Result {
        try ProcessRunner.run("/bin/bash", ["-c", script], environment: ["BIN": ProcessRunner.sightline, "DIR": folder])
    }

    private func read(_ name: String) throws -> String {
        try String(contentsOfFile: "\(folder)/\(name)", encoding: .utf8)
    }

    func testDevStdoutIntoAPipeIsWrittenIntoThePipe() throws {
        let result = try shell(#""$BIN" walk 5 /dev/stdout | cat > "$DIR/piped.csv"; echo "${PIPESTATUS[0]}""#)
        XCTAssertEqual(result.output.trimmingCharacters(in: .whitespacesAndNewlines), "0", result.error)
        XCTAssertEqual(try read("piped.csv").split(separator: "\n").count, 6, "a header and five rows came through the pipe")
    }

    func testAppendingThroughDevStdoutOrDashKeepsWhatWasThere() throws {
        try "first line\n".write(toFile: "\(folder)/log.csv", atomically: true, encoding: .utf8)
        let result = try shell(#""$BIN" walk 3 /dev/stdout >> "$DIR/log.csv" && "$BIN" walk 2 - >> "$DIR/log.csv""#)
        XCTAssertEqual(result.status, 0, result.error)
        let lines = try read("log.csv").split(separator: "\n")
        XCTAssertEqual(lines.first, "first line", "the old content is kept")
        XCTAssertEqual(lines.count, 1 + 4 + 3, "both walks were appended")
    }

    func testAFileWithAnotherHardLinkIsRewrittenInPlace() throws {
        let path = "\(folder)/data.csv", other = "\(folder)/same.csv"
        try "old\n".write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertEqual(link(path, other), 0)
        let result = try ProcessRunner.run(ProcessRunner.sightline, ["walk", "4", path])
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertEqual(try read("same.csv"), try read("data.csv"), "both names see the new walk")
        XCTAssertTrue(try read("same.csv").hasPrefix("x,y"))
    }

    func testStandardOutputOnAFullDeviceSaysSo() throws {
        let full = try deviceNode("full", minor: 7, in: folder)
        let result = try shell(#""$BIN" walk 100000 - > "\#(full)""#)
        XCTAssertEqual(result.status, 73, result.error)
        XCTAssertTrue(result.error.contains("standard output: cannot write: no space left on device"), result.error)
    }
}
