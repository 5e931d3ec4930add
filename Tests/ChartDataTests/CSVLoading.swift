@testable import ChartData
import XCTest

/// Loading CSV text as a file named `t.csv`, shared by the suites that check what a
/// load reads and the messages it fails with.
extension XCTestCase {
    func loadCSV(_ text: String, source: String = "t.csv", options: LoadOptions = LoadOptions(),
                 loader: CSVLoader = CSVLoader()) throws -> Dataset {
        try Array(text.utf8).withUnsafeBytes { try loader.load($0, source: source, options: options, tracker: nil) }
    }

    /// The error loading `text` fails with, or `nil` when it loads; an error of another
    /// type fails the test.
    func loadError(_ text: String, source: String = "t.csv", options: LoadOptions = LoadOptions(),
                   loader: CSVLoader = CSVLoader(), file: StaticString = #filePath, line: UInt = #line) -> DataLoadError? {
        do {
            _ = try loadCSV(text, source: source, options: options, loader: loader)
            return nil
        } catch let error as DataLoadError {
            return error
        } catch {
            XCTFail("not a DataLoadError: \(error)", file: file, line: line)
            return nil
        }
    }

    /// The message of the data error (exit 65) loading `text` fails with, or `nil`
    /// when it loads.
    func dataErrorMessage(_ text: String, options: LoadOptions = LoadOptions(),
                          file: StaticString = #filePath, line: UInt = #line) -> String? {
        guard let error = loadError(text, options: options, file: file, line: line) else { return nil }
        XCTAssertEqual(error.exitCode, 65, "\(error)", file: file, line: line)
        return error.description
    }
}
