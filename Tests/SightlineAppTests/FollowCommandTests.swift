import Foundation
import XCTest

/// `--follow` on the command line: one file, said so when more are named.
final class FollowCommandTests: XCTestCase {
    func testFollowTakesOneFile() throws {
        let result = try ProcessRunner.run(ProcessRunner.sightline, ["open", "Resources/dax-daily.csv",
                                                                     "Resources/aapl-daily.csv", "--follow"])
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(result.error.contains("--follow follows one file"), result.error)
    }
}
