import ChartSupport
import Foundation
import XCTest

/// `OutputFile` replaces regular files atomically, writes into devices and FIFOs,
/// follows links, and refuses directories and inputs.
final class OutputFileTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "sightline-output-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func contents(_ path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }

    private func type(_ path: String) -> mode_t? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return info.st_mode & S_IFMT
    }

    private func listing() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    }

    func testCreatesAndReplacesARegularFileLeavingNoTemporary() throws {
        let path = "\(folder)/out.txt"
        try OutputFile(path: path).write(Array("one".utf8))
        XCTAssertEqual(try contents(path), "one")
        XCTAssertEqual(chmod(path, 0o640), 0)
        try OutputFile(path: path).write(Array("two, longer".utf8))
        XCTAssertEqual(try contents(path), "two, longer")
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int, 0o640,
                       "a replaced file keeps its permissions")
        XCTAssertEqual(try listing(), ["out.txt"])
    }

    func testASymlinkStaysALinkAndItsTargetIsReplaced() throws {
        try FileManager.default.createDirectory(atPath: "\(folder)/dotfiles", withIntermediateDirectories: true)
        try "old".write(toFile: "\(folder)/dotfiles/real.txt", atomically: false, encoding: .utf8)
        XCTAssertEqual(symlink("dotfiles/real.txt", "\(folder)/link.txt"), 0)
        XCTAssertEqual(symlink("link.txt", "\(folder)/link-to-link.txt"), 0)
        try OutputFile(path: "\(folder)/link-to-link.txt").write(Array("new".utf8))
        XCTAssertEqual(type("\(folder)/link.txt"), S_IFLNK)
        XCTAssertEqual(type("\(folder)/link-to-link.txt"), S_IFLNK)
        XCTAssertEqual(try contents("\(folder)/dotfiles/real.txt"), "new")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: "\(folder)/dotfiles"), ["real.txt"],
                       "the temporary went to the target's folder and was renamed")
    }

    /// A link another user planted in a sticky shared folder (as in /tmp) is not
    /// followed, as the kernel would not follow it either.
    func testALinkPlantedByAnotherUserInASharedFolderIsRefused() throws {
        guard geteuid() == 0 else { throw XCTSkip("needs root to make a link owned by another user") }
        let shared = "\(folder)/shared"
        XCTAssertEqual(mkdir(shared, 0o777), 0)
        XCTAssertEqual(chmod(shared, 0o1777), 0)
        try "mine".write(toFile: "\(folder)/precious.txt", atomically: false, encoding: .utf8)
        XCTAssertEqual(symlink("\(folder)/precious.txt", "\(shared)/out.png"), 0)
        XCTAssertEqual(lchown("\(shared)/out.png", 65534, 65534), 0)
        XCTAssertThrowsError(try OutputFile(path: "\(shared)/out.png").write(Array("PNG".utf8))) { error in
            XCTAssertTrue("\(error)".contains("another user"), "\(error)")
        }
        XCTAssertEqual(try contents("\(folder)/precious.txt"), "mine")
        XCTAssertEqual(lchown("\(shared)/out.png", 0, 0), 0)
        XCTAssertNoThrow(try OutputFile(path: "\(shared)/out.png").write(Array("PNG".utf8)), "our own link is followed")
        XCTAssertEqual(try contents("\(folder)/precious.txt"), "PNG")
    }

    func testADanglingLinkCreatesItsTarget() throws {
        XCTAssertEqual(symlink("later.txt", "\(folder)/dangling.txt"), 0)
        try OutputFile(path: "\(folder)/dangling.txt").write(Array("made".utf8))
        XCTAssertEqual(type("\(folder)/dangling.txt"), S_IFLNK)
        XCTAssertEqual(try contents("\(folder)/later.txt"), "made")
    }

    func testACharacterDeviceIsWrittenIntoNotReplaced() throws {
        try OutputFile(path: "/dev/null").write(Array(repeating: 7, count: 100_000))
        XCTAssertEqual(type("/dev/null"), S_IFCHR)
    }

    func testAFullDeviceSaysNoSpaceLeft() throws {
        XCTAssertThrowsError(try OutputFile(path: "/dev/full").write(Array("x".utf8))) { error in
            XCTAssertEqual(error as? OutputFileError, .system(path: "/dev/full", action: "write", code: ENOSPC))
            XCTAssertEqual((error as? OutputFileError)?.exitCode, 73)
            XCTAssertEqual("\(error)", "\"/dev/full\": cannot write: no space left on device")
        }
        XCTAssertEqual(type("/dev/full"), S_IFCHR)
    }

    func testAFIFOIsWrittenIntoForItsReader() throws {
        let fifo = "\(folder)/pipe"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let received = LockedBytes()
        let reader = Thread {
            let fd = open(fifo, O_RDONLY)
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let n = read(fd, &buffer, buffer.count)
                guard n > 0 else { break }
                received.append(buffer[0..<n])
            }
            close(fd)
        }
        reader.start()
        let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 * 31) }
        try OutputFile(path: fifo).write(bytes)
        let deadline = Date().addingTimeInterval(10)
        while received.count < bytes.count && Date() < deadline { usleep(10_000) }
        XCTAssertEqual(received.bytes, bytes)
        XCTAssertEqual(type(fifo), S_IFIFO)
    }

    func testAnInputIsRefusedThroughAnyLink() throws {
        let input = "\(folder)/data.csv"
        try "x,y\n1,2\n".write(toFile: input, atomically: false, encoding: .utf8)
        XCTAssertEqual(symlink(input, "\(folder)/soft.csv"), 0)
        XCTAssertEqual(link(input, "\(folder)/hard.csv"), 0)
        for output in [input, "\(folder)/soft.csv", "\(folder)/hard.csv", "\(folder)/../\(URL(fileURLWithPath: folder).lastPathComponent)/data.csv"] {
            XCTAssertThrowsError(try OutputFile(path: output, refusing: ["-", input]).write(Array("PNG".utf8))) { error in
                XCTAssertEqual(error as? OutputFileError, .isInput(path: output, input: input), output)
                XCTAssertTrue("\(error)".contains("input"), "\(error)")
            }
            // The input, named through the link, is refused as well.
            XCTAssertThrowsError(try OutputFile(path: input, refusing: [output]).write(Array("PNG".utf8)))
        }
        XCTAssertEqual(try contents(input), "x,y\n1,2\n")
        XCTAssertEqual(type("\(folder)/soft.csv"), S_IFLNK)
        XCTAssertNoThrow(try OutputFile(path: "\(folder)/other.png", refusing: [input]).write(Array("PNG".utf8)))
    }

    func testADirectoryIsRefused() throws {
        for output in [folder, folder + "/", "\(folder)/absent/"] {
            XCTAssertThrowsError(try OutputFile(path: output).write(Array("x".utf8))) { error in
                XCTAssertEqual(error as? OutputFileError, .isDirectory(path: output))
                XCTAssertTrue("\(error)".contains("is a directory"), "\(error)")
            }
        }
        XCTAssertEqual(try listing(), [])
    }

    func testANameOfNameMaxCharactersWorks() throws {
        let name = String(repeating: "a", count: Int(NAME_MAX) - 4) + ".png"
        try OutputFile(path: "\(folder)/\(name)").write(Array("long".utf8))
        XCTAssertEqual(try listing(), [name])
    }

    func testAProducerErrorLeavesNothingBehind() throws {
        struct Stop: Error {}
        let path = "\(folder)/partial.csv"
        try "kept".write(toFile: path, atomically: false, encoding: .utf8)
        XCTAssertThrowsError(try OutputFile(path: path).write { emit in
            try Array("half".utf8).withUnsafeBytes { try emit($0) }
            throw Stop()
        }) { XCTAssertTrue($0 is Stop) }
        XCTAssertEqual(try contents(path), "kept")
        XCTAssertEqual(try listing(), ["partial.csv"])
    }

    func testAMissingFolderNamesThePath() throws {
        let path = "\(folder)/no/such/out.png"
        XCTAssertThrowsError(try OutputFile(path: path).write(Array("x".utf8))) { error in
            XCTAssertEqual(error as? OutputFileError, .missingFolder(path: path, folder: "\(folder)/no/such"))
            XCTAssertTrue("\(error)".hasSuffix("does not exist"), "\(error)")
        }
    }

    func testMessagesEscapeControlCharacters() {
        let error = OutputFileError.isDirectory(path: "/tmp/\u{1B}[31mred")
        XCTAssertFalse(error.description.contains("\u{1B}"))
        XCTAssertTrue(error.description.contains("\\x1b"), error.description)
    }

    /// Temporaries of dead writers are removed by the next write; a locked or fresh one,
    /// and anything not named like ours, stays.
    func testStaleTemporariesAreSweptButNotLiveOnes() throws {
        func make(_ name: String, age: Double) throws -> String {
            let path = "\(folder)/\(name)"
            try "left".write(toFile: path, atomically: false, encoding: .utf8)
            let then = Date().timeIntervalSince1970 - age
            var times = [timespec(tv_sec: Int(then), tv_nsec: 0), timespec(tv_sec: Int(then), tv_nsec: 0)]
            XCTAssertEqual(utimensat(AT_FDCWD, path, &times, 0), 0)
            return path
        }
        _ = try make(".sightline-0badc0de.tmp", age: 3600)
        _ = try make(".sightline-00000001.tmp", age: 1)
        let locked = try make(".sightline-1234abcd.tmp", age: 3600)
        _ = try make(".sightline-NOTHEX00.tmp", age: 3600)
        _ = try make("mine.tmp", age: 3600)
        let holder = open(locked, O_RDONLY)
        XCTAssertEqual(flock(holder, LOCK_EX), 0)
        defer { close(holder) }
        try OutputFile(path: "\(folder)/out.png").write(Array("x".utf8))
        XCTAssertEqual(try listing(), [".sightline-00000001.tmp", ".sightline-1234abcd.tmp", ".sightline-NOTHEX00.tmp",
                                       "mine.tmp", "out.png"])
    }

    /// The temporary being written is registered, so a signal's `removeAll()` removes it.
    func testTheTemporaryBeingWrittenIsRegisteredForSignals() throws {
        var during: [String] = []
        XCTAssertThrowsError(try OutputFile(path: "\(folder)/out.png").write { emit in
            try Array("x".utf8).withUnsafeBytes { try emit($0) }
            during = try listing()
            XCTAssertEqual(TemporaryFiles.registered.map { ($0 as NSString).lastPathComponent }, during)
            TemporaryFiles.removeAll()
            throw CancellationError()
        })
        XCTAssertEqual(during.count, 1)
        XCTAssertTrue(during.first?.hasPrefix(".sightline-") ?? false, "\(during)")
        XCTAssertEqual(try listing(), [])
    }
}
