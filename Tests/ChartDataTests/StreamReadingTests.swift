@testable import ChartData
import Foundation
import XCTest

/// What cannot be mapped is read with read(2): pipes, FIFOs, standard input, devices,
/// `/proc` files; bounded by the line limit and the memory budget.
final class StreamReadingTests: XCTestCase {
    /// A reader that stops early closes its pipe under the writer thread: that must be
    /// an EPIPE the writer sees, not a SIGPIPE that ends the test run.
    override class func setUp() {
        signal(SIGPIPE, SIG_IGN)
    }

    private func temporaryPath(_ name: String) -> String {
        NSTemporaryDirectory() + "sightline-\(getpid())-\(name)"
    }

    /// Runs `body` with standard input replaced by `descriptor` (closed when `nil`).
    private func withStandardInput<T>(_ descriptor: Int32?, _ body: () throws -> T) rethrows -> T {
        let saved = dup(STDIN_FILENO)
        defer {
            dup2(saved, STDIN_FILENO)
            close(saved)
        }
        if let descriptor {
            dup2(descriptor, STDIN_FILENO)
            close(descriptor)
        } else {
            close(STDIN_FILENO)
        }
        return try body()
    }

    /// Writes `text` into a new pipe from another thread; returns the read end.
    private func pipeWriting(_ text: String) -> Int32 {
        var ends: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&ends), 0)
        let (readEnd, writeEnd) = (ends[0], ends[1])
        Thread.detachNewThread {
            Self.writeAll(text, to: writeEnd)
            close(writeEnd)
        }
        return readEnd
    }

    /// Writes all of `text` to `fd` (a pipe's or a FIFO's write end), stopping early
    /// only if the reader goes away.
    private static func writeAll(_ text: String, to fd: Int32) {
        Array(text.utf8).withUnsafeBytes { raw in
            var done = 0
            while done < raw.count {
                let n = write(fd, raw.baseAddress! + done, raw.count - done)
                if n <= 0 { break }
                done += n
            }
        }
    }

    func testAFIFOIsReadToItsEnd() throws {
        let path = temporaryPath("fifo")
        unlink(path)
        XCTAssertEqual(mkfifo(path, 0o600), 0)
        defer { unlink(path) }
        let rows = (0..<50_000).map { "\($0),\($0 % 11)" }.joined(separator: "\n")
        Thread.detachNewThread {
            let fd = open(path, O_WRONLY)
            Self.writeAll("x,y\n" + rows + "\n", to: fd)
            close(fd)
        }
        let d = try DatasetReader.read(path: path)
        XCTAssertEqual(d.count, 50_000)
        XCTAssertEqual(d.series[0].ys[12], 1)
    }

    func testAProcFileWithSizeZeroIsReadNotEmpty() {
        // /proc/loadavg is one line of space-separated fields: one column for CSV, so
        // an error about line 1, not "the file is empty".
        XCTAssertThrowsError(try DatasetReader.read(path: "/proc/loadavg")) { error in
            guard case .readAs("CSV", _, .malformed("/proc/loadavg", 1, _, _, "one column"))? = error as? DataLoadError else {
                return XCTFail("\(error)")
            }
        }
    }

    func testStandardInputAsAPipe() throws {
        let d = try withStandardInput(pipeWriting("[t],v\n1,5\n2,6\n")) { try DatasetReader.read(path: "-") }
        XCTAssertEqual(d.source, "standard input")
        XCTAssertEqual(d.series[0].ys, [5, 6])
    }

    func testClosedStandardInputIsUnreadableNotATrap() {
        try? withStandardInput(nil) {
            XCTAssertThrowsError(try DatasetReader.read(path: "-")) { error in
                XCTAssertEqual(error as? DataLoadError, .unreadable(path: "standard input", reason: "Bad file descriptor"))
                XCTAssertEqual("\(error)", "standard input: cannot read: Bad file descriptor")
                XCTAssertEqual((error as? DataLoadError)?.exitCode, 66)
            }
        }
    }

    /// Binary data is refused at its first NUL, not read until memory runs out.
    func testBinaryStreamsAreRefusedAtOnce() {
        for device in ["/dev/zero", "/dev/urandom"] {
            XCTAssertThrowsError(try DatasetReader.read(path: device)) { error in
                guard case .binary(device, _)? = error as? DataLoadError else { return XCTFail("\(error)") }
            }
        }
        let devZero = open("/dev/zero", O_RDONLY)
        try? withStandardInput(devZero) {
            XCTAssertThrowsError(try DatasetReader.read(path: "-")) { error in
                XCTAssertEqual("\(error)", "standard input: binary (a NUL byte at offset 0, on line 1), not CSV or JSON text")
            }
        }
    }

    func testALineLongerThanTheLimitStopsTheRead() {
        let endless = pipeWriting(String(repeating: "9", count: 17_000_000))
        defer { close(endless) }
        XCTAssertThrowsError(try StreamReader.read(endless, source: "p", options: LoadOptions())) { error in
            guard case .malformed("p", 1, 1, let expected, _)? = error as? DataLoadError else { return XCTFail("\(error)") }
            XCTAssertEqual(expected, "a line end within 16 MB")
        }
        // The line named is the long one, not the first.
        let short = pipeWriting("x,y\n1,2\n" + String(repeating: "9", count: 3_000))
        defer { close(short) }
        XCTAssertThrowsError(try StreamReader.read(short, source: "p", options: LoadOptions(lineLimit: 1_000))) { error in
            guard case .malformed("p", 3, 1, _, _)? = error as? DataLoadError else { return XCTFail("\(error)") }
        }
    }

    func testAStreamLargerThanTheBudgetIsRefused() {
        let options = LoadOptions(memory: MemoryBudget(availableBytes: 100_000, limit: "ulimit -v"))
        let rows = pipeWriting("x,y\n" + (0..<50_000).map { "\($0),1\n" }.joined())
        defer { close(rows) }
        XCTAssertThrowsError(try StreamReader.read(rows, source: "p", options: options)) { error in
            guard case .tooLarge("p", _, _, 100_000, "ulimit -v")? = error as? DataLoadError else {
                return XCTFail("\(error)")
            }
        }
    }
}
