@testable import ChartData
import Foundation
import XCTest

/// Text as spreadsheets save it: UTF-8 with a byte order mark, "Unicode text" (UTF-16
/// with a mark, tab-separated, CRLF), UTF-16 without a mark, and Latin-1 headers.
final class EncodingTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "sightline-encoding-\(getpid())-\(name.filter(\.isLetter))"
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

    private func utf16(_ text: String, bigEndian: Bool, mark: Bool = true) -> [UInt8] {
        let units = (mark ? [0xFEFF] : []) + Array(text.utf16)
        return units.flatMap { bigEndian ? [UInt8($0 >> 8), UInt8($0 & 0xFF)] : [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    }

    /// What Excel's and LibreOffice's "Unicode text" writes.
    private let unicodeText = "Datum\tTemp (°C)\tRegen\r\n2024-01-01\t1,5\t0\r\n2024-01-02\t2,5\t1\r\n2024-01-03\t3\t2\r\n"

    /// A file of a byte order mark alone is not called empty, 0 bytes: it has two or three.
    func testAByteOrderMarkAloneIsNamedAsSuch() throws {
        for (bytes, name) in [([UInt8]([0xEF, 0xBB, 0xBF]), "utf8"), ([0xFF, 0xFE], "le"), ([0xFE, 0xFF], "be")] {
            let path = try write(bytes, to: "\(name).csv")
            XCTAssertThrowsError(try DatasetReader.read(path: path, options: LoadOptions()), name) {
                XCTAssertTrue(String(describing: $0).hasSuffix(": the file holds only a byte order mark, no text"),
                              String(describing: $0))
            }
        }
        let empty = try write([], to: "empty.csv")
        XCTAssertThrowsError(try DatasetReader.read(path: empty, options: LoadOptions())) {
            XCTAssertTrue(String(describing: $0).hasSuffix(": the file is empty (0 bytes)"), String(describing: $0))
        }
    }

    func testAUTF8ByteOrderMarkIsNotPartOfTheFirstName() throws {
        for header in ["Date,Close", "\"Date\",\"Close\""] {
            let path = try write(Array("\u{FEFF}\(header)\n2024-01-01,1\n2024-01-02,2\n".utf8), to: "bom.csv")
            let dataset = try DatasetReader.read(path: path, options: LoadOptions(x: "Date", y: ["Close"]))
            XCTAssertEqual(dataset.series.map(\.name), ["Close"], header)
            XCTAssertEqual(dataset.xs.first, 1_704_067_200, header)
        }
    }

    func testUTF16WithAByteOrderMarkIsReadInEitherOrder() throws {
        for bigEndian in [false, true] {
            let path = try write(utf16(unicodeText, bigEndian: bigEndian), to: "unicode-\(bigEndian).txt")
            let dataset = try DatasetReader.read(path: path)
            XCTAssertEqual(dataset.series.map(\.name), ["Temp (°C)", "Regen"], "big endian: \(bigEndian)")
            XCTAssertEqual(dataset.series[0].ys, [1.5, 2.5, 3], "big endian: \(bigEndian)")
            XCTAssertEqual(dataset.series[1].ys, [0, 1, 2])
            XCTAssertEqual(dataset.xs.count, 3)
        }
    }

    /// A bad cell is named by the file's own line, as in a UTF-8 file.
    func testABadValueInUTF16IsNamedByItsLine() throws {
        let text = unicodeText.replacingOccurrences(of: "2024-01-03\t3", with: "2024-01-03\tn/v")
        for bigEndian in [false, true] {
            let path = try write(utf16(text, bigEndian: bigEndian), to: "bad-\(bigEndian).txt")
            XCTAssertThrowsError(try DatasetReader.read(path: path)) { error in
                XCTAssertEqual("\(error)", "\(path):4:2: expected a number in column \"Temp (°C)\", found \"n/v\"")
                XCTAssertEqual((error as? DataLoadError)?.exitCode, 65)
            }
        }
    }

    /// UTF-16 without a mark is told by ASCII beside NULs at its start.
    func testUTF16WithoutAMarkIsRecognised() throws {
        for bigEndian in [false, true] {
            let path = try write(utf16("x,y\n1,2\n2,3\n", bigEndian: bigEndian, mark: false), to: "plain-\(bigEndian).csv")
            let dataset = try DatasetReader.read(path: path)
            XCTAssertEqual(dataset.series.first?.ys, [2, 3], "big endian: \(bigEndian)")
        }
    }

    /// Standard input (a pipe) is transcoded alike.
    func testUTF16IsReadFromAStream() throws {
        var ends: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&ends), 0)
        let bytes = utf16(unicodeText, bigEndian: false)
        XCTAssertEqual(Glibc.write(ends[1], bytes, bytes.count), bytes.count)
        close(ends[1])
        defer { close(ends[0]) }
        let read = try StreamReader.read(ends[0], source: "standard input", options: LoadOptions())
        let dataset = try read.withUnsafeBytes {
            try DatasetReader.load($0, path: "-", source: "standard input", options: LoadOptions(), tracker: nil)
        }
        XCTAssertEqual(dataset.series.map(\.name), ["Temp (°C)", "Regen"])
    }

    /// Any text, of any scalars (astral ones as surrogate pairs), transcodes to its UTF-8;
    /// an unpaired surrogate and an odd last byte become U+FFFD.
    func testTranscodingMatchesTheStandardLibraryForRandomText() throws {
        var generator = SplitMix64(seed: 25)
        let ranges: [ClosedRange<UInt32>] = [0x20...0x7E, 0xA0...0x7FF, 0x800...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF]
        for round in 0..<200 {
            let scalars = (0..<Int.random(in: 0...300, using: &generator)).map { _ in
                Unicode.Scalar(UInt32.random(in: ranges.randomElement(using: &generator)!, using: &generator))!
            }
            let text = String(String.UnicodeScalarView(scalars))
            for bigEndian in [false, true] {
                let bytes = utf16(text, bigEndian: bigEndian)
                let output = try bytes.withUnsafeBytes {
                    try UTF16Text.transcode($0, order: bigEndian ? .bigEndian : .littleEndian, markLength: 2, source: "t",
                                            options: LoadOptions(), tracker: nil)
                }
                XCTAssertEqual(output.withUnsafeBytes { Array($0) }, Array(text.utf8), "round \(round)")
            }
        }
        let broken: [UInt8] = [0x41, 0x00, 0x00, 0xD8, 0x42, 0x00, 0x43]
        let output = try broken.withUnsafeBytes {
            try UTF16Text.transcode($0, order: .littleEndian, markLength: 0, source: "t", options: LoadOptions(), tracker: nil)
        }
        XCTAssertEqual(String(decoding: output.withUnsafeBytes { Array($0) }, as: UTF8.self), "A\u{FFFD}B\u{FFFD}")
    }

    /// The UTF-8 a UTF-16 file becomes is held within the memory budget, or refused.
    func testTranscodingPastTheMemoryBudgetIsRefusedByName() throws {
        let rows = String(repeating: "2024-01-01\t1\r\n", count: 40_000)
        let path = try write(utf16("Datum\tWert\r\n" + rows, bigEndian: false), to: "big.txt")
        let options = LoadOptions(memory: MemoryBudget(availableBytes: 100_000))
        XCTAssertThrowsError(try DatasetReader.read(path: path, options: options)) { error in
            guard case .tooLarge(path, let what, _, 100_000, _)? = error as? DataLoadError else { return XCTFail("\(error)") }
            XCTAssertTrue(what.hasPrefix("converting it from UTF-16"), what)
        }
    }

    /// Progress runs from 0 to the whole, in order: the transcoding, then the parse.
    func testProgressCoversTranscodingAndParsing() throws {
        let rows = (0..<30_000).map { "\($0)\t\($0 % 7)\r\n" }.joined()
        let path = try write(utf16("x\ty\r\n" + rows, bigEndian: false), to: "progress.txt")
        let reports = LockedReports()
        _ = try DatasetReader.read(path: path, options: LoadOptions()) { done, total in reports.add(Double(done) / Double(total)) }
        let fractions = reports.values
        XCTAssertEqual(fractions.last, 1)
        XCTAssertEqual(fractions, fractions.sorted(), "never goes back")
        XCTAssertTrue(fractions.contains { $0 > 0 && $0 <= 0.5 } && fractions.contains { $0 > 0.5 && $0 < 1 }, "\(fractions)")
    }

    /// A header in Windows-1252 (Latin-1) shows as its characters; UTF-8 stays UTF-8.
    func testALatin1HeaderIsShownAsWhatItIs() throws {
        let latin1: [UInt8] = Array("Date,Temp (".utf8) + [0xB0] + Array("C),Preis ".utf8) + [0x80]
            + Array(",\"Gr".utf8) + [0xF6, 0xDF] + Array("e\"\n2024-01-01,1.5,2,3\n2024-01-02,2.5,3,4\n".utf8)
        let path = try write(latin1, to: "latin1.csv")
        XCTAssertEqual(try DatasetReader.read(path: path).series.map(\.name), ["Temp (°C)", "Preis €", "Größe"])
        let utf8 = try write(Array("Date,Temp (°C),Größe\n2024-01-01,1.5,2\n".utf8), to: "utf8.csv")
        XCTAssertEqual(try DatasetReader.read(path: utf8).series.map(\.name), ["Temp (°C)", "Größe"])
        XCTAssertEqual(String(nameBytes: [0x93, 0x41, 0x94, 0x81]), "\u{201C}A\u{201D}\u{81}")
    }
}

/// Progress reports, from whichever thread the loader reports on.
private final class LockedReports: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [Double] = []

    func add(_ value: Double) {
        lock.lock()
        list.append(value)
        lock.unlock()
    }

    var values: [Double] {
        lock.lock()
        defer { lock.unlock() }
        return list
    }
}
