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

    /// UTF-32 is refused; UTF-16 is read (`EncodingTests`).
    func testUTF32IsToldToBeSavedAsUTF8() throws {
        let text = "x,y\n1,2\n2,3\n"
        let utf32 = try write([0xFF, 0xFE, 0, 0] + text.unicodeScalars.flatMap { [UInt8($0.value), 0, 0, 0] }, to: "w.csv")
        XCTAssertEqual(refusal(utf32), "\(utf32): UTF-32 text: save it as UTF-8")
    }

    /// Other compressed files, spreadsheets saved as workbooks, a tar archive and a GIF,
    /// each named, with the command that opens a compressed one.
    func testArchivesAndWorkbooksAreNamed() throws {
        let csv = Array("x,y\n1,2\n2,3\n".utf8)
        let bzip2 = try write(Array("BZh91AY&SY".utf8) + [0, 0, 0, 0], to: "prices.csv.bz2")
        XCTAssertEqual(refusal(bzip2), "\(bzip2): a bzip2 file: decompress it first (bunzip2 -k \(bzip2))")
        let xz = try write([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00, 0x00, 0x04], to: "prices.csv.xz")
        XCTAssertEqual(refusal(xz), "\(xz): an xz file: decompress it first (xz -dk \(xz))")
        let zstd = try write([0x28, 0xB5, 0x2F, 0xFD, 0x04, 0x58], to: "prices.csv.zst")
        XCTAssertEqual(refusal(zstd), "\(zstd): a zstd file: decompress it first (zstd -d \(zstd))")
        // A workbook's zip entries, as Excel writes them: the names stored uncompressed.
        let entry = { (name: String) -> [UInt8] in
            [0x50, 0x4B, 0x03, 0x04] + [UInt8](repeating: 0, count: 22) + [UInt8(name.utf8.count), 0, 0, 0] + Array(name.utf8)
        }
        let xlsx = try write(entry("[Content_Types].xml") + [0x3C, 0x3F] + entry("xl/workbook.xml"), to: "prices.xlsx")
        XCTAssertEqual(refusal(xlsx), "\(xlsx): an Excel workbook (.xlsx), not CSV: save the sheet as CSV first")
        let ods = try write(entry("mimetype") + Array("application/vnd.oasis.opendocument.spreadsheet".utf8), to: "p.ods")
        XCTAssertEqual(refusal(ods), "\(ods): an OpenDocument spreadsheet (.ods), not CSV: save the sheet as CSV first")
        let plainZip = try write(entry("prices.csv") + csv, to: "prices.zip")
        XCTAssertEqual(refusal(plainZip), "\(plainZip): a zip archive: take the CSV or JSON file out of it first (unzip \(plainZip))")
        let xls = try write([0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1] + [UInt8](repeating: 0, count: 504), to: "old.xls")
        XCTAssertEqual(refusal(xls), "\(xls): an Excel 97–2003 workbook (.xls) or another old Office document, not CSV: "
                       + "save the sheet as CSV first")
        var tar = Array("prices.csv".utf8) + [UInt8](repeating: 0, count: 247) + Array("ustar".utf8)
        tar += [0, 0x30, 0x30] + [UInt8](repeating: 0, count: 512 - tar.count - 3) + csv
        let tarPath = try write(tar, to: "prices.tar")
        XCTAssertEqual(refusal(tarPath), "\(tarPath): a tar archive: take the CSV or JSON file out of it first")
        let gif = try write(Array("GIF89a".utf8) + [1, 0, 1, 0, 0, 0, 0], to: "chart.gif")
        XCTAssertEqual(refusal(gif), "\(gif): a GIF image, not CSV or JSON data")
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
