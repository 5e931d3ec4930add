import Foundation
import XCTest

/// Outputs that are the process's own descriptors or files with other names: a pipe
/// behind `/dev/stdout` is written into, a file opened for appending is appended to
/// unless it is the input, hard links keep sharing the file, and a full disk or a
/// closed standard output is a message and a status, not a trap or a silent success.
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

    /// The shell can make standard output, standard input or `/dev/stdin` the input
    /// file: every such output is refused (73) and the data is left as it was.
    func testAnOutputThroughTheShellThatIsTheInputIsRefused() throws {
        let csv = "x,y\n0,1\n1,3\n2,2\n"
        let writers = [#""$BIN" render"#, #""$BIN" audio --seconds 0.1"#]
        let redirections = [#""$DIR/in.csv" --out - >>"$DIR/in.csv""#,
                            #"- --out "$DIR/in.csv" <"$DIR/in.csv""#,
                            #"- --out /dev/stdin 0<>"$DIR/in.csv""#]
        let commands = writers.flatMap { writer in redirections.map { "\(writer) \($0)" } }
            + [#""$BIN" describe "$DIR/in.csv" >>"$DIR/in.csv""#, #""$BIN" describe - <"$DIR/in.csv" >>"$DIR/in.csv""#,
               #""$BIN" render "$DIR/in.csv" --out "$DIR/o.png" --verbose >>"$DIR/in.csv""#,
               #""$BIN" bench --frames 3 --file "$DIR/in.csv" >>"$DIR/in.csv""#]
        for command in commands {
            _ = try write(csv, to: "in.csv")
            let result = try shell(command)
            XCTAssertEqual(result.status, 73, "\(command): \(result.error)")
            XCTAssertTrue(result.error.contains("is an input file"), "\(command): \(result.error)")
            XCTAssertEqual(try read("in.csv"), csv, "\(command) left the data as it was")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(folder)/o.png"), "nothing written after a refusal")
    }

    /// Standard input and output that are other files than each other are used as ever.
    func testStandardInputAndOutputThatAreOtherFilesAreUsed() throws {
        _ = try write("x,y\n0,1\n1,3\n", to: "in.csv")
        let result = try shell(#""$BIN" describe - <"$DIR/in.csv" >"$DIR/said.txt" && "#
                               + #""$BIN" render - --out - --size 64x48 <"$DIR/in.csv" | wc -c"#)
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertGreaterThan(Int(result.output.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0, 100, result.error)
        XCTAssertFalse(try read("said.txt").isEmpty)
    }

    /// A result printed where it cannot go (standard output closed, or a full device)
    /// is an error (74) with a message, not a silent exit 0.
    func testAResultThatCannotBePrintedIsAnError() throws {
        _ = try write("x,y\n0,1\n1,3\n2,2\n", to: "in.csv")
        let full = try deviceNode("full", minor: 7, in: folder)
        let cases: [(command: String, reason: String)] = [
            (#""$BIN" describe "$DIR/in.csv" >&-"#, "bad file descriptor"),
            (#""$BIN" describe "$DIR/in.csv" >"\#(full)""#, "no space left on device"),
            (#""$BIN" describe --json "$DIR/in.csv" >"\#(full)""#, "no space left on device"),
            (#""$BIN" render "$DIR/in.csv" --out "$DIR/o.png" --size 64x48 --verbose >"\#(full)""#, "no space left on device"),
            (#""$BIN" bench --frames 3 --points 1000 --offscreen >"\#(full)""#, "no space left on device"),
        ]
        for (command, reason) in cases {
            let result = try shell(command)
            XCTAssertEqual(result.status, 74, "\(command): \(result.error)")
            XCTAssertTrue(result.error.contains("cannot write to standard output: \(reason)"), "\(command): \(result.error)")
        }
    }

    /// A full disk while `render --alt-text` writes leaves no picture without its text,
    /// no temporary, and an old picture as it was. Needs a small tmpfs (root).
    func testAFullDiskLeavesNeitherThePictureNorItsText() throws {
        let disk = "\(folder)/disk"
        try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: false)
        let mounted = try ProcessRunner.run("/bin/mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", disk])
        guard mounted.status == 0 else { throw XCTSkip("cannot mount a tmpfs: \(mounted.error)") }
        defer { _ = try? ProcessRunner.run("/bin/umount", [disk]) }
        let data = try write("x,y\n0,1\n1,3\n2,2\n", to: "in.csv")
        let arguments = ["render", data, "--size", "320x200", "--alt-text", "--out"]
        XCTAssertEqual(try ProcessRunner.run(ProcessRunner.sightline, arguments + ["\(folder)/sized.png"]).status, 0)
        // Room for the picture's pages and not one more, which the text would need.
        let pictureBytes = try FileManager.default.attributesOfItem(atPath: "\(folder)/sized.png")[.size] as? Int ?? 0
        var space = statvfs()
        XCTAssertEqual(statvfs(disk, &space), 0)
        let page = Int(space.f_bsize), free = Int(space.f_bavail)
        let filler = (free - (pictureBytes + page - 1) / page) * page
        XCTAssertTrue(FileManager.default.createFile(atPath: "\(disk)/filler", contents: Data(count: filler)))

        let full = try ProcessRunner.run(ProcessRunner.sightline, arguments + ["\(disk)/o.png"])
        XCTAssertEqual(full.status, 73, full.error)
        XCTAssertTrue(full.error.contains("no space left on device"), full.error)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: disk), ["filler"], "nothing new is left")

        try "OLD".write(toFile: "\(disk)/o.png", atomically: false, encoding: .utf8)
        let over = try ProcessRunner.run(ProcessRunner.sightline, arguments + ["\(disk)/o.png"])
        XCTAssertEqual(over.status, 73, over.error)
        XCTAssertEqual(try String(contentsOfFile: "\(disk)/o.png", encoding: .utf8), "OLD", "the old picture is kept")
        XCTAssertEqual(Set(try FileManager.default.contentsOfDirectory(atPath: disk)), ["filler", "o.png"])
    }
}
