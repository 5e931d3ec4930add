@testable import ChartApp
import ChartData
import Foundation
import XCTest

/// A followed file (or standard input) opens showing all of its rows: its view keeps
/// its width while it follows, so the usual newest fifth of a log followed from its
/// first few rows would stay a sliver of them. `--initial-range` still decides.
final class FollowInitialViewTests: XCTestCase {
    func testAFollowedFileOpensWholeUnlessARangeIsGiven() {
        XCTAssertEqual(ChartWindow.initialFraction(given: nil, following: true), 1)
        XCTAssertEqual(ChartWindow.initialFraction(given: nil, following: false), 0.2)
        XCTAssertEqual(ChartWindow.initialFraction(given: 0.5, following: true), 0.5)
    }

    /// A SQLite file followed is polled for rows past its last x (`QueryFollow`), not
    /// read as lines of text appended, which refused it as "binary (a NUL byte at offset
    /// 15)"; a CSV file is read as lines.
    func testADatabaseFileIsNotFollowedAsText() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("follow-db-\(getpid())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let database = folder + "/log.db"
        try Data(Array("SQLite format 3\0".utf8) + [UInt8](repeating: 0, count: 84)).write(to: URL(fileURLWithPath: database))
        XCTAssertNil(try ChartWindow.followTask(path: database, morePaths: [], asked: true, options: LoadOptions(),
                                                lod: .minMax, connectsGaps: false, logAxes: [], wakeEvent: 0))
    }
}
