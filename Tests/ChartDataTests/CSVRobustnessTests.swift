import ChartData
import XCTest

/// Inputs and options that once trapped, were silently ignored or read wrongly: each
/// now loads sensibly or fails with a message naming the file (and line) and the
/// sysexits status that fits.
final class CSVRobustnessTests: XCTestCase {
    // MARK: Duplicate and overlapping columns (once a precondition trap)

    func testAColumnNamedTwiceInYIsTakenOnce() throws {
        let d = try loadCSV("x,a,b\n1,2,3\n2,4,5\n", options: LoadOptions(y: ["a", "a", "b", "A"]))
        XCTAssertEqual(d.series.map(\.name), ["a", "b"])
        XCTAssertEqual(d.series[0].ys, [2, 4])
    }

    func testYNamingTheXColumnIsAUsageError() {
        for options in [LoadOptions(y: ["x"]), LoadOptions(y: ["a", "x"]), LoadOptions(x: "a", y: ["a"]),
                        LoadOptions(x: "a", y: ["b", "A"])] {
            let error = loadError("x,a,b\n1,2,3\n2,4,5\n", options: options)
            guard case .usage? = error else { return XCTFail("\(options): \(String(describing: error))") }
            XCTAssertEqual(error?.exitCode, 64)
            XCTAssertTrue(error?.description.hasPrefix("t.csv: --y names the x column") ?? false, "\(error!)")
        }
    }

    /// Seeded: any --x and --y drawn from the columns (and a name not there) load or
    /// throw a `DataLoadError`, and every loaded series has one y per x.
    func testAnyColumnChoiceLoadsOrThrowsNeverTraps() {
        var rng = SplitMix64(seed: 7)
        let names = ["x", "a", "b", "c", "zz"]
        for _ in 0..<500 {
            let x: String? = rng.next() % 3 == 0 ? nil : names[Int(rng.next() % 5)]
            let y: [String]? = rng.next() % 4 == 0 ? nil : (0..<Int(rng.next() % 4)).map { _ in names[Int(rng.next() % 5)] }
            do {
                let d = try loadCSV("x,a,b,c\n1,2,3,4\n2,4,5,6\n3,,7,8\n", options: LoadOptions(x: x, y: y))
                XCTAssertTrue(d.series.allSatisfy { $0.ys.count == d.count })
                XCTAssertEqual(Set(d.series.map(\.name)).count, d.series.count, "no series twice")
            } catch {
                XCTAssertNotNil(error as? DataLoadError, "\(error)")
            }
        }
    }

    // MARK: --chart on a CSV file

    func testChartOptionOnACSVFileIsAUsageError() {
        let error = loadError("x,y\n1,2\n2,3\n", source: "prices.csv", options: LoadOptions(chart: 2))
        XCTAssertEqual(error, .usage(file: "prices.csv", message: "--chart is for Telegram chart JSON files; prices.csv is CSV"))
        XCTAssertEqual(error?.exitCode, 64)
    }

    // MARK: Decimal commas

    func testSemicolonAndTabFilesAcceptDecimalCommas() throws {
        // Named: unasked for, pressure (~700× the temperatures) would go on a second axis.
        let semicolon = try loadCSV("Datum;Temperatur;Druck\n2024-03-01;1,5;1013\n2024-03-02;-0,25;1012,75\n2024-03-03;2;\n",
                                 options: LoadOptions(y: ["Temperatur", "Druck"]))
        XCTAssertEqual(semicolon.series.map(\.name), ["Temperatur", "Druck"])
        XCTAssertEqual(semicolon.series[0].ys, [1.5, -0.25, 2])
        XCTAssertEqual(Array(semicolon.series[1].ys.prefix(2)), [1013, 1012.75])
        XCTAssertEqual(semicolon.xKind, .time(unitsPerSecond: 1))
        let tab = try loadCSV("x\ty\n0,5\t1,25e3\n1,5\t3\n")
        XCTAssertEqual(tab.xs, [0.5, 1.5])
        XCTAssertEqual(tab.series[0].ys, [1250, 3])
        // Without a header, the first row's decimal commas do not make it one.
        let headless = try loadCSV("1;2,5\n2;3,5\n")
        XCTAssertEqual(headless.series[0].ys, [2.5, 3.5])
        // Points still work, and a comma stays a delimiter in comma-separated files.
        XCTAssertEqual(try loadCSV("x;y\n1;2.5\n2;3\n").series[0].ys, [2.5, 3])
        XCTAssertEqual(try loadCSV("x,y\n1,2\n2,3\n").series[0].ys, [2, 3])
    }

    func testDecimalCommasInLongNumbersTakeTheSlowPathAlike() throws {
        let d = try loadCSV("x;y\n1;0,1234567890123456789012\n2;1,5e-400\n")
        XCTAssertEqual(d.series[0].ys[0], 0.1234567890123456789012)
        XCTAssertEqual(d.series[0].ys[1], 0)
    }

    // MARK: Messages

    func testUnclosedQuoteNamesTheLineItOpenedOn() {
        // The row starts on line 3 with a quoted field spanning two lines; the quote that
        // is never closed opens on line 4.
        let error = loadError("x,name,y\n1,a,2\n2,\"b\nb\",3\n3,\"c,4\n4,d,5\n")
        guard case let .malformed(file, line, _, expected, found)? = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertEqual(file, "t.csv")
        XCTAssertEqual(line, 5)
        XCTAssertTrue(expected.contains("closing quote"), expected)
        XCTAssertEqual(found, "the end of the file")
        let inHeader = loadError("x,\"y\n1,2\n")
        guard case .malformed(_, 1, _, let headerExpected, _)? = inHeader else { return XCTFail("\(String(describing: inHeader))") }
        XCTAssertTrue(headerExpected.contains("closing quote"))
    }

    func testNumberOutOfRangeSaysSo() {
        for text in ["x,y\n1,2\n2,1e999\n", "x,y\n1,2\n1e999,3\n", "x;y\n1;2\n2;-1,5e999\n"] {
            let error = loadError(text)
            guard case .malformed(_, 3, _, _, _)? = error else { return XCTFail("\(String(describing: error))") }
            XCTAssertTrue(error!.description.contains("number out of range"), error!.description)
        }
    }

    func testEscapeSequencesInCellsHeadersAndPathsNeverReachTheMessageRaw() {
        let esc = "\u{1B}[2J\u{1B}]0;pwned\u{07}"
        let texts = [
            "x,y\n1,2\n2,\(esc)\n",             // a cell
            "x,\(esc)\n1,\(esc)\n2,3\n",        // a header naming a text column
            "x,y\n1,2\n\(esc),3\n",             // an x cell
        ]
        for text in texts {
            guard let error = loadError(text, source: "a\(esc).csv") else { return XCTFail(text) }
            XCTAssertFalse(error.description.unicodeScalars.contains { $0.value < 0x20 }, error.description.debugDescription)
        }
        let missing = loadError("x,\(esc)\n1,2\n2,3\n", options: LoadOptions(y: ["\(esc)nope"]))
        XCTAssertFalse(missing!.description.unicodeScalars.contains { $0.value < 0x20 }, missing!.description.debugDescription)
    }

    func testLongCellsAreCutInMessages() {
        let long = String(repeating: "z", count: 1_000_000)
        let error = loadError("x,y\n1,2\n2,\(long)\n")
        XCTAssertLessThan(error!.description.count, 400)
        XCTAssertTrue(error!.description.contains("…"))
    }

    func testMissingColumnListsTheFirstTwentyAndHowManyMore() {
        let header = (0..<100_000).map { "c\($0)" }.joined(separator: ",")
        let row = (0..<100_000).map { _ in "1" }.joined(separator: ",")
        let error = loadError("\(header)\n\(row)\n\(row)\n", options: LoadOptions(y: ["nope"]))
        guard case .notInFile? = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertLessThan(error!.description.count, 1_000)
        XCTAssertTrue(error!.description.hasSuffix("c19 and 99980 more"), error!.description)
    }

    // MARK: Many columns

    func testWithoutYAtMostMaxSeriesColumnsAreTakenWithAWarning() throws {
        let header = (0..<1_000).map { "c\($0)" }.joined(separator: ",")
        let row = (0..<1_000).map { "\($0)" }.joined(separator: ",")
        let d = try loadCSV("\(header)\n\(row)\n\(row)\n")
        XCTAssertEqual(d.series.count, LoadOptions.defaultMaxSeries)
        XCTAssertEqual(d.series.last?.name, "c256")
        XCTAssertEqual(d.warnings, ["t.csv: showing the first 256 of 999 numeric columns; --y picks others"])
        let picked = try loadCSV("\(header)\n\(row)\n\(row)\n", options: LoadOptions(y: ["c999"]))
        XCTAssertEqual(picked.series.map(\.name), ["c999"])
        XCTAssertEqual(try loadCSV("\(header)\n\(row)\n\(row)\n", options: LoadOptions(maxSeries: 2)).series.count, 2)
    }

    // MARK: Memory

    func testALoadLargerThanTheBudgetIsRefusedBeforeAllocating() {
        let rows = (0..<10_000).map { "\($0),\($0 % 7),\($0 % 5)" }.joined(separator: "\n")
        let error = loadError("x,a,b\n" + rows, options: LoadOptions(memory: MemoryBudget(availableBytes: 100_000, limit: "ulimit -v")))
        guard case let .tooLarge(file, _, needed, available, _)? = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertEqual(file, "t.csv")
        XCTAssertGreaterThanOrEqual(needed, 10_000 * 3 * 8)
        XCTAssertEqual(available, 100_000)
        XCTAssertEqual(error?.exitCode, 69)
        XCTAssertNoThrow(try loadCSV("x,a,b\n" + rows, options: LoadOptions(memory: MemoryBudget(availableBytes: 10_000_000))))
    }
}
