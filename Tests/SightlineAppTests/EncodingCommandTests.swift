import Foundation
import XCTest

/// Files as spreadsheets and exports save them, through the real command line: gzip (a
/// file, standard input as a pipe and as a file), UTF-16 "Unicode text", a Latin-1
/// header, and binary files named for what they are.
final class EncodingCommandTests: ScratchFolderTestCase {
    private func shell(_ script: String) throws -> ProcessRunner.Result {
        try ProcessRunner.run("/bin/bash", ["-c", script], environment: ["BIN": ProcessRunner.sightline, "DIR": folder])
    }

    private let prices = "Date,Close\n2024-01-01,10\n2024-01-02,12\n2024-01-03,11\n2024-01-04,15\n"

    func testGzipOnStandardInputIsRead() throws {
        _ = try write(prices, to: "prices.csv")
        for command in [#"gzip -c "$DIR/prices.csv" | "$BIN" describe -"#,
                        #"gzip -c "$DIR/prices.csv" > "$DIR/p.gz" && "$BIN" describe - < "$DIR/p.gz""#,
                        #"gzip -c "$DIR/prices.csv" > "$DIR/prices.csv.gz" && "$BIN" describe "$DIR/prices.csv.gz""#] {
            let result = try shell(command)
            XCTAssertEqual(result.status, 0, "\(command): \(result.error)")
            XCTAssertTrue(result.output.hasPrefix("4 points from Jan 1, 2024 to Jan 4, 2024."), "\(command): \(result.output)")
            XCTAssertTrue(result.output.contains("Close rose from 10 to 15"), "\(command): \(result.output)")
        }
    }

    /// A broken gzip on standard input is refused with zlib's reason, exit 65.
    func testATruncatedGzipOnStandardInputIsRefused() throws {
        _ = try write(String(repeating: prices, count: 50), to: "prices.csv")
        let result = try shell(#"gzip -c "$DIR/prices.csv" | head -c 60 | "$BIN" describe -"#)
        XCTAssertEqual(result.status, 65, result.error)
        XCTAssertEqual(result.error, "sightline: standard input: a gzip file cut short: its data stops after 60 bytes, "
                       + "before its end (zlib: unexpected end of file)\n")
    }

    /// The picture of a `.csv.gz` is the picture of the CSV.
    func testAGzipFileRendersAsTheFileItHolds() throws {
        let csv = try write(prices, to: "prices.csv")
        XCTAssertEqual(try shell(#"gzip -k "$DIR/prices.csv""#).status, 0)
        for path in [csv, csv + ".gz"] {
            let result = try ProcessRunner.run(ProcessRunner.sightline, ["render", path, "--out", path + ".png", "--size", "200x120"])
            XCTAssertEqual(result.status, 0, result.error)
        }
        let plain = try Data(contentsOf: URL(fileURLWithPath: csv + ".png"))
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: csv + ".gz.png")), plain)
    }

    /// "Unicode text" (UTF-16LE with a mark, tabs, CRLF) and a Latin-1 header show their names.
    func testUTF16AndLatin1HeadersAreShownAsWritten() throws {
        let text = "Datum\tTemp (°C)\r\n2024-01-01\t1,5\r\n2024-01-02\t2,5\r\n"
        let unicode = "\(folder)/unicode.txt"
        try Data([0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
            .write(to: URL(fileURLWithPath: unicode))
        let latin1 = "\(folder)/latin1.csv"
        try Data(Array("Date,Temp (".utf8) + [0xB0] + Array("C)\n2024-01-01,1.5\n2024-01-02,2.5\n".utf8))
            .write(to: URL(fileURLWithPath: latin1))
        for path in [unicode, latin1] {
            let result = try ProcessRunner.run(ProcessRunner.sightline, ["describe", path])
            XCTAssertEqual(result.status, 0, result.error)
            XCTAssertTrue(result.output.contains("Temp (°C) rose from 1.5 to 2.5"), "\(path): \(result.output)")
        }
    }

    /// Each kind of binary file says what it is, by the file's name, with exit 65.
    func testBinaryFilesAreNamedForWhatTheyAre() throws {
        let files: [(name: String, bytes: [UInt8], says: String)] = [
            ("photo.png", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13], "a PNG image, not CSV or JSON data"),
            ("report.pdf", Array("%PDF-1.7\n".utf8), "a PDF document, not CSV or JSON data"),
            ("zeros.csv", [UInt8](repeating: 0, count: 4_096), "binary (a NUL byte at offset 0, on line 1), not CSV or JSON text"),
            ("prices.csv.xz", [0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00, 0x00], "an xz file: decompress it first (xz -dk "),
        ]
        for file in files {
            let path = "\(folder)/\(file.name)"
            try Data(file.bytes).write(to: URL(fileURLWithPath: path))
            let result = try ProcessRunner.run(ProcessRunner.sightline, ["describe", path])
            XCTAssertEqual(result.status, 65, "\(file.name): \(result.error)")
            XCTAssertTrue(result.error.hasPrefix("sightline: \(path): \(file.says)"), "\(file.name): \(result.error)")
        }
        let program = try ProcessRunner.run(ProcessRunner.sightline, ["describe", ProcessRunner.sightline])
        XCTAssertEqual(program.status, 65, program.error)
        XCTAssertTrue(program.error.contains("an ELF executable (a program), not CSV or JSON data"), program.error)
    }
}
