@testable import ChartData
import Foundation
import XCTest

/// A mapped file that another program truncates or rewrites while it is read is
/// reported as changed; the process does not die of SIGBUS.
final class MappedFileTests: XCTestCase {
    private func writeRows(_ count: Int) throws -> String {
        let path = NSTemporaryDirectory() + "sightline-\(getpid())-mapped-\(UUID().uuidString).csv"
        var text = "x,y\n"
        text.reserveCapacity(count * 20)
        for i in 0..<count { text += "\(i),\(i % 1000).5\n" }
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    func testAFileTruncatedAfterMappingIsReportedNotACrash() throws {
        let path = try writeRows(1_000_000)
        defer { unlink(path) }
        XCTAssertThrowsError(try DatasetReader.read(path: path, options: LoadOptions(), progress: nil) {
            XCTAssertEqual(truncate(path, 5_000), 0)
        }) { error in
            XCTAssertEqual(error as? DataLoadError, .changedWhileReading(file: path))
            XCTAssertEqual("\(error)", "\(path): the file changed while it was read")
            XCTAssertEqual((error as? DataLoadError)?.exitCode, 66)
        }
        // The guard is for mapped files only, and the file reads again once it is still.
        XCTAssertGreaterThan(try DatasetReader.read(path: path).count, 100)
    }

    /// A log being appended to reads as the rows it had when it was opened, with a warning.
    func testAFileGrownAfterMappingReadsItsFirstBytesWithAWarning() throws {
        let path = try writeRows(1_000)
        defer { unlink(path) }
        let dataset = try DatasetReader.read(path: path, options: LoadOptions(), progress: nil) {
            let handle = FileHandle(forWritingAtPath: path)
            handle?.seekToEndOfFile()
            handle?.write(Data("1000,1\n".utf8))
            handle?.closeFile()
        }
        XCTAssertEqual(dataset.count, 1_000)
        XCTAssertTrue(dataset.warnings.contains { $0.contains("grew while it was read") }, "\(dataset.warnings)")
    }

    func testManyFilesMappedAtOnceStillRead() throws {
        let path = try writeRows(100)
        defer { unlink(path) }
        // Every slot of the guard taken: the file reads as a stream instead.
        let region = UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1)
        defer { region.deallocate() }
        var tokens: [BusErrorGuard.Token] = []
        while let token = BusErrorGuard.register(start: region, length: 1) { tokens.append(token) }
        defer { for token in tokens { BusErrorGuard.unregister(token) } }
        XCTAssertEqual(tokens.count, BusErrorGuard.capacity, "the table is full")
        XCTAssertEqual(try DatasetReader.read(path: path).count, 100)
    }
}
