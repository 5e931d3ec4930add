@testable import ChartData
import Foundation
import XCTest

/// Files that are not text are named for what they are, mapped or streamed, exit 65.
final class BinaryContentTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "sightline-binary-\(getpid())-\(name.filter(\.isLetter))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func write(_ bytes: [UInt8], to name: String) throws -> String {
        let path = "\(folder)/\(name)"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The message `DatasetReader` gives for `path`, checked to be a binary refusal (65).
    private func refusal(_ path: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        do {
            _ = try DatasetReader.read(path: path)
            XCTFail("\(path) was read", file: file, line: line)
        } catch let error as DataLoadError {
            guard case .binary(path, _) = error else {
                XCTFail("not a binary refusal: \(error)", file: file, line: line)
                return ""
            }
            XCTAssertEqual(error.exitCode, 65, file: file, line: line)
            return error.description
        } catch {
            XCTFail("\(error)", file: file, line: line)
        }
        return ""
    }

    func testKnownFormatsAreNamed() throws {
        let csv = Array("x,y\n1,2\n2,3\n".utf8)
        let gzip = try write([0x1F, 0x8B, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03] + csv, to: "prices.csv.gz")
        XCTAssertEqual(refusal(gzip), "\(gzip): a gzip file: decompress it first (gunzip \(gzip))")
        let png = try write([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8), to: "chart.png")
        XCTAssertEqual(refusal(png), "\(png): a PNG image, not CSV or JSON data")
        let jpeg = try write([0xFF, 0xD8, 0xFF, 0xE0, 0, 16] + Array("JFIF".utf8), to: "photo.csv")
        XCTAssertEqual(refusal(jpeg), "\(jpeg): a JPEG image, not CSV or JSON data")
        XCTAssertEqual(refusal("/proc/self/exe"), "/proc/self/exe: an ELF executable (a program), not CSV or JSON data")
        let pdf = try write(Array("%PDF-1.7\n1 0 obj\n".utf8), to: "report.csv")
        XCTAssertEqual(refusal(pdf), "\(pdf): a PDF document, not CSV or JSON data")
        let zip = try write([0x50, 0x4B, 0x03, 0x04, 0x14, 0] + csv, to: "data.zip")
        XCTAssertEqual(refusal(zip), "\(zip): a zip archive: take the CSV or JSON file out of it first (unzip \(zip))")
    }

    func testUTF16IsToldToBeSavedAsUTF8() throws {
        let text = "x,y\n1,2\n2,3\n"
        let little = try write([0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }, to: "le.csv")
        XCTAssertEqual(refusal(little), "\(little): UTF-16 text: save it as UTF-8")
        let big = try write([0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }, to: "be.csv")
        XCTAssertEqual(refusal(big), "\(big): UTF-16 text: save it as UTF-8")
        let unmarked = try write(text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }, to: "plain.csv")
        XCTAssertEqual(refusal(unmarked), "\(unmarked): UTF-16 text (without a byte order mark): save it as UTF-8")
        let utf32 = try write([0xFF, 0xFE, 0, 0] + text.unicodeScalars.flatMap { [UInt8($0.value), 0, 0, 0] }, to: "w.csv")
        XCTAssertEqual(refusal(utf32), "\(utf32): UTF-32 text: save it as UTF-8")
    }

    /// Zeros, a sparse file, and a stray NUL in text: the offset and line are named.
    func testANULByteInTheFirst64KBIsBinary() throws {
        let zeros = try write([UInt8](repeating: 0, count: 100_000), to: "zeros")
        XCTAssertEqual(refusal(zeros), "\(zeros): binary (a NUL byte at offset 0, on line 1), not CSV or JSON text")
        let sparse = "\(folder)/sparse.csv"
        XCTAssertTrue(FileManager.default.createFile(atPath: sparse, contents: nil))
        XCTAssertEqual(truncate(sparse, 1 << 20), 0)
        XCTAssertEqual(refusal(sparse), "\(sparse): binary (a NUL byte at offset 0, on line 1), not CSV or JSON text")
        let stray = try write(Array("x,y\n1,2\n2,".utf8) + [0] + Array("3\n".utf8), to: "stray.csv")
        XCTAssertEqual(refusal(stray), "\(stray): binary (a NUL byte at offset 10, on line 3), not CSV or JSON text")
        // Past the first 64 KB, a NUL is a bad cell like any other, named by line and column.
        let late = try write(Array(("x,y\n" + String(repeating: "1,2\n", count: 20_000) + "2,").utf8) + [0, 0x0A],
                             to: "late.csv")
        XCTAssertThrowsError(try DatasetReader.read(path: late)) { error in
            guard case .malformed(late, 20_002, 2, _, _)? = error as? DataLoadError else { return XCTFail("\(error)") }
        }
    }

    /// Standard input as a pipe is told apart the same way, and `gunzip -c` is suggested.
    func testStreamsAreNamedAlike() throws {
        var ends: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&ends), 0)
        let bytes: [UInt8] = [0x1F, 0x8B, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03, 0x4B, 0x4C]
        XCTAssertEqual(Glibc.write(ends[1], bytes, bytes.count), bytes.count)
        close(ends[1])
        defer { close(ends[0]) }
        XCTAssertThrowsError(try StreamReader.read(ends[0], source: "standard input", options: LoadOptions())) { error in
            XCTAssertEqual("\(error)", "standard input: a gzip file: decompress it first (pipe it through gunzip -c)")
            XCTAssertEqual((error as? DataLoadError)?.exitCode, 65)
        }
    }

    /// Text is not binary: ASCII, UTF-8 with a byte order mark, and non-ASCII UTF-8.
    func testTextIsNotBinary() {
        for text in ["x,y\n1,2\n", "\u{FEFF}x,y\n1,2\n", "Zeit;Wert\n1;2,5\n", "é,ü\n1,2\n", ""] {
            let bytes = Array(text.utf8)
            bytes.withUnsafeBytes { XCTAssertNil(BinaryContent.identify($0), text) }
        }
    }
}
