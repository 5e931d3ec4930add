@testable import ChartData
import XCTest

/// Which files draw as candlesticks: Open, High, Low and Close found by name in any
/// case and order (Yahoo's extra columns beside them), `--y` asking for lines instead,
/// and `--ohlc` requiring them with a message naming what is missing.
final class OHLCDetectionTests: XCTestCase {
    private func read(_ text: String, options: LoadOptions = LoadOptions()) throws -> Dataset {
        try Array(text.utf8).withUnsafeBytes {
            try DatasetReader.load($0, path: "p.csv", source: "p.csv", options: options, tracker: nil)
        }
    }

    func testYahooColumnsAreCandlesWithVolumeBarsBeside() throws {
        let dataset = try read(YahooCSV(days: 30).text)
        let names = dataset.series.map(\.name)
        let ohlc = try XCTUnwrap(dataset.ohlc)
        XCTAssertEqual([ohlc.open, ohlc.high, ohlc.low, ohlc.close].map { names[$0] }, ["Open", "High", "Low", "Close"])
        let volume = try XCTUnwrap(dataset.series.first { $0.name == "Volume" })
        XCTAssertEqual(volume.kind, .bar)
        XCTAssertEqual(volume.axis, .right)
    }

    func testAnyCaseAndOrderIsFound() throws {
        let dataset = try read("date,CLOSE,low,Volume,high,oPeN\n2024-01-02,5,3,100,6,4\n2024-01-03,6,4,120,7,5\n")
        XCTAssertEqual(dataset.ohlc, OHLCColumns(open: 4, high: 3, low: 1, close: 0))
    }

    func testAColumnMissingDrawsLines() throws {
        XCTAssertNil(try read("date,Open,High,Close\n2024-01-02,4,6,5\n2024-01-03,5,7,6\n").ohlc)
    }

    func testYAsksForLines() throws {
        let options = LoadOptions(y: ["Close"])
        XCTAssertNil(try read(YahooCSV(days: 10).text, options: options).ohlc)
        let four = LoadOptions(y: ["Open", "High", "Low", "Close"])
        XCTAssertNil(try read(YahooCSV(days: 10).text, options: four).ohlc)
    }

    func testOHLCWithoutTheColumnsNamesWhatIsMissing() {
        var options = LoadOptions()
        options.ohlc = .required(columns: nil)
        XCTAssertThrowsError(try read("date,Open,High,Close\n2024-01-02,4,6,5\n", options: options)) { error in
            XCTAssertEqual((error as? DataLoadError)?.exitCode, 64)
            let message = "\(error)"
            XCTAssertTrue(message.contains("p.csv"), message)
            XCTAssertTrue(message.contains("Low is not among its series (Open, High, Close)"), message)
        }
    }

    func testOHLCNamesItsColumns() throws {
        var options = LoadOptions()
        options.ohlc = .required(columns: ["o", "h", "l", "c"])
        let dataset = try read("t,c,h,l,o\n1,5,6,3,4\n2,6,7,4,5\n", options: options)
        XCTAssertEqual(dataset.ohlc, OHLCColumns(open: 3, high: 1, low: 2, close: 0))
        options.ohlc = .required(columns: ["o", "h", "l", "nope"])
        XCTAssertThrowsError(try read("t,c,h,l,o\n1,5,6,3,4\n", options: options)) { error in
            XCTAssertTrue("\(error)".contains("--ohlc"), "\(error)")
            XCTAssertTrue("\(error)".contains("nope"), "\(error)")
        }
    }

    func testOHLCKeepsCandlesWhenYReadsTheFour() throws {
        var options = LoadOptions(y: ["Open", "High", "Low", "Close"])
        options.ohlc = .required(columns: nil)
        XCTAssertNotNil(try read(YahooCSV(days: 10).text, options: options).ohlc)
        options.y = ["Close"]
        XCTAssertThrowsError(try read(YahooCSV(days: 10).text, options: options)) { error in
            XCTAssertTrue("\(error)".contains("not among the series --y reads"), "\(error)")
        }
    }
}
