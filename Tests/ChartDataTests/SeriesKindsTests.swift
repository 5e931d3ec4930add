import ChartData
import XCTest

/// `--bars`, `--area`, `--stacked`, `--percentage` and `--y2` give a CSV the kinds a
/// Telegram chart file names per column.
final class SeriesKindsTests: XCTestCase {
    private func load(_ text: String, _ kinds: SeriesKinds) throws -> Dataset {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("kinds-\(UUID().uuidString).csv").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try DatasetReader.read(path: path, options: LoadOptions(kinds: kinds))
    }

    private let weather = """
        time,temperature,feels_like,chance_of_rain
        2024-05-01T00:00,9.5,7.0,10
        2024-05-01T01:00,9.1,6.4,40
        2024-05-01T02:00,8.8,6.0,80

        """

    func testBarsBesideLinesGoBehindThemOnTheRightAxis() throws {
        let d = try load(weather, SeriesKinds(bars: ["chance_of_rain"]))
        XCTAssertEqual(d.series.map(\.kind), [.line, .line, .bar])
        XCTAssertEqual(d.series.map(\.axis), [.left, .left, .right])
    }

    func testY2NamesTheRightAxisExactly() throws {
        let d = try load(weather, SeriesKinds(bars: ["chance_of_rain"], rightAxis: ["feels_like"]))
        XCTAssertEqual(d.series.map(\.axis), [.left, .right, .left])
    }

    func testStackedAndPercentageSetTheFlags() throws {
        let stacked = try load(weather, SeriesKinds(bars: ["temperature", "feels_like", "chance_of_rain"], stacked: true))
        XCTAssertEqual(stacked.flags, [.stacked])
        XCTAssertEqual(stacked.series.map(\.axis), [.left, .left, .left], "no lines: bars stay on the first axis")
        let shares = try load(weather, SeriesKinds(areas: ["temperature", "feels_like"], percentage: true))
        XCTAssertEqual(shares.flags, [.stacked, .percentage])
        XCTAssertEqual(shares.series.map(\.kind), [.area, .area, .line])
    }

    func testAnUnknownNameIsAnErrorThatListsTheColumns() {
        XCTAssertThrowsError(try load(weather, SeriesKinds(bars: ["rain"]))) { error in
            guard case let DataLoadError.notInFile(_, flag, asked, kind, available)? = error as? DataLoadError else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual([flag, asked], ["--bars", "rain"])
            XCTAssertEqual(kind, .series)
            XCTAssertEqual(available, ["temperature", "feels_like", "chance_of_rain"])
        }
        XCTAssertThrowsError(try load(weather, SeriesKinds(bars: ["temperature"], areas: ["temperature"]))) { error in
            XCTAssertTrue("\(error)".contains("both --bars and --area"), "\(error)")
        }
    }

    /// A stack holds at most 16 series: more is refused at load with what to do.
    func testSeventeenStackedSeriesAreRefusedWithAWayOut() throws {
        let header = "t," + (0..<17).map { "s\($0)" }.joined(separator: ",")
        let rows = (0..<3).map { t in "\(t)," + (0..<17).map { "\($0 + t)" }.joined(separator: ",") }
        let text = ([header] + rows).joined(separator: "\n") + "\n"
        let names = (0..<17).map { "s\($0)" }
        XCTAssertThrowsError(try load(text, SeriesKinds(bars: names, stacked: true))) { error in
            XCTAssertTrue("\(error)".contains("17 series are stacked as bars"), "\(error)")
            XCTAssertTrue("\(error)".contains("at most 16"), "\(error)")
            XCTAssertEqual((error as? DataLoadError)?.exitCode, 64)
        }
        XCTAssertNoThrow(try load(text, SeriesKinds(bars: names)), "side by side, nothing is stacked")
    }

    /// Bars named beside lines stay on their axis when the right one is taken (a Volume).
    func testBarsKeepTheirAxisWhenTheRightOneIsTaken() throws {
        var text = "Date,Close,Volume\n"
        for day in 0..<60 { text += "\(1_672_531_200 + day * 86_400),\(150 + Double(day % 7)),\(80_000_000 + day * 1000)\n" }
        let d = try load(text, SeriesKinds(bars: ["Close"]))
        XCTAssertEqual(d.series.map(\.axis), [.left, .right])
        XCTAssertEqual(d.series.map(\.kind), [.bar, .bar])
    }

    /// A kind named for a series `--y` left unread says to add it there.
    func testAKindForASeriesYLeftOutSaysToAddIt() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("kinds-y-\(UUID().uuidString).csv").path
        try weather.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let options = LoadOptions(y: ["temperature"], kinds: SeriesKinds(bars: ["chance_of_rain"]))
        XCTAssertThrowsError(try DatasetReader.read(path: path, options: options)) { error in
            XCTAssertTrue("\(error)".contains("--bars names \"chance_of_rain\", which is not among the series --y reads (temperature); add it to --y"),
                          "\(error)")
        }
    }

    /// A flag with nothing to act on says so, rather than being ignored without a word.
    func testAFlagWithNothingToActOnSaysSo() throws {
        let d = try load(weather, SeriesKinds(stacked: true, percentage: true))
        XCTAssertTrue(d.warnings.contains { $0.contains("--stacked has nothing to stack") }, "\(d.warnings)")
        XCTAssertTrue(d.warnings.contains { $0.contains("--percentage draws areas as shares") }, "\(d.warnings)")
    }
}

/// Every flag that names a series or a column matches it the same way, and a header's
/// quoted name is read as a data cell is.
final class NameMatchTests: XCTestCase {
    private func load(_ text: String, _ options: LoadOptions) throws -> Dataset {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("names-\(UUID().uuidString).csv").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try DatasetReader.read(path: path, options: options)
    }

    private let prices = "Date,Close,Volume\n2024-01-01,10,500\n2024-01-02,11,700\n"

    /// `--y close` worked and `--y2 close`, `--bars close`, `--area close` were "not a series".
    func testEveryFlagMatchesInAnyCaseAndTrimmed() throws {
        XCTAssertEqual(try load(prices, LoadOptions(kinds: SeriesKinds(rightAxis: [" close"]))).series[0].axis, .right)
        XCTAssertEqual(try load(prices, LoadOptions(kinds: SeriesKinds(bars: ["CLOSE"]))).series[0].kind, .bar)
        XCTAssertEqual(try load(prices, LoadOptions(kinds: SeriesKinds(areas: ["close "]))).series[0].kind, .area)
        XCTAssertEqual(try load(prices, LoadOptions(y: ["close"], kinds: SeriesKinds(bars: ["Close"]))).series[0].kind, .bar)
        XCTAssertThrowsError(try load(prices, LoadOptions(kinds: SeriesKinds(bars: ["Close"], areas: ["close"])))) {
            XCTAssertTrue("\($0)".contains("\"Close\" is given to both --bars and --area"), "\($0)")
        }
        // The exact spelling wins over another case.
        let both = "x,Close,close\n1,2,3\n2,4,5\n"
        XCTAssertEqual(try load(both, LoadOptions(y: ["close"])).series.map(\.name), ["close"])
    }

    /// `"c""d"` was shown as `c""d`, and `--y 'c"d'` did not find it.
    func testAQuotedHeaderNameIsUnescaped() throws {
        let dataset = try load("x,\"c\"\"d\",e\n1,2,3\n2,4,5\n", LoadOptions(y: ["c\"d"]))
        XCTAssertEqual(dataset.series.map(\.name), ["c\"d"])
    }

    /// Two columns of one name: the flag says so, naming both (one was picked silently).
    func testTwoColumnsOfOneNameAreNamed() {
        let text = "x,Close,Close\n1,2,3\n2,4,5\n"
        XCTAssertThrowsError(try load(text, LoadOptions(y: ["Close"]))) { error in
            XCTAssertEqual((error as? DataLoadError)?.exitCode, 64)
            XCTAssertTrue("\(error)".hasSuffix(": --y \"Close\" matches columns 2 and 3, both named \"Close\"; rename one "
                                              + "in the file to pick it"), "\(error)")
        }
        XCTAssertThrowsError(try load("x,close,CLOSE\n1,2,3\n2,4,5\n", LoadOptions(y: ["Close"]))) { error in
            XCTAssertTrue("\(error)".contains("--y \"Close\" matches columns 2 and 3, named \"close\" and \"CLOSE\""),
                          "\(error)")
        }
        XCTAssertThrowsError(try load(text, LoadOptions(kinds: SeriesKinds(bars: ["Close"])))) { error in
            XCTAssertTrue("\(error)".contains("--bars \"Close\" matches series 1 and 2"), "\(error)")
        }
    }
}
