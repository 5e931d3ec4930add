import Foundation
import XCTest

/// Candlesticks from the command line: the DAX file draws them by default and `describe`
/// speaks of its Close; `--ohlc` on a file without them says what is missing.
final class CandlesCommandTests: ScratchFolderTestCase {
    private var dax: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Resources/dax-daily.csv").path
    }

    func testDescribeSpeaksOfTheClose() throws {
        let result = try ProcessRunner.run(ProcessRunner.sightline, ["describe", dax, "--x-range", "2008-09-01:2008-12-31"])
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertTrue(result.output.contains("Close "), result.output)
        for name in ["Open", "High", "Low"] {
            XCTAssertFalse(result.output.contains("\(name) "), "\(name) is drawn in the candles, described by the close")
        }
    }

    func testOHLCWithoutTheColumnsIsAnErrorNamingThem() throws {
        let path = try write("Date,Close,Volume\n2024-01-02,5,100\n2024-01-03,6,120\n", to: "close.csv")
        let result = try ProcessRunner.run(ProcessRunner.sightline, ["render", path, "--ohlc", "--out", folder + "/x.png"])
        XCTAssertEqual(result.status, 64, result.error)
        XCTAssertTrue(result.error.contains("close.csv"), result.error)
        XCTAssertTrue(result.error.contains("Open, High, Low are not among its series (Close, Volume)"), result.error)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/x.png"))
    }
}
