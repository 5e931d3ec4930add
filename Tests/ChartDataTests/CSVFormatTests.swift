import ChartData
import XCTest

/// Dates, timestamps, column choice: the CSV forms people actually have.
final class CSVFormatTests: XCTestCase {
    private func load(_ text: String, _ options: LoadOptions = LoadOptions()) throws -> Dataset {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBytes { try CSVLoader().load($0, source: "t.csv", options: options, tracker: nil) }
    }

    func testYahooFinanceDailyPrices() throws {
        let text = """
        Date,Open,High,Low,Close,Adj Close,Volume
        1962-01-02,6.41,6.44,6.34,6.34,1.56,467200
        1962-01-03,6.34,6.36,6.30,6.33,1.55,350400
        2024-03-01,180.5,182.1,179.9,181.0,181.0,1200
        """
        let d = try load(text)
        XCTAssertEqual(d.xKind, .time(unitsPerSecond: 1))
        // Volume, ~1e5× the prices, would flatten them: bars on a second axis.
        XCTAssertEqual(d.series.map(\.name), ["Open", "High", "Low", "Close", "Adj Close", "Volume"])
        XCTAssertEqual(d.series.last?.axis, .right)
        XCTAssertEqual(d.series.last?.kind, .bar)
        XCTAssertEqual(d.xs[0], -252_374_400, "1962-01-02T00:00:00Z, before 1970")
        XCTAssertEqual(d.xs[2], 1_709_251_200)
        let picked = try load(text, LoadOptions(x: "Date", y: ["Close", " Volume "]))
        XCTAssertEqual(picked.series.map(\.name), ["Close", "Volume"])
        XCTAssertEqual(picked.series[0].ys, [6.34, 6.33, 181.0])
    }

    func testDateTimeForms() throws {
        let d = try load("""
        when;value
        2021-03-04T05:06;1
        2021-03-04 05:06:07;2
        2021-03-04T05:06:07.5Z;3
        2021-03-04T07:06:07+02:00;4
        """)
        let base = 1_614_834_360.0  // 2021-03-04T05:06:00Z
        XCTAssertEqual(d.xs, [base, base + 7, base + 7, base + 7.5])
        XCTAssertEqual(d.series[0].ys, [1, 2, 4, 3], "stable sort puts the +02:00 row before the .5 s row")
    }

    func testUnixSecondsAndMillisecondsAreDetected() throws {
        XCTAssertEqual(try load("t,v\n1600000000,1\n1600000060,2\n").xKind, .time(unitsPerSecond: 1))
        XCTAssertEqual(try load("t,v\n1600000000000,1\n1600000060000,2\n").xKind, .time(unitsPerSecond: 1000))
        XCTAssertEqual(try load("t,v\n1,1\n2,2\n").xKind, .number)
        XCTAssertEqual(try load("t,v\n1600000000.5,1\n1600000060,2\n").xKind, .number)
    }

    /// A 10 Hz log's seconds have fractions: time when the column's name says so, a
    /// number (an amount with cents, say) when it does not.
    func testFractionalUnixSecondsAreTimeWhereTheNameSaysSo() throws {
        for name in ["timestamp", "time", "Unix Time", "epoch_s", "ts", "event_ts"] {
            XCTAssertEqual(try load("\(name),v\n1700000000.1,1\n1700000000.2,2\n").xKind, .time(unitsPerSecond: 1), name)
        }
        XCTAssertEqual(try load("timestamp,v\n1700000000000.5,1\n1700000000001.5,2\n").xKind, .time(unitsPerSecond: 1000))
        for name in ["t", "revenue", "x", "times2", "status"] {
            XCTAssertEqual(try load("\(name),v\n1700000000.1,1\n1700000000.2,2\n").xKind, .number, name)
        }
        XCTAssertEqual(try load("timestamp,v\n12.5,1\n13.5,2\n").xKind, .number, "a time-named column of small numbers")
    }

    func testTextColumnsAreSkippedAndNamesTrimmed() throws {
        let d = try load("x, symbol , price \n1,AAPL,10\n2,AAPL,11\n")
        XCTAssertEqual(d.series.map(\.name), ["price"])
    }

    func testAskingForAMissingColumnListsTheColumns() {
        XCTAssertThrowsError(try load("x,a,b\n1,2,3\n2,3,4\n", LoadOptions(y: ["c"]))) { error in
            guard case let .notInFile(_, flag, asked, kind, available)? = error as? DataLoadError else { return XCTFail("\(error)") }
            XCTAssertEqual([flag, asked], ["--y", "c"])
            XCTAssertEqual(kind, .column)
            XCTAssertEqual(available, ["x", "a", "b"])
            XCTAssertEqual((error as? DataLoadError)?.exitCode, 64)
        }
    }

    /// No numeric column: the first cell of the one closest to numeric is named.
    func testNoNumericColumn() {
        XCTAssertThrowsError(try load("date,name\n2020-01-01,a\n2020-01-02,b\n")) { error in
            XCTAssertEqual("\(error)", "t.csv:2:2: expected a number in column \"name\" (no column besides the x column "
                           + "\"date\" holds numbers), found \"a\"")
            XCTAssertEqual((error as? DataLoadError)?.exitCode, 65)
        }
    }

    func testBadDateNamesLineAndColumn() {
        XCTAssertThrowsError(try load("d,v\n2020-01-01,1\n2020-02-30,2\n")) { error in
            guard case let .malformed(_, line, column, _, found)? = error as? DataLoadError else { return XCTFail("\(error)") }
            XCTAssertEqual([line, column], [3, 1])
            XCTAssertEqual(found, "\"2020-02-30\"")
        }
    }

    func testLineNumbersCountBlankLinesAndQuotedLineBreaks() {
        XCTAssertThrowsError(try load("x,v\n1,2\n\"2\",\"a\nb\"\n3,4\n")) { error in
            guard case let .malformed(_, line, column, _, _)? = error as? DataLoadError else { return XCTFail("\(error)") }
            XCTAssertEqual([line, column], [3, 2], "reported on the line where the row starts")
        }
        XCTAssertThrowsError(try load("x,v,note\n1,2,\"a\nb\"\n2,3,c\n4,x,d\n")) { error in
            guard case let .malformed(_, line, _, _, _)? = error as? DataLoadError else { return XCTFail("\(error)") }
            XCTAssertEqual(line, 5, "a line break inside quotes still counts as a line")
        }
        XCTAssertThrowsError(try load("x,v\n1,2\n\n2,3\n3,x\n")) { error in
            guard case let .malformed(_, line, column, _, _)? = error as? DataLoadError else { return XCTFail("\(error)") }
            XCTAssertEqual([line, column], [5, 2])
        }
    }

    func testHeaderlessDatesAreData() throws {
        let d = try load("2020-01-01,1\n2020-01-02,2\n")
        XCTAssertEqual(d.count, 2)
        XCTAssertEqual(d.series[0].name, "y1")
    }
}
