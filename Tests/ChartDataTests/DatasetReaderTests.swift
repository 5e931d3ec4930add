import ChartData
import Foundation
import XCTest

final class DatasetReaderTests: XCTestCase {
    func testMissingFileIsExit66WithItsPath() {
        XCTAssertThrowsError(try DatasetReader.read(path: "/nonexistent/prices.csv")) { error in
            let loadError = error as? DataLoadError
            XCTAssertEqual(loadError, .fileNotFound(path: "/nonexistent/prices.csv"))
            XCTAssertEqual(loadError?.exitCode, 66)
            XCTAssertTrue("\(error)".contains("/nonexistent/prices.csv"))
        }
    }

    func testFolderIsUnreadable() {
        XCTAssertThrowsError(try DatasetReader.read(path: NSTemporaryDirectory())) { error in
            guard case .unreadable? = error as? DataLoadError else { return XCTFail("\(error)") }
        }
    }

    func testReadsAFileAndNamesItInErrors() throws {
        let path = NSTemporaryDirectory() + "sightline-reader-\(getpid()).csv"
        defer { unlink(path) }
        try "x,y\n1,2\n2,oops\n".write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try DatasetReader.read(path: path)) { error in
            XCTAssertEqual("\(error)", "\(path):3:2: expected a number in column \"y\", found \"oops\"")
        }
        try "x,y\n1,2\n2,3\n".write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertEqual(try DatasetReader.read(path: path).xs, [1, 2])
    }
}
