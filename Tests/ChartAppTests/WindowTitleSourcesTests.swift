@testable import ChartApp
import ChartSupport
import XCTest

/// The window's title names a database by its address without the password: every
/// program that lists windows reads it.
final class WindowTitleSourcesTests: XCTestCase {
    func testADatabasePasswordIsLeftOutOfTheTitle() {
        let title = WindowTitle(sources: ["clickhouse://sightline:sightline-pw@127.0.0.1:18123/sightline?table=walk",
                                          "/data/b.csv"])
        XCTAssertFalse(title.text.contains("sightline-pw"), title.text)
        XCTAssertTrue(title.text.hasPrefix("Sightline — clickhouse://sightline@127.0.0.1:18123/sightline?table=walk"), title.text)
    }
}
