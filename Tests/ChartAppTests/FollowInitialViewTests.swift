@testable import ChartApp
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
}
