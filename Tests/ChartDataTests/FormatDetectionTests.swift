@testable import ChartData
import Foundation
import XCTest

/// The format comes from the name's extension, else from the content; a failed read
/// says which format it assumed and why.
final class FormatDetectionTests: XCTestCase {
    private func load(_ text: String, path: String) throws -> Dataset {
        try Array(text.utf8).withUnsafeBytes {
            try DatasetReader.load($0, path: path, source: path, options: LoadOptions(), tracker: nil)
        }
    }

    private func loadError(_ text: String, path: String) -> DataLoadError? {
        do {
            _ = try load(text, path: path)
            return nil
        } catch {
            return error as? DataLoadError
        }
    }

    func testTheExtensionDecidesFirst() {
        let json = "[{\"columns\": [[\"x\", 1, 2], [\"y0\", 3, 4]], \"types\": {\"x\": \"x\", \"y0\": \"line\"}}]"
        XCTAssertEqual(Array(json.utf8).withUnsafeBytes { DataFormat.choose(for: $0, path: "a.JSON").format }, .telegramJSON)
        for path in ["a.csv", "a.tsv", "a.txt"] {
            XCTAssertEqual(Array(json.utf8).withUnsafeBytes { DataFormat.choose(for: $0, path: path).format }, .csv, path)
        }
        XCTAssertEqual(Array(json.utf8).withUnsafeBytes { DataFormat.choose(for: $0, path: "-").format }, .telegramJSON)
        XCTAssertEqual(Array("x,y\n".utf8).withUnsafeBytes { DataFormat.choose(for: $0, path: "-").format }, .csv)
    }

    func testACSVHeaderStartingWithABracketIsReadAsCSV() throws {
        let text = "[time],value\n1,2\n2,3\n"
        XCTAssertEqual(try load(text, path: "-").series.map(\.name), ["value"])
        XCTAssertEqual(try load(text, path: "data").xs, [1, 2])
        XCTAssertEqual(try load(text, path: "data.csv").xs, [1, 2])
        XCTAssertEqual(try load("{a};{b}\n1;2\n2;3\n", path: "-").series.map(\.name), ["{b}"])
    }

    func testCSVInAJSONFileSaysItLooksLikeCSV() {
        let error = loadError("time,value\n1,2\n2,3\n", path: "prices.json")
        guard case let .readAs(format, because, inner)? = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertEqual(format, "Telegram chart JSON")
        XCTAssertTrue(because.contains(".json") && because.contains("looks like CSV"), because)
        XCTAssertEqual(error?.exitCode, inner.exitCode)
        XCTAssertTrue(error!.description.hasPrefix("prices.json:1:"), error!.description)
        XCTAssertTrue(error!.description.contains("(read as Telegram chart JSON because its name ends in .json; it looks like CSV"),
                      error!.description)
    }

    func testBrokenJSONWithoutAnExtensionSaysWhyItWasReadAsJSON() {
        let error = loadError("{\"columns\": [[\"x\", 1, 2], [\"y0\", 3, 4]],\n \"types\": {\"x\": \"x\", \"y0\": \"pie\"}}", path: "-")
        guard case .readAs("Telegram chart JSON", let because, .malformed)? = error else {
            return XCTFail("\(String(describing: error))")
        }
        XCTAssertEqual(because, "it starts with '{'")
        XCTAssertEqual(error?.exitCode, 65)
    }

    func testACSVFileNamedSoKeepsItsPlainMessage() {
        XCTAssertEqual(loadError("x,y\n1,2\n2,z\n", path: "a.csv")?.description,
                       "a.csv:3:2: expected a number in column \"y\", found \"z\"")
        XCTAssertTrue(loadError("x,y\n1,2\n2,z\n", path: "-")!.description
            .hasSuffix("(read as CSV because it does not start with '[' or '{')"))
    }
}
