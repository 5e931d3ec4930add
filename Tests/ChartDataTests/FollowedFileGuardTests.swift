@testable import ChartData
import Foundation
import XCTest

/// `FollowedFile` keeps the safeguards of a file read whole, and standard input's end
/// and silence are handled as its reader needs.
final class FollowedFileGuardTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("followed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Runs `body` with standard input the read end of a pipe; `feed` gets the write end.
    private func withPipedStandardInput(_ body: (_ feed: Int32) throws -> Void) throws {
        var ends: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&ends), 0)
        let saved = dup(STDIN_FILENO)
        dup2(ends[0], STDIN_FILENO)
        close(ends[0])
        defer {
            dup2(saved, STDIN_FILENO)
            close(saved)
        }
        try body(ends[1])
    }

    private func write(_ text: String, to descriptor: Int32) {
        _ = Array(text.utf8).withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress!, $0.count) }
    }

    /// Standard input closed after a last line without a line end: the line is read.
    func testStandardInputsLastLineWithoutLineEnd() throws {
        try withPipedStandardInput { feed in
            let reader = FollowReader(file: try FollowedFile(path: "-"), options: LoadOptions())
            write("time,value\n1,2", to: feed)
            close(feed)
            XCTAssertEqual(Array(try reader.readFirst().xs), [1])
        }
    }

    /// Standard input that holds a header alone waits for its rows (the reader's
    /// "read as CSV because …" around the loader's error included).
    func testStandardInputsHeaderWaitsForRows() throws {
        try withPipedStandardInput { feed in
            let reader = FollowReader(file: try FollowedFile(path: "-"), options: LoadOptions())
            write("time,value\n", to: feed)
            var polls = 0
            let first = try reader.readFirst(pollSeconds: 0.01) {
                polls += 1
                if polls == 3 { write("1,2\n", to: feed) }
                return polls < 100
            }
            XCTAssertEqual(Array(first.xs), [1])
            close(feed)
        }
    }

    /// Silent standard input: `read()` returns nothing after its wait, so a caller can stop.
    func testSilentStandardInputReturnsAfterItsWait() throws {
        try withPipedStandardInput { feed in
            let file = try FollowedFile(path: "-")
            file.waitSeconds = 0.05
            XCTAssertEqual(try file.read(), FollowedFile.Chunk())
            write("1,2\n", to: feed)
            XCTAssertEqual(try file.read().lines, Array("1,2\n".utf8))
            close(feed)
        }
    }

    /// Zeros are refused as binary on their first bytes, not kept.
    func testZerosAreRefusedAsBinary() throws {
        let path = folder.appendingPathComponent("zeros.csv").path
        try Data(count: 100_000).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try FollowedFile(path: path).read()) { error in
            guard case DataLoadError.binary = error else { return XCTFail("\(error)") }
        }
    }

    /// A line longer than the limit is the usual error naming it.
    func testLineOverTheLimitIsNamed() throws {
        let path = folder.appendingPathComponent("long.csv").path
        try ("t,v\n1,1\n" + String(repeating: "9", count: 500)).write(toFile: path, atomically: false, encoding: .utf8)
        var options = LoadOptions()
        options.lineLimit = 100
        XCTAssertThrowsError(try FollowedFile(path: path, options: options).read()) { error in
            XCTAssertEqual(error as? DataLoadError, .lineTooLong(file: path, line: 3, limit: 100))
        }
    }

    /// What a read holds is checked against the memory budget.
    func testReadIsCheckedAgainstTheMemoryBudget() throws {
        let path = folder.appendingPathComponent("log.csv").path
        try "t,v\n1,1\n".write(toFile: path, atomically: false, encoding: .utf8)
        var options = LoadOptions()
        options.memory = MemoryBudget(availableBytes: 1 << 16)
        XCTAssertThrowsError(try FollowedFile(path: path, options: options).read()) { error in
            guard case DataLoadError.tooLarge = error else { return XCTFail("\(error)") }
        }
        options.memory = MemoryBudget(availableBytes: 1 << 30)
        XCTAssertEqual(try FollowedFile(path: path, options: options).read().lines.count, 8)
    }

    /// A large file is taken a batch at a time, not whole.
    func testLargeFileIsReadInBatches() throws {
        let path = folder.appendingPathComponent("large.csv").path
        let block = Data(String(repeating: "1700000000,12345.678\n", count: 50_000).utf8)
        let blocks = FollowedFile.batchLimit / block.count + 2
        try Data().write(to: URL(fileURLWithPath: path))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        for _ in 0..<blocks { handle.write(block) }
        try handle.close()
        let file = try FollowedFile(path: path)
        let first = try file.read().lines.count
        XCTAssertLessThanOrEqual(first, FollowedFile.batchLimit + (1 << 20))
        XCTAssertEqual(first + (try file.read().lines.count), blocks * block.count)
    }

    /// `--follow`'s look at a file's encoding leaves a named pipe's bytes for the follow:
    /// reading them would take its header away.
    func testEncodingCheckLeavesANamedPipesBytes() throws {
        let path = folder.appendingPathComponent("pipe").path
        XCTAssertEqual(mkfifo(path, 0o600), 0)
        let feed = open(path, O_RDWR | O_NONBLOCK)
        XCTAssertGreaterThanOrEqual(feed, 0)
        defer { close(feed) }
        write("time,value\n1,2\n", to: feed)
        try FollowReader.requireLineText(path: path, options: LoadOptions())
        var bytes = [UInt8](repeating: 0, count: 64)
        let n = bytes.withUnsafeMutableBytes { Glibc.read(feed, $0.baseAddress!, $0.count) }
        XCTAssertEqual(String(decoding: bytes[..<max(n, 0)], as: UTF8.self), "time,value\n1,2\n")
    }
}
