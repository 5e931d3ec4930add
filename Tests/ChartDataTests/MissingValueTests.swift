import ChartData
import XCTest

/// Files as they come: the words sources write for "no value" (`null`, `NA`, `N/A`,
/// `#N/A`, `-`, `nan`) are gaps, like empty cells, and the load says once how many cells
/// it read so; in the x column such a word is still an error, since the row cannot be placed.
final class MissingValueTests: XCTestCase {
    private func load(_ text: String, _ options: LoadOptions = LoadOptions(),
                      loader: CSVLoader = CSVLoader()) throws -> Dataset {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBytes { try loader.load($0, source: "t.csv", options: options, tracker: nil) }
    }

    private func gapWarnings(_ dataset: Dataset) -> [String] {
        dataset.warnings.filter { $0.contains("read as gaps") }
    }

    /// A Yahoo Finance export with days it lists without a price opens as it is: each
    /// such row is a gap in every series, and one warning counts the cells.
    func testYahooNullRowsAreGapsInEverySeries() throws {
        let file = YahooCSV(days: 300, nullRows: [3, 120, 121])
        let d = try load(file.text, LoadOptions(y: ["Open", "High", "Low", "Close", "Adj Close", "Volume"]))
        XCTAssertEqual(d.count, 300)
        XCTAssertEqual(d.series.count, 6)
        for series in d.series {
            for row in 0..<300 {
                XCTAssertEqual(series.ys[row].isNaN, file.nullRows.contains(row), "\(series.name), row \(row)")
            }
        }
        let warnings = gapWarnings(d)
        XCTAssertEqual(warnings.count, 1, "\(d.warnings)")
        let warning = try XCTUnwrap(warnings.first)
        XCTAssertTrue(warning.hasPrefix("t.csv: 18 cells"), warning)
        XCTAssertTrue(warning.contains("\"null\""), warning)
        XCTAssertTrue(warning.contains("line \(YahooCSV.line(ofRow: 3))"), warning)
    }

    /// A `null` row first, where the columns are told apart: its columns are still series.
    func testANullFirstRowKeepsItsColumnsAsSeries() throws {
        let d = try load(YahooCSV(days: 50, nullRows: [0]).text, LoadOptions(y: nil))
        XCTAssertTrue(d.series.map(\.name).starts(with: ["Open", "High", "Low", "Close", "Adj Close"]), "\(d.series.map(\.name))")
        XCTAssertEqual(d.xKind, .time(unitsPerSecond: 1), "the date column is still x")
        XCTAssertTrue(d.series.allSatisfy { $0.ys[0].isNaN && !$0.ys[1].isNaN })
    }

    /// Every word for "no value", in any case, with spaces around or in quotes, in comma-,
    /// semicolon- and tab-separated files.
    func testEveryMissingValueWordIsAGap() throws {
        let words = ["NA", "n/a", "N/A", "#N/A", "#n/a", "-", "nan", "NaN", "null", "NULL", "Null", " na ", "\"N/A\"", "na"]
        for delimiter in [",", ";", "\t"] {
            var text = "x\(delimiter)y\n0\(delimiter)1\n"
            for (k, word) in words.enumerated() { text += "\(k + 1)\(delimiter)\(word)\n" }
            text += "\(words.count + 1)\(delimiter)2\n"
            let d = try load(text)
            let ys = d.series[0].ys
            XCTAssertEqual(ys.count, words.count + 2)
            XCTAssertEqual(ys.first, 1)
            XCTAssertEqual(ys.last, 2)
            for (k, word) in words.enumerated() { XCTAssertTrue(ys[k + 1].isNaN, "\(word.debugDescription) is a gap") }
            XCTAssertEqual(gapWarnings(d).count, 1)
            XCTAssertTrue(gapWarnings(d).first?.contains("\(words.count) cells") ?? false, "\(d.warnings)")
        }
    }

    /// Empty cells were always gaps and go unmentioned; a file without words for gaps
    /// gets no warning.
    func testEmptyCellsAloneAreNotCounted() throws {
        XCTAssertTrue(try load("x,y\n1,1\n2,\n3,3\n").warnings.isEmpty)
        XCTAssertTrue(try load(YahooCSV(days: 40).text).warnings.allSatisfy { !$0.contains("gaps") })
    }

    /// Words near the missing-value words are not numbers and not gaps: still an error
    /// naming the line, and numbers with a sign are numbers.
    func testOnlyTheWholeWordIsAGap() throws {
        for bad in ["--", "nul", "nulls", "NA1", "N/A!", "#N/A N/A", "- 1", "n a", "#"] {
            XCTAssertThrowsError(try load("x,y\n1,1\n2,\(bad)\n3,3\n"), bad) { error in
                guard case let .malformed(_, line, column, expected, _) = error as? DataLoadError else {
                    return XCTFail("\(error)")
                }
                XCTAssertEqual([line, column], [3, 2], bad)
                XCTAssertTrue(expected.contains("a number"), expected)
            }
        }
        XCTAssertEqual(try load("x,y\n1,-1\n2,-.5\n3,+2\n").series[0].ys, [-1, -0.5, 2])
    }

    /// A row whose x is a missing-value word cannot be placed: an error naming the line
    /// and the x column, for numeric and for date x.
    func testAMissingValueWordInXNamesTheLine() {
        let files = ["x,y\n1,2\nNA,3\n4,5\n", "Date,Close\n2024-01-01,1\nnull,2\n2024-01-03,3\n",
                     "x,y\nnull,1\n2,2\n", "Date,Close\n#N/A,1\n2024-01-02,2\n"]
        for (k, file) in files.enumerated() {
            XCTAssertThrowsError(try load(file)) { error in
                guard case let .malformed(_, line, column, expected, found) = error as? DataLoadError else {
                    return XCTFail("\(error)")
                }
                XCTAssertEqual([line, column], [k < 2 ? 3 : 2, 1], file)
                XCTAssertTrue(expected.contains("cannot be placed"), expected)
                XCTAssertFalse(found.isEmpty)
            }
        }
    }

    /// Read on several threads, the count and the first line named are those of reading
    /// in order, also when the first word lies in a later stretch of the file.
    func testThreadedReadsCountAndNameTheFirstLineAlike() throws {
        var text = "x,a,b\n"
        for row in 0..<20_000 {
            let a = row >= 15_000 && row % 1_000 == 7 ? "NA" : "\(row)"
            let b = row >= 12_000 && row % 3_001 == 0 ? "null" : "\(row % 17)"
            text += "\(row),\(a),\(b)\n"
        }
        let both = LoadOptions(y: ["a", "b"])
        let inOrder = try load(text, both, loader: CSVLoader(threads: 1))
        let threaded = try load(text, both, loader: CSVLoader(threads: 4, bytesPerThread: 1 << 12))
        XCTAssertEqual(threaded.warnings, inOrder.warnings)
        let warning = try XCTUnwrap(gapWarnings(inOrder).first)
        // b: rows 12004, 15005, 18006; a: rows 15007, 16007, …, 19007.
        XCTAssertTrue(warning.contains("8 cells"), warning)
        XCTAssertTrue(warning.contains("\"null\""), warning)
        XCTAssertTrue(warning.contains("line 12006"), warning)
    }
}
