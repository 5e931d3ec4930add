@testable import ChartData
import XCTest

/// Numbers grouped by thousands as spreadsheets export them are read where the whole
/// column agrees on the grouping, and named as not numbers where it does not.
final class GroupedNumberTests: XCTestCase {
    /// Each was "no numeric column besides the x column" (or an error) before.
    func testSpreadsheetExportsAreRead() throws {
        XCTAssertEqual(try loadCSV("x,v\n1,\"1,234.5\"\n2,\"12,345,678\"\n3,7.25\n").series[0].ys, [1234.5, 12_345_678, 7.25])
        XCTAssertEqual(try loadCSV("x;v\n1;1.234,5\n2;12.345.678\n3;7,25\n").series[0].ys, [1234.5, 12_345_678, 7.25])
        XCTAssertEqual(try loadCSV("x;v\n1;1 234,5\n2;1\u{A0}000\n3;1\u{202F}000\n4;7,25\n").series[0].ys, [1234.5, 1000, 1000, 7.25])
        XCTAssertEqual(try loadCSV("x,v\n1,1'234.5\n2,1’000\n3,-2'000'000\n").series[0].ys, [1234.5, 1000, -2_000_000])
        // Grouped x values, and a quoted grouped number in the first row (found numeric).
        XCTAssertEqual(try loadCSV("x,v\n\"1,000\",1\n\"2,000\",2\n").xs.map { $0 }, [1000, 2000])
    }

    /// `1,234` in a `;` file, where a comma is the decimal mark, is one point two three
    /// four; in a column that groups with `.`, `1.234` is a thousand and more.
    func testAnAmbiguousCellFollowsItsColumn() throws {
        XCTAssertEqual(try loadCSV("x;v\n1;1,234\n2;2,5\n").series[0].ys, [1.234, 2.5])
        XCTAssertEqual(try loadCSV("x;v\n1;1.234\n2;2.5\n").series[0].ys, [1.234, 2.5])
        XCTAssertEqual(try loadCSV("x;v\n1;1.234\n2;1.234,5\n3;1,234\n").series[0].ys, [1234, 1234.5, 1.234])
        XCTAssertEqual(try loadCSV("x;v\n1;1,234\n2;1,234.5\n3;1.5\n").series[0].ys, [1234, 1234.5, 1.5])
        // Read in stretches side by side too.
        let rows = (0..<3_000).map { "\($0);\($0 % 9 + 1).\(100 + $0 % 900)" } + ["3000;1.234.567,5"]
        let wide = try Array(("x;v\n" + rows.joined(separator: "\n")).utf8).withUnsafeBytes {
            try CSVLoader(threads: 4, bytesPerThread: 4_000).load($0, source: "t.csv")
        }
        XCTAssertEqual(wide.series[0].ys[5], Double(6 * 1000 + 105))
        XCTAssertEqual(wide.series[0].ys.last, 1_234_567.5)
    }

    /// A column whose first rows show its grouping is read once, with that grouping: each
    /// byte is told to the tracker once (a `.`-grouped column was read twice, and the
    /// first read's columns held while the second was made).
    func testAColumnGroupedInItsFirstRowsIsReadOnce() throws {
        let rows = (0..<5_000).map { "\($0);\($0 % 9 + 1).\(100 + $0 % 900),5" }
        let bytes = Array(("x;v\n" + rows.joined(separator: "\n") + "\n").utf8)
        for loader in [CSVLoader(threads: 1), CSVLoader(threads: 4, bytesPerThread: 8_000)] {
            var told = 0
            let tracker = ReadTracker(total: bytes.count, progress: nil, release: { told += $0.count })
            let dataset = try bytes.withUnsafeBytes {
                try loader.load($0, source: "t.csv", options: LoadOptions(), tracker: tracker)
            }
            XCTAssertEqual(told, bytes.count, "each byte read once")
            XCTAssertEqual(Array(dataset.series[0].ys[..<2]), [1_100.5, 2_101.5])
            XCTAssertEqual(dataset.series[0].ys.count, 5_000)
        }
    }

    /// A mark assumed from the first rows that later rows settle two ways: here the
    /// first rows group with a space and show no decimal mark; row 200 settles '.', row
    /// 300 settles ',', so row 300 is named with the line that settled '.'.
    func testAGuessProvedWrongLaterIsReadAgain() {
        let rows = (0..<400).map { k in k == 200 ? "\(k);2.5" : k == 300 ? "\(k);1 234,5" : "\(k);1 \(100 + k)" }
        XCTAssertEqual(dataErrorMessage("x;v\n" + rows.joined(separator: "\n")),
                       "t.csv:302:2: expected a number with '.' marking decimals, as line 202 settled it (\"2.5\"), "
                       + "in column \"v\", found \"1 234,5\" (',' marking decimals)")
    }

    /// A column that groups two ways, or uses its group mark as a decimal mark, or has
    /// groups other than three digits, is not read as grouped: the cell is named.
    func testAColumnThatDisagreesIsNamed() {
        XCTAssertEqual(dataErrorMessage("x;v\n1;1.234,5\n2;2.5\n"),
                       "t.csv:3:2: expected a number with ',' marking decimals, as line 2 settled it (\"1.234,5\"), "
                       + "in column \"v\", found \"2.5\" ('.' marking decimals)")
        XCTAssertEqual(dataErrorMessage("x;v\n1;1,234.5\n2;1.234,5\n"),
                       "t.csv:3:2: expected a number with '.' marking decimals, as line 2 settled it (\"1,234.5\"), "
                       + "in column \"v\", found \"1.234,5\" (',' marking decimals)")
        // In a comma-separated file a comma is no decimal mark, grouped or not.
        XCTAssertEqual(dataErrorMessage("x,v\n1,\"1,234.5\"\n2,\"1.234,5\"\n"), "t.csv:3:2: expected a number in column \"v\", found \"1.234,5\"")
        XCTAssertEqual(dataErrorMessage("x;v\n1;1 234,5\n2;1'234,5\n"),
                       "t.csv:3:2: expected a number written as on line 2, \"1 234,5\" (a space groups thousands and ',' "
                       + "marks decimals), in column \"v\", found \"1'234,5\"")
        for cell in ["\"1,23,456\"", "\"1,2345\"", "\"12,34\"", "\"0,123\"", "\"1,,234\"", "\"1, 234\"", "\",123\"", "\"1,234e5\""] {
            XCTAssertEqual(dataErrorMessage("x,v\n1,5\n2,\(cell)\n"),
                           "t.csv:3:2: expected a number in column \"v\", found \(cell)", cell)
        }
    }

    /// For all values and every grouping style, a value formatted with grouping reads
    /// back as the same Double as its plain digits, cell by cell and through a column.
    func testFormattedValuesReadBackForAllStyles() throws {
        let styles: [(group: String, decimal: String)] = [
            (",", "."), (".", ","), (" ", ","), (" ", "."), ("\u{A0}", ","), ("\u{202F}", ","), ("'", "."), ("’", "."),
        ]
        var random = SplitMix64(seed: 20_261_125)
        for (group, decimal) in styles {
            // A value that groups twice and has decimals anchors each column's style.
            var cells = [format(integer: "1234567", fraction: "25", negative: false, group: group, decimal: decimal)]
            var expected = [1_234_567.25]
            for _ in 0..<400 {
                let digits = Int(random.next() % 13)
                let integer = String(random.next() % UInt64(pow(10.0, Double(digits)) + 1))
                let fraction = String(String(random.next()).prefix(Int(random.next() % 4)))
                let negative = random.next() % 2 == 0
                let cell = format(integer: integer, fraction: fraction, negative: negative, group: group, decimal: decimal)
                let plain = (negative ? "-" : "") + integer + (fraction.isEmpty ? "" : "." + fraction)
                guard let value = Double(plain) else { return XCTFail(plain) }
                cells.append(cell)
                expected.append(value)
                let bytes = Array(cell.utf8)
                let read = bytes.withUnsafeBytes { GroupedNumber.parse($0, from: 0, to: $0.count) }
                if integer.count > 3 || cell.contains(group) {
                    XCTAssertEqual(read?.value, value, "\(cell) in style \(group) \(decimal)")
                }
            }
            // Through the loader: a `;` file, and a quoted comma file where ',' is no decimal mark.
            let semicolon = "x;v\n" + cells.enumerated().map { "\($0);\($1)" }.joined(separator: "\n")
            XCTAssertEqual(Array(try loadCSV(semicolon).series[0].ys), expected, "; file, style \(group) \(decimal)")
            if decimal == "." {
                let comma = "x,v\n" + cells.enumerated().map { "\($0),\"\($1)\"" }.joined(separator: "\n")
                XCTAssertEqual(Array(try loadCSV(comma).series[0].ys), expected, ", file, style \(group) \(decimal)")
            }
        }
    }

    private func format(integer: String, fraction: String, negative: Bool, group: String, decimal: String) -> String {
        var grouped = ""
        for (k, digit) in integer.enumerated() {
            if k > 0, (integer.count - k) % 3 == 0 { grouped += group }
            grouped.append(digit)
        }
        return (negative ? "-" : "") + grouped + (fraction.isEmpty ? "" : decimal + fraction)
    }
}
