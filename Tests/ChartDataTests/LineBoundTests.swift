@testable import ChartData
import Foundation
import XCTest

/// A line has a bound (`LoadOptions.lineLimit`, 16 MB), in a mapped file as in a stream,
/// and so does a row's column count: past them the load stops with the line named,
/// before the line's fields are held in memory.
final class LineBoundTests: XCTestCase {
    /// A 17 MB line of `1,` without a line end took 470 MB and seconds to split into
    /// 8.5 million fields; it is refused from its length alone.
    func testALineWithoutAnEndPastTheBoundIsRefusedUnsplit() throws {
        let path = NSTemporaryDirectory() + "sightline-line-\(getpid()).csv"
        defer { unlink(path) }
        try Data(String(repeating: "1,", count: 8_500_000).utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try DatasetReader.read(path: path)) { error in
            XCTAssertEqual("\(error)", "\(path):1:1: expected a line end within 16 MB, found a longer line (is this a text file?)")
            XCTAssertEqual((error as? DataLoadError)?.exitCode, 65)
        }
    }

    /// A first line past the bound is told with memchr before anything walks it: its
    /// delimiter is not sniffed byte by byte (16 MB of that took seconds in a debug
    /// build) and none of its fields is split; within the bound, the same line is both.
    func testALineTooLongIsToldBeforeItIsSniffedOrSplit() {
        Array(String(repeating: "1;", count: 100).utf8).withUnsafeBytes { bytes in
            var scanner = CSVScanner(bytes: bytes, lineLimit: 100)
            XCTAssertEqual(scanner.delimiter, UInt8(ascii: ","), "the comma by default: the line was not sniffed")
            let (line, overflow) = scanner.readLine(maxBytes: 100, maxFields: 1_000)
            XCTAssertEqual(overflow, .bytes)
            XCTAssertTrue(line.fields.isEmpty)
            XCTAssertEqual(scanner.position, 0)

            var within = CSVScanner(bytes: bytes, lineLimit: 200)
            XCTAssertEqual(within.delimiter, UInt8(ascii: ";"))
            XCTAssertNil(within.readLine(maxBytes: 200, maxFields: 1_000).overflow)
        }
    }

    func testALongFirstLineIsNamed() {
        let options = LoadOptions(lineLimit: 100)
        XCTAssertEqual(loadError(String(repeating: "a", count: 101) + ",b\n1,2\n", options: options),
                       .lineTooLong(file: "t.csv", line: 1, limit: 100))
        XCTAssertEqual(loadError("\n\n" + String(repeating: "1,", count: 60) + "\n", options: options),
                       .lineTooLong(file: "t.csv", line: 3, limit: 100))
        // Quoted line ends make a line longer than its first physical line.
        let quoted = "\"a" + String(repeating: "\nb", count: 60) + "\",c\n1,2\n"
        XCTAssertEqual(loadError(quoted, options: options), .lineTooLong(file: "t.csv", line: 1, limit: 100))
        // At the bound, a line is read.
        XCTAssertNil(loadError(String(repeating: "a", count: 98) + ",b\n1,2\n2,3\n", options: options))
        XCTAssertNil(loadError(String(repeating: "a", count: 98) + ",b\r\n1,2\r\n2,3\r\n", options: options))
    }

    /// A long row after the first is named by its line, whether the rows are read in
    /// order or in stretches side by side; its long cell is never parsed.
    func testALongRowFurtherOnIsNamedByItsLine() {
        let options = LoadOptions(lineLimit: 100)
        let long = "7," + String(repeating: "9", count: 200)
        XCTAssertEqual(loadError("x,y\n1,2\n" + long + "\n3,4\n", options: options),
                       .lineTooLong(file: "t.csv", line: 3, limit: 100))
        let rows = (0..<2_000).map { "\($0),\($0 % 7)" }
        let text = "x,y\n" + (rows[..<1_500] + [long] + rows[1_500...]).joined(separator: "\n") + "\n"
        XCTAssertEqual(loadError(text, options: options, loader: CSVLoader(threads: 4, bytesPerThread: 1_000)),
                       .lineTooLong(file: "t.csv", line: 1_502, limit: 100))
        XCTAssertEqual(loadError(text, options: options, loader: CSVLoader(threads: 1)),
                       .lineTooLong(file: "t.csv", line: 1_502, limit: 100))
    }

    func testMoreColumnsThanTheLimitAreRefused() {
        let options = LoadOptions(columnLimit: 10)
        let error = loadError((0...10).map { "c\($0)" }.joined(separator: ",") + "\n" + (0...10).map(String.init).joined(separator: ","),
                              options: options)
        XCTAssertEqual(error?.description, "t.csv:1:11: expected at most 10 columns, found more (is the delimiter right?)")
        XCTAssertEqual(error?.exitCode, 65)
        XCTAssertNil(loadError((0..<10).map { "c\($0)" }.joined(separator: ",") + "\n" + (0..<10).map(String.init).joined(separator: ",")
                                + "\n" + (0..<10).map(String.init).joined(separator: ","), options: options))
    }
}
