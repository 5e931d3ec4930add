@testable import ChartData
import XCTest

/// A column's decimal mark is settled by the cells that show it, else follows the file's
/// other columns, else the European reading of a `;` or tab file, with one warning.
final class DecimalMarkTests: XCTestCase {
    /// `Menge` shows no decimal mark; `Umsatz` settles ',' so `1.009` is a thousand and nine
    /// (it read 1.009 silently).
    func testAnOpenColumnFollowsTheFileColumns() throws {
        let text = "Date;Umsatz;Menge\n2024-01-01;1.177,09;1.009\n2024-01-02;2.000,5;8.003\n"
            + "2024-01-03;3,25;965\n2024-01-04;4.100,00;1.100\n"
        let dataset = try loadCSV(text)
        XCTAssertEqual(dataset.series[0].ys, [1177.09, 2000.5, 3.25, 4100])
        XCTAssertEqual(dataset.series[1].ys, [1009, 8003, 965, 1100])
        XCTAssertEqual(dataset.warnings, [], "the file's other column settled the mark")
    }

    /// Nothing settles it: the European reading, said once.
    func testNothingSettlesItTheEuropeanReadingIsWarned() throws {
        let dataset = try loadCSV("x;Menge\n1;965\n2;1.009\n3;1.100\n4;980\n")
        XCTAssertEqual(dataset.series[0].ys, [965, 1009, 1100, 980])
        XCTAssertEqual(dataset.warnings.count, 1)
        XCTAssertTrue(dataset.warnings[0].contains("column \"Menge\""), dataset.warnings[0])
        XCTAssertTrue(dataset.warnings[0].contains("\"1.009\" on line 3 as 1009"), dataset.warnings[0])
        XCTAssertEqual(try loadCSV("x\ty\n1\t1,234\n2\t2\n").series[0].ys, [1.234, 2])
        XCTAssertEqual(try loadCSV("x;y\n1;965\n2;980\n").warnings, [], "integers read the same either way")
    }

    /// In a comma-separated file `"1,234"` is a thousand and more and `1.234` one point
    /// two three four, as before; a column of only `"d,ddd"` cells says so once.
    func testACommaFileSaysHowItReadAnOpenComma() throws {
        let dataset = try loadCSV("x,v,w\n1,\"1,234\",\"2,500\"\n2,1.234,7\n")
        XCTAssertEqual(dataset.series[0].ys, [1234, 1.234])
        XCTAssertEqual(dataset.series[1].ys, [2500, 7])
        XCTAssertEqual(dataset.warnings.count, 1)
        XCTAssertTrue(dataset.warnings[0].contains("columns \"v\", \"w\"; a comma never marks decimals"), dataset.warnings[0])
        XCTAssertTrue(dataset.warnings[0].hasSuffix("(\"1,234\" on line 2 as 1234)"), dataset.warnings[0])
        XCTAssertEqual(try loadCSV("x,v\n1,\"1,234\"\n2,1.5\n").warnings, [], "1.5 settles '.'")
        XCTAssertEqual(try loadCSV("x,v\n1,\"1,234,567\"\n2,3\n").warnings, [], "two commas group")
    }

    /// One column, two decimal marks: an error naming the cell and the line that settled it
    /// (both read silently before).
    func testTwoDecimalMarksInAColumnAreAnError() {
        XCTAssertEqual(dataErrorMessage("x;y\n1;1.234\n2;5,5\n3;1.5\n"),
                       "t.csv:4:2: expected a number with ',' marking decimals, as line 3 settled it (\"5,5\"), "
                       + "in column \"y\", found \"1.5\" ('.' marking decimals)")
        XCTAssertEqual(dataErrorMessage("x;y\n1;0,5\n2;1.5\n"),
                       "t.csv:3:2: expected a number with ',' marking decimals, as line 2 settled it (\"0,5\"), "
                       + "in column \"y\", found \"1.5\" ('.' marking decimals)")
        // Settled by a later row than the survey's, in stretches read side by side.
        let rows = (0..<3_000).map { "\($0);\($0 % 9 + 1)" } + ["3000;2,5", "3001;7.25"]
        let error = Array(("x;y\n" + rows.joined(separator: "\n")).utf8).withUnsafeBytes { bytes -> String? in
            do {
                _ = try CSVLoader(threads: 4, bytesPerThread: 4_000).load(bytes, source: "t.csv")
                return nil
            } catch { return (error as? DataLoadError)?.description }
        }
        XCTAssertEqual(error, "t.csv:3003:2: expected a number with ',' marking decimals, as line 3002 settled it "
                       + "(\"2,5\"), in column \"y\", found \"7.25\" ('.' marking decimals)")
    }

    /// A column open in its first rows that a row far on settles '.' is read again with
    /// it, in stretches side by side too: its `1.009` cells are then one and a bit.
    func testALaterRowSettlesAnAssumedColumn() throws {
        let rows = (0..<3_000).map { "\($0);\($0 % 9 + 1).009" } + ["3000;2.5"]
        let text = "x;y\n" + rows.joined(separator: "\n")
        for loader in [CSVLoader(threads: 1), CSVLoader(threads: 4, bytesPerThread: 4_000)] {
            let dataset = try loadCSV(text, loader: loader)
            XCTAssertEqual(Array(dataset.series[0].ys[..<2]), [1.009, 2.009])
            XCTAssertEqual(dataset.series[0].ys.last, 2.5)
            XCTAssertEqual(dataset.warnings, [])
        }
    }

    /// What one cell settles.
    func testWhatACellSettles() {
        let cases: [(String, UInt8?)] = [
            ("1.234,5", DecimalMark.comma), ("1,234.5", DecimalMark.point), ("5,5", DecimalMark.comma),
            ("1.5", DecimalMark.point), ("2,25", DecimalMark.comma), ("0,123", DecimalMark.comma),
            ("0.123", DecimalMark.point), ("1.234.567", DecimalMark.comma), ("1,234,567", DecimalMark.point),
            ("1234.567", DecimalMark.point), ("1 234,567", DecimalMark.comma), ("1.5e3", DecimalMark.point),
            ("1.009", nil), ("12,345", nil), ("-123.456", nil), ("965", nil), ("1 234", nil),
        ]
        for (cell, mark) in cases {
            let settled = Array(cell.utf8).withUnsafeBytes { DecimalMark.settled(by: $0, from: 0, to: $0.count) }
            XCTAssertEqual(settled, mark, cell)
        }
    }

    /// Seeded: random values, each column written in a style of its own (plain point,
    /// plain comma, grouped either way), read back; a column of only `d.ddd` cells beside
    /// a settling column follows it.
    func testRandomColumnsReadBackInTheirStyles() throws {
        var rng = SplitMix64(seed: 22)
        for round in 0..<40 {
            let comma = Bool.random(using: &rng)
            let rows = Int.random(in: 2...60, using: &rng)
            var settling: [Double] = []
            var open: [Double] = []
            var lines = ["x;s;o"]
            for k in 0..<rows {
                let whole = Int.random(in: 0...999_999, using: &rng)
                // Cents not ending in 0, so every cell shows two decimals and settles.
                let fraction = String(format: "%02d", Int.random(in: 1...9, using: &rng) * 10 + Int.random(in: 1...9, using: &rng))
                settling.append(Double("\(whole).\(fraction)")!)
                let groupMark = comma ? "." : ","
                let decimalMark = comma ? "," : "."
                let grouped = Bool.random(using: &rng)
                let integer = grouped ? Self.grouped(whole, mark: groupMark) : String(whole)
                let thousands = Int.random(in: 1...999, using: &rng) * 1000 + Int.random(in: 0...999, using: &rng)
                open.append(Double(thousands))
                lines.append("\(k);\(integer)\(decimalMark)\(fraction);\(Self.grouped(thousands, mark: groupMark))")
            }
            let dataset = try loadCSV(lines.joined(separator: "\n"))
            XCTAssertEqual(Array(dataset.series[0].ys), settling, "round \(round)")
            XCTAssertEqual(Array(dataset.series[1].ys), open, "round \(round)")
            XCTAssertEqual(dataset.warnings, [], "round \(round)")
        }
    }

    private static func grouped(_ value: Int, mark: String) -> String {
        var digits = String(value)
        var groups: [String] = []
        while digits.count > 3 {
            groups.insert(String(digits.suffix(3)), at: 0)
            digits.removeLast(3)
        }
        return ([digits] + groups).joined(separator: mark)
    }
}
