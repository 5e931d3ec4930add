@testable import ChartData
import Foundation
import XCTest

/// `FollowReader` over a real file another writer appends to, renames and truncates.
final class FollowReaderTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("follow-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func append(_ text: String, to path: String) throws {
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        handle.seekToEndOfFile()
        handle.write(Data(text.utf8))
    }

    private func xs(_ batch: FollowReader.Batch) -> [Double] { batch.rows.map { Array($0.xs) } ?? [] }

    /// A file empty when the follow starts and then written as UTF-16 is refused once
    /// its first bytes are there, not split into lines of garbage.
    func testAFileThatStartsEmptyAndTurnsOutUTF16IsRefused() throws {
        let path = folder.appendingPathComponent("log.csv").path
        try Data().write(to: URL(fileURLWithPath: path))
        let reader = FollowReader(file: try FollowedFile(path: path), options: LoadOptions())
        var polls = 0
        XCTAssertThrowsError(try reader.readFirst(pollSeconds: 0.001) {
            polls += 1
            if polls == 3 {
                let text = "t,v\n1,10\n2,20\n"
                try? Data([0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
                    .write(to: URL(fileURLWithPath: path))
            }
            return polls < 100
        }) { error in
            XCTAssertTrue("\(error)".contains("--follow reads text appended line by line, and this is UTF-16 text"), "\(error)")
        }
    }

    /// Appended lines arrive as rows; a half line waits for its end; a line with another
    /// field count is skipped with a notice naming its line, and following goes on.
    func testAppendedRowsHalfLineAndABadLine() throws {
        let path = folder.appendingPathComponent("log.csv").path
        try "t,v\n1,10\n2,20\n3,3".write(toFile: path, atomically: false, encoding: .utf8)
        let reader = FollowReader(file: try FollowedFile(path: path), options: LoadOptions())
        let first = try reader.readFirst()
        XCTAssertEqual(Array(first.xs), [1, 2], "the half-written third line is not read")
        XCTAssertNil(try reader.next().rows)
        try append("0\n4,40\n5,50,7\n6,6", to: path)
        let batch = try reader.next()
        XCTAssertEqual(xs(batch), [3, 4])
        XCTAssertEqual(batch.rows?.series.first?.ys, [30, 40], "3,3 and 0 joined into one line")
        XCTAssertEqual(batch.notices.count, 1)
        XCTAssertTrue(batch.notices[0].contains("log.csv:6:3: expected 2 fields"), batch.notices[0])
        try append("0\n", to: path)
        XCTAssertEqual(xs(try reader.next()), [6])
    }

    /// Rows whose x goes back are dropped (an equal x is kept), counted in one notice
    /// naming the first one's line.
    func testEarlierXIsDroppedAndCounted() throws {
        let path = folder.appendingPathComponent("log.csv").path
        try "t,v\n1,1\n5,5\n".write(toFile: path, atomically: false, encoding: .utf8)
        let reader = FollowReader(file: try FollowedFile(path: path), options: LoadOptions())
        _ = try reader.readFirst()
        try append("5,6\n4,4\n3,3\n7,7\n", to: path)
        let batch = try reader.next()
        XCTAssertEqual(xs(batch), [5, 7])
        XCTAssertEqual(batch.notices, ["\(path): dropped 2 rows whose x went back, first at line 5"])
        XCTAssertEqual(reader.droppedCount, 2)
    }

    /// A writer whose x keeps going back gets the count said once, not a notice (a line
    /// on the terminal) for every batch; the count still counts them all.
    func testTheDroppedCountIsNotSaidAgainEveryBatch() throws {
        let path = folder.appendingPathComponent("log.csv").path
        try "t,v\n1,1\n5,5\n".write(toFile: path, atomically: false, encoding: .utf8)
        let reader = FollowReader(file: try FollowedFile(path: path), options: LoadOptions())
        _ = try reader.readFirst()
        try append("4,4\n6,6\n", to: path)
        XCTAssertEqual(try reader.next().notices.count, 1)
        try append("3,3\n2,2\n7,7\n", to: path)
        let second = try reader.next()
        XCTAssertEqual(xs(second), [7])
        XCTAssertEqual(second.notices, [], "said again only after \(FollowReader.droppedNoticeInterval) s")
        XCTAssertEqual(reader.droppedCount, 3)
    }

    /// A rotation by rename: the old file's last lines, then the new file's from its
    /// start, its header skipped; a truncated file is read again from its start.
    func testRotationByRenameAndTruncation() throws {
        let path = folder.appendingPathComponent("log.csv").path
        try "t,v\n1,1\n".write(toFile: path, atomically: false, encoding: .utf8)
        let reader = FollowReader(file: try FollowedFile(path: path), options: LoadOptions())
        _ = try reader.readFirst()
        try append("2,2\n", to: path)
        try FileManager.default.moveItem(atPath: path, toPath: path + ".1")
        try "t,v\n3,3\n4,4\n".write(toFile: path, atomically: false, encoding: .utf8)
        XCTAssertEqual(xs(try reader.next()), [2, 3, 4])
        try append("5,5\n", to: path + ".1")
        try append("6,6\n", to: path)
        XCTAssertEqual(xs(try reader.next()), [6], "the renamed file is no longer followed")
        try "t,v\n7,7\n".write(toFile: path, atomically: false, encoding: .utf8)
        let batch = try reader.next()
        XCTAssertEqual(xs(batch), [7], "truncated and rewritten: read from its start")
        XCTAssertTrue(batch.notices.isEmpty, "\(batch.notices)")
    }
}
