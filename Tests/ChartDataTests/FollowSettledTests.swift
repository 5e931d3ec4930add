@testable import ChartData
import Foundation
import XCTest

/// A followed file's later lines are read under its first read's decisions (date form,
/// kind of x, series, the wall clock), and its lines are numbered as the file numbers them.
final class FollowSettledTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("follow-settled-\(UUID().uuidString)")
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

    private func follow(_ text: String, options: LoadOptions = LoadOptions()) throws -> (FollowReader, Dataset, String) {
        let path = folder.appendingPathComponent("log.csv").path
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        let reader = FollowReader(file: try FollowedFile(path: path, options: options), options: options)
        return (reader, try reader.readFirst(), path)
    }

    /// A column the first read settled as day first stays day first: 05/02/2020 is the
    /// 5th of February, not the 2nd of May.
    func testDayFirstColumnStaysDayFirst() throws {
        let (reader, first, path) = try follow("day,v\n13/01/2020,1\n")
        XCTAssertEqual(Array(first.xs), [1_578_873_600])
        try append("05/02/2020,2\n", to: path)
        let batch = try reader.next()
        XCTAssertEqual(batch.rows.map { Array($0.xs) }, [1_580_860_800], "\(batch.notices)")
    }

    /// Whole epoch seconds read as time take a later fractional second as time too.
    func testEpochSecondsTakeAFractionalSecond() throws {
        let (reader, first, path) = try follow("x,v\n1700000000,1\n1700000001,2\n")
        XCTAssertEqual(first.xKind, .time(unitsPerSecond: 1))
        try append("1700000002.5,3\n", to: path)
        let batch = try reader.next()
        XCTAssertEqual(batch.rows.map { Array($0.xs) }, [1_700_000_002.5], "\(batch.notices)")
        XCTAssertEqual(batch.rows?.xKind, .time(unitsPerSecond: 1))
    }

    /// Blank lines count: bad lines are named by the file's own line numbers, in the
    /// first read and across batches that end in blank lines.
    func testLineNumbersCountBlankLines() throws {
        let (reader, _, path) = try follow("t,v\n\n1,1\n")
        try append("2,2\n\n\n", to: path)
        XCTAssertEqual(try reader.next().rows?.count, 1)
        try append("3,3,3\n\n4,4,4\n", to: path)
        let notices = try reader.next().notices
        XCTAssertEqual(notices.count, 2, "\(notices)")
        XCTAssertTrue(notices[0].contains("log.csv:7:"), notices[0])
        XCTAssertTrue(notices[1].contains("log.csv:9:"), notices[1])
    }

    /// A bad appended line is told what is wrong with it, not a whole-file hint that a
    /// batch of one line makes false.
    func testBadLineIsToldWhatIsWrongWithIt() throws {
        let (reader, _, path) = try follow("time,v\n1,1\n")
        try append("2,abc\n3,3\n", to: path)
        let batch = try reader.next()
        XCTAssertEqual(batch.rows.map { Array($0.xs) }, [3])
        XCTAssertEqual(batch.notices.count, 1, "\(batch.notices)")
        XCTAssertTrue(batch.notices[0].contains("log.csv:3:"), batch.notices[0])
        XCTAssertFalse(batch.notices[0].contains("no column besides"), batch.notices[0])
        XCTAssertTrue(batch.notices[0].contains("\"abc\""), batch.notices[0])
    }

    /// A file whose columns share a name keeps its series in later batches.
    func testColumnsSharingANameKeepTheirSeries() throws {
        let (reader, first, path) = try follow("t,v,v\n1,1,2\n")
        try append("2,3,4\n", to: path)
        let batch = try reader.next()
        XCTAssertEqual(batch.rows?.series.map(\.ys), first.series.indices.map { [[3.0], [4.0]][$0] }, "\(batch.notices)")
    }

    /// The loader says by a flag, not by a warning's words, that it sorted the rows.
    func testLoaderFlagsSortedRows() throws {
        let load = { (text: String) in
            try Array(text.utf8).withUnsafeBytes {
                try DatasetReader.load($0, path: "a.csv", source: "a.csv", options: LoadOptions(), tracker: nil)
            }
        }
        XCTAssertEqual(try load("t,v\n2,1\n1,2\n").xReading.value?.sorted, true)
        XCTAssertEqual(try load("t,v\n1,1\n2,2\n").xReading.value?.sorted, false)
    }

    /// Instants followed across a change of the clocks (Berlin, 25 Oct 2020, back an
    /// hour at 01:00 UTC) stay ascending, none lost, whether the first read ends before
    /// the change or inside the hour the first read squeezed; well after, the wall clock
    /// is UTC + 1 h.
    func testWallClockGoesOnAcrossAChange() throws {
        let zone = try XCTUnwrap(TimeZone(identifier: "Europe/Berlin"))
        let change = 1_603_587_600.0
        let instants = stride(from: change - 4 * 3600, through: change + 5 * 3600, by: 300.0).map { $0 }
        for split in [instants.firstIndex(of: change - 1800)!, instants.firstIndex(of: change + 1800)!] {
            var first = Dataset(source: "log.csv", xs: Array(instants[..<split]), series: [])
            first.moveToWallClock(of: zone)
            var follower = WallClockFollower(after: instants[split - 1], zone: zone)
            let moved = Array(first.xs) + instants[split...].map { follower.move($0) }
            XCTAssertEqual(moved.count, instants.count)
            XCTAssertTrue(zip(moved, moved.dropFirst()).allSatisfy { $0 < $1 }, "split at \(split): \(moved)")
            XCTAssertEqual(moved.last, instants.last! + 3600, "split at \(split)")
        }
    }
}
