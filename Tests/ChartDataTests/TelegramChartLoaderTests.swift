import ChartData
import XCTest

final class TelegramChartLoaderTests: XCTestCase {
    private func load(_ text: String, _ options: LoadOptions = LoadOptions()) throws -> Dataset {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBytes { try TelegramChartLoader().load($0, source: "chart.json", options: options, tracker: nil) }
    }

    /// Round 1's `chart_data.json`: an array of charts.
    private let roundOne = """
    [
      {"columns": [["x", 1542412800000, 1542499200000, 1542585600000],
                   ["y0", 37, 20, 32], ["y1", 22, 12, 30]],
       "types": {"y0": "line", "y1": "line", "x": "x"},
       "names": {"y0": "Joined", "y1": "Left"},
       "colors": {"y0": "#3DC23F", "y1": "#F34C44"}},
      {"columns": [["x", 1, 2], ["y0", 5, 6]],
       "types": {"y0": "line", "x": "x"}, "names": {"y0": "#0"}, "colors": {"y0": "#4682B4"}}
    ]
    """

    func testRoundOneKeepsNamesColoursAndMilliseconds() throws {
        let d = try load(roundOne)
        XCTAssertEqual(d.xs, [1542412800000, 1542499200000, 1542585600000])
        XCTAssertEqual(d.xKind, .time(unitsPerSecond: 1000))
        XCTAssertEqual(d.series.map(\.name), ["Joined", "Left"])
        XCTAssertEqual(d.series.map(\.colorHex), ["#3DC23F", "#F34C44"])
        XCTAssertEqual(d.series[1].ys, [22, 12, 30])
        XCTAssertEqual(d.warnings.count, 1, "says there are more charts and how to pick one")
    }

    func testChartOptionPicksFromTheArray() throws {
        let second = try load(roundOne, LoadOptions(chart: 2))
        XCTAssertEqual(second.series.map(\.name), ["#0"])
        XCTAssertEqual(second.warnings, [])
        XCTAssertThrowsError(try load(roundOne, LoadOptions(chart: 3))) { error in
            guard case .notInFile? = error as? DataLoadError else { return XCTFail("\(error)") }
        }
    }

    /// `--x` and `--y` name columns, as in a CSV file, and a name not there gets the
    /// same sentence: "not a column", with every column of the chart (each series' name
    /// beside its id, since either is taken). It was "not a series" for `--y`, and `--x`
    /// listed the x column alone.
    func testXAndYNameColumnsAsInACSVFile() throws {
        XCTAssertEqual(try load(roundOne, LoadOptions(y: ["Left", "y0"])).series.map(\.name), ["Left", "Joined"])
        for options in [LoadOptions(y: ["nope"]), LoadOptions(x: "nope")] {
            XCTAssertThrowsError(try load(roundOne, options)) { error in
                let flag = options.x == nil ? "--y" : "--x"
                XCTAssertEqual("\(error)", "chart.json: \(flag) names \"nope\", which is not a column; the columns are x, "
                               + "y0 (Joined), y1 (Left)")
                XCTAssertEqual((error as? DataLoadError)?.exitCode, 64)
            }
        }
        XCTAssertThrowsError(try load(roundOne, LoadOptions(y: ["x"]))) { error in
            XCTAssertEqual("\(error)", "chart.json: --y names the x column \"x\"; a column cannot be both x and y")
        }
    }

    func testRoundTwoOverviewWithKindsAndFlags() throws {
        let d = try load("""
        {"columns": [["x", 1, 2, 3], ["y0", 1, 2, 3], ["y1", 4, 5, null]],
         "types": {"x": "x", "y0": "bar", "y1": "area"},
         "names": {"y0": "Apples", "y1": "Pears"}, "colors": {"y0": "#FE3C30", "y1": "#4BD964"},
         "y_scaled": false, "stacked": true, "percentage": true}
        """)
        XCTAssertEqual(d.series.map(\.kind), [.bar, .area])
        XCTAssertEqual(d.flags, [.stacked, .percentage])
        XCTAssertTrue(d.series[1].ys[2].isNaN, "null is a gap")
        let picked = try load("""
        {"columns": [["x", 1, 2], ["y0", 1, 2], ["y1", 3, 4]], "types": {"x": "x", "y0": "line", "y1": "line"},
         "names": {"y0": "A", "y1": "B"}, "y_scaled": true}
        """, LoadOptions(y: ["B"]))
        XCTAssertEqual(picked.series.map(\.name), ["B"])
        XCTAssertEqual(picked.flags, [.yScaled])
    }

    /// `y_scaled`: the first series on the left axis, the others on the right; with more
    /// than two, a warning says they share it.
    func testYScaledPutsTheSecondSeriesOnTheRight() throws {
        let two = try load("""
        {"columns": [["x", 1, 2], ["y0", 1, 2], ["y1", 300, 400]], "types": {"x": "x", "y0": "line", "y1": "line"},
         "y_scaled": true}
        """)
        XCTAssertEqual(two.series.map(\.axis), [.left, .right])
        XCTAssertTrue(two.warnings.isEmpty, "\(two.warnings)")
        let three = try load("""
        {"columns": [["x", 1, 2], ["y0", 1, 2], ["y1", 300, 400], ["y2", 5, 6]],
         "types": {"x": "x", "y0": "line", "y1": "line", "y2": "line"}, "y_scaled": true}
        """)
        XCTAssertEqual(three.series.map(\.axis), [.left, .right, .right])
        XCTAssertTrue(three.warnings.contains { $0.contains("the 2 after the first share the right one") }, "\(three.warnings)")
    }

    func testSyntaxErrorNamesLineAndColumn() {
        XCTAssertThrowsError(try load("{\"columns\": [\n  [\"x\", 1, 2,],\n]}")) { error in
            guard case let .malformed(_, line, column, _, found)? = error as? DataLoadError else { return XCTFail("\(error)") }
            XCTAssertEqual([line, column], [2, 14])
            XCTAssertEqual(found, "']'")
        }
    }

    func testShapeErrorsNameWhereAndWhat() {
        XCTAssertThrowsError(try load("""
        {"columns": [["x", 1, 2, 3],
          ["y0", 1, 2]], "types": {"x": "x", "y0": "line"}}
        """)) { error in
            guard case let .malformed(_, line, _, expected, found)? = error as? DataLoadError else { return XCTFail("\(error)") }
            XCTAssertEqual(line, 2)
            XCTAssertTrue(expected.contains("3 values"), expected)
            XCTAssertEqual(found, "2")
        }
        XCTAssertThrowsError(try load("{\"columns\": [[\"x\", 1, 2], [\"y0\", 1, \"a\"]], \"types\": {\"x\": \"x\", \"y0\": \"line\"}}"))
        XCTAssertThrowsError(try load("{\"types\": {}}"))
        XCTAssertThrowsError(try load("{\"columns\": [[\"x\", 1, 2], [\"y0\", 1, 2]], \"types\": {\"x\": \"x\", \"y0\": \"pie\"}}"))
        XCTAssertThrowsError(try load("[]"))
        XCTAssertThrowsError(try load(String(repeating: "[", count: 10_000)), "deep nesting is an error, not a crash")
    }

    func testReaderPicksTheLoaderByContent() throws {
        let bytes = Array("  [{\"columns\": [[\"x\", 1, 2], [\"y0\", 3, 4]], \"types\": {\"x\": \"x\", \"y0\": \"line\"}}]".utf8)
        let loader = bytes.withUnsafeBytes { DatasetReader.loader(for: $0, path: "data") }
        XCTAssertTrue(loader is TelegramChartLoader)
        let csv = Array("x,y\n1,2\n".utf8).withUnsafeBytes { DatasetReader.loader(for: $0, path: "data.txt") }
        XCTAssertTrue(csv is CSVLoader)
    }

    private func overview(x: String, names: String = "\"y0\": \"A\", \"y1\": \"B\"") -> String {
        """
        {"columns": [["x", \(x)], ["y0", 1, 2, 3], ["y1", 4, 5, 6]],
         "types": {"x": "x", "y0": "line", "y1": "line"}, "names": {\(names)}}
        """
    }

    func testXInUnixSecondsIsTimeInSeconds() throws {
        let seconds = try load(overview(x: "1542412800, 1542499200, 1542585600"))
        XCTAssertEqual(seconds.xKind, .time(unitsPerSecond: 1))
        XCTAssertEqual(seconds.xs.first, 1542412800)
        XCTAssertEqual(try load(overview(x: "1542412800000, 1542499200000, 1542585600000")).xKind, .time(unitsPerSecond: 1000))
        XCTAssertEqual(try load(overview(x: "1, 2, 3")).xKind, .number)
        // Unsorted x is sorted before its unit is guessed.
        let unsorted = try load(overview(x: "1542585600, 1542412800, 1542499200"))
        XCTAssertEqual(unsorted.xKind, .time(unitsPerSecond: 1))
    }

    func testYTakesASeriesOnceAndRefusesTheXColumn() throws {
        let d = try load(overview(x: "1, 2, 3"), LoadOptions(y: ["B", "y1", "A", "B"]))
        XCTAssertEqual(d.series.map(\.name), ["B", "A"])
        XCTAssertThrowsError(try load(overview(x: "1, 2, 3"), LoadOptions(y: ["x"]))) { error in
            guard case .usage? = error as? DataLoadError else { return XCTFail("\(error)") }
            XCTAssertEqual((error as? DataLoadError)?.exitCode, 64)
        }
    }

    func testNumberOutOfRangeSaysSo() {
        XCTAssertThrowsError(try load(overview(x: "1, 2, 1e999"))) { error in
            guard case .malformed(_, 1, _, _, let found)? = error as? DataLoadError else { return XCTFail("\(error)") }
            XCTAssertEqual(found, "1e999 (number out of range)")
        }
    }

    func testEscapeSequencesInNamesNeverReachTheMessageRaw() {
        let esc = "\\u001b[2J\\u001b]0;pwned\\u0007"
        let texts = [
            "{\"columns\": [[\"x\", 1, 2], [\"\(esc)\", 1, \"a\"]], \"types\": {\"x\": \"x\", \"\(esc)\": \"line\"}}",
            "{\"columns\": [[\"x\", 1, 2], [\"y0\", 1, 2]], \"types\": {\"x\": \"x\", \"y0\": \"\(esc)\"}}",
            "{\"columns\": [[\"x\", 1, 2], [\"\(esc)\", 1, 2]], \"types\": {\"x\": \"x\"}}",
        ]
        for text in texts {
            XCTAssertThrowsError(try load(text)) { error in
                XCTAssertFalse("\(error)".unicodeScalars.contains { $0.value < 0x20 }, "\(error)".debugDescription)
            }
        }
        XCTAssertThrowsError(try load(overview(x: "1, 2, 3", names: "\"y0\": \"\(esc)\", \"y1\": \"B\""),
                                      LoadOptions(y: ["nope"]))) { error in
            XCTAssertFalse("\(error)".unicodeScalars.contains { $0.value < 0x20 }, "\(error)".debugDescription)
        }
    }

    func testManyChartsSayTheirRangeWhenOneIsMissing() {
        let chart = "{\"columns\": [[\"x\", 1, 2], [\"y0\", 3, 4]], \"types\": {\"x\": \"x\", \"y0\": \"line\"}}"
        let text = "[" + Array(repeating: chart, count: 2_000).joined(separator: ",") + "]"
        XCTAssertThrowsError(try load(text, LoadOptions(chart: 5_000))) { error in
            XCTAssertTrue("\(error)".hasSuffix("--chart names 5000, which is not a chart; the file holds charts 1 to 2000"), "\(error)")
        }
    }
}
