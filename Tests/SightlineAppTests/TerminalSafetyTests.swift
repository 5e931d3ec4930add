import Foundation
import XCTest

/// Whatever a file or a flag holds, what reaches the terminal has no control characters
/// but line ends (escape sequences are shown as `\x1b`), and no message floods it.
final class TerminalSafetyTests: ScratchFolderTestCase {
    private func assertSafe(_ text: String, _ context: String, file: StaticString = #filePath, line: UInt = #line) {
        let controls = text.unicodeScalars.filter { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) }
        XCTAssertTrue(controls.isEmpty, "\(context): raw control characters \(controls.map(\.value)) in \(text.debugDescription)",
                      file: file, line: line)
    }

    private func render(_ arguments: [String]) throws -> ProcessRunner.Result {
        try ProcessRunner.run(ProcessRunner.sightline, ["render"] + arguments + ["--out", "\(folder)/out.png"])
    }

    func testEscapeSequencesInInputAreShownEscaped() throws {
        let clear = "\u{1b}[2J", title = "\u{1b}]0;owned\u{07}"
        let name = "\(folder)/data\(clear).csv"
        try "x,y\n1,2\n".write(toFile: "\(folder)/cell.csv", atomically: true, encoding: .utf8)
        let cases: [(String, [String], String?)] = [
            ("file name", [name], nil),
            ("CSV cell", ["\(folder)/cell.csv"], "x,y\n1,2\n2,a\(clear)b\n"),
            ("CSV header", ["\(folder)/header.csv", "--y", "nope"], "x,\(title)\n1,2\n2,3\n"),
            ("JSON name", ["\(folder)/c.json", "--y", "nope"],
             ##"{"columns":[["x",1,2],["y0",1,2]],"types":{"y0":"line","x":"x"},"names":{"y0":"\u001b[2J"},"colors":{"y0":"#000"}}"##),
            ("flag value", ["\(folder)/cell.csv", "--x-range", title], nil),
            ("column flag", ["\(folder)/cell.csv", "--y", clear], nil),
        ]
        for (context, arguments, content) in cases {
            if let content { try content.write(toFile: arguments[0], atomically: true, encoding: .utf8) }
            let result = try render(arguments)
            XCTAssertNotEqual(result.status, 0, context)
            XCTAssertFalse(result.error.isEmpty, context)
            assertSafe(result.error, context)
            assertSafe(result.output, context)
        }
    }

    /// 100,000 columns and `--y` naming none of them: the listing shows a few names and
    /// "and N more", not 2.7 MB.
    func testListingsOfAvailableNamesAreShort() throws {
        let header = (0..<100_000).map { "column\($0)" }.joined(separator: ",")
        let row = (0..<100_000).map { _ in "1" }.joined(separator: ",")
        let path = "\(folder)/wide.csv"
        try "\(header)\n\(row)\n\(row)\n".write(toFile: path, atomically: true, encoding: .utf8)
        let result = try render([path, "--y", "absent"])
        XCTAssertEqual(result.status, 64, result.error)
        XCTAssertLessThan(result.error.utf8.count, 4000, "a short listing")
        XCTAssertTrue(result.error.contains("more"), result.error)
    }
}
