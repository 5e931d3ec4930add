import ChartData
import XCTest

final class CSVLoaderTests: XCTestCase {
    private func load(_ text: String, source: String = "test.csv") throws -> Dataset {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBytes { try CSVLoader().load($0, source: source) }
    }

    private func loadError(_ text: String) -> DataLoadError? {
        do {
            _ = try load(text)
            return nil
        } catch {
            return error as? DataLoadError
        }
    }

    func testHeaderAndSeveralSeries() throws {
        let d = try load("time,a,b\n1,10,20\n2,11,21\n3,12.5,-22\n")
        XCTAssertEqual(d.xs, [1, 2, 3])
        XCTAssertEqual(d.series.map(\.name), ["a", "b"])
        XCTAssertEqual(d.series[1].ys, [20, 21, -22])
    }

    func testWithoutHeaderNamesColumns() throws {
        let d = try load("1,5\n2,6\n")
        XCTAssertEqual(d.series.map(\.name), ["y1"])
        XCTAssertEqual(d.xs, [1, 2])
    }

    func testSemicolonTabCRLFAndByteOrderMark() throws {
        let semicolon = try load("\u{FEFF}x;y\r\n1;2\r\n3;4\r\n")
        XCTAssertEqual(semicolon.series[0].ys, [2, 4])
        let tab = try load("x\ty\n1\t2\n3\t4")
        XCTAssertEqual(tab.xs, [1, 3])
    }

    func testQuotedFieldsAndSpacedNames() throws {
        let d = try load("\"x\", \" price \"\n\"1\",\"2.5\"\n2, 3\n")
        XCTAssertEqual(d.series[0].name, "price")
        XCTAssertEqual(d.series[0].ys, [2.5, 3])
    }

    func testEmptyCellsAndNaNAreGaps() throws {
        let d = try load("x,y\n1,1\n2,\n3,NaN\n4,4\n")
        XCTAssertEqual(d.series[0].ys.count, 4)
        XCTAssertTrue(d.series[0].ys[1].isNaN)
        XCTAssertTrue(d.series[0].ys[2].isNaN)
    }

    func testUnsortedRowsAreSortedStablyWithOneWarning() throws {
        let d = try load("x,y\n3,30\n1,10\n2,20\n1,11\n")
        XCTAssertEqual(d.xs, [1, 1, 2, 3])
        XCTAssertEqual(d.series[0].ys, [10, 11, 20, 30])
        XCTAssertEqual(d.warnings.count, 1)
    }

    func testMalformedValueNamesFileLineAndColumn() {
        let error = loadError("x,y\n1,2\n2,abc\n")
        XCTAssertEqual(error, .malformed(file: "test.csv", line: 3, column: 2,
                                         expected: "a number in column \"y\"", found: "\"abc\""))
        XCTAssertEqual(error?.description, "test.csv:3:2: expected a number in column \"y\", found \"abc\"")
        XCTAssertEqual(error?.exitCode, 65)
    }

    func testWrongFieldCountIsAnError() {
        guard case let .malformed(_, line, _, _, _)? = loadError("x,y\n1,2\n2,3,4\n") else {
            return XCTFail("expected a malformed-line error")
        }
        XCTAssertEqual(line, 3)
    }

    func testInfinityIsAnError() {
        guard case let .malformed(_, line, column, _, _)? = loadError("x,y\n1,2\n2,inf\n") else {
            return XCTFail("expected a malformed-line error")
        }
        XCTAssertEqual([line, column], [3, 2])
    }

    func testEmptyAndHeaderOnlyEachSayWhy() {
        guard case .noData(_, let empty)? = loadError(""),
              case .noData(_, let headerOnly)? = loadError("x,y\n") else {
            return XCTFail("expected no-data errors")
        }
        XCTAssertTrue(empty.contains("empty"))
        XCTAssertTrue(headerOnly.contains("header"))
    }

    /// One row is data: read, as the window and render draw it (a dot).
    func testOneRowIsRead() throws {
        XCTAssertNil(loadError("x,y\n1,2\n"))
        let dataset = try load("x,y\n1,2\n")
        XCTAssertEqual(Array(dataset.xs), [1])
        XCTAssertEqual(dataset.series.map(\.ys), [[2]])
    }

    func testOneColumnIsAnError() {
        guard case .malformed(_, 1, _, _, _)? = loadError("x\n1\n2\n") else {
            return XCTFail("expected a malformed first line")
        }
    }

    /// A seeded mutator: whatever bytes arrive, the loader returns or throws, never traps.
    func testRandomlyMutatedInputNeverCrashes() {
        var rng = SplitMix64(seed: 99)
        let seed = Array("time,a,b\n1,10,20\n2,\"11\",21\r\n3,1e3,-2.5E-2\n4,NaN,\n".utf8)
        let alphabet = Array("0123456789,;\t\n\r\"-+.eEnaN x".utf8)
        var parsed = 0
        for _ in 0..<20_000 {
            var bytes = seed
            for _ in 0..<Int.random(in: 1...6, using: &rng) {
                let i = Int.random(in: 0..<bytes.count, using: &rng)
                switch Int.random(in: 0..<3, using: &rng) {
                case 0: bytes[i] = alphabet.randomElement(using: &rng)!
                case 1: bytes.insert(UInt8.random(in: 0...255, using: &rng), at: i)
                default: if bytes.count > 1 { bytes.remove(at: i) }
                }
            }
            if (try? bytes.withUnsafeBytes({ try CSVLoader().load($0, source: "fuzz") })) != nil { parsed += 1 }
        }
        XCTAssertGreaterThan(parsed, 0, "some mutations still parse")
    }
}
