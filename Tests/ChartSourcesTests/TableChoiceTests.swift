import ChartData
import ChartSources
import XCTest

/// A database's table and columns are chosen as a CSV file's are, and every wrong choice
/// names the flag and what there is.
final class TableChoiceTests: XCTestCase {
    private let readings = SourceTable(name: "readings", columns: [
        SourceColumn(name: "id", type: "bigint", role: .number),
        SourceColumn(name: "ts", type: "timestamptz", role: .time, indexed: true),
        SourceColumn(name: "temp", type: "double precision", role: .number),
        SourceColumn(name: "site", type: "text", role: .other),
    ])
    private let events = SourceTable(name: "events", columns: [
        SourceColumn(name: "at", type: "timestamptz", role: .time),
        SourceColumn(name: "note", type: "text", role: .other),
    ])
    private let prices = SourceTable(name: "prices", kind: .view, columns: [
        SourceColumn(name: "day", type: "date", role: .time),
        SourceColumn(name: "close", type: "numeric", role: .number),
    ])

    private func choose(_ tables: [SourceTable], table: String? = nil, x: String? = nil, y: [String]? = nil) throws -> TableChoice {
        var options = LoadOptions(x: x, y: y)
        options.table = table
        return try TableChoice.choose(in: SourceListing(tables: tables), options: options, source: "db")
    }

    func testTheOnlyChartableTableIsTakenWithItsInstantsAsX() throws {
        let choice = try choose([readings, events])
        XCTAssertEqual(choice.table.name, "readings")
        XCTAssertEqual(choice.x.name, "ts")
        XCTAssertEqual(choice.y.map(\.name), ["id", "temp"])
    }

    func testSeveralChartableTablesAreListed() {
        XCTAssertThrowsError(try choose([readings, prices])) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("--table"), text)
            XCTAssertTrue(text.contains("readings (x: ts; y: id, temp)"), text)
            XCTAssertTrue(text.contains("prices (x: day; y: close)"), text)
        }
        XCTAssertEqual(try choose([readings, prices], table: "prices").y.map(\.name), ["close"])
    }

    func testColumnsAskedForAreTaken() throws {
        let choice = try choose([readings], x: "id", y: ["temp"])
        XCTAssertEqual(choice.x.name, "id")
        XCTAssertEqual(choice.y.map(\.name), ["temp"])
    }

    func testWrongChoicesNameTheFlagAndWhatThereIs() {
        XCTAssertThrowsError(try choose([readings], table: "reading")) { error in
            XCTAssertEqual(error as? DataLoadError, .notInFile(file: "db", flag: "--table", asked: "reading", kind: .table,
                                                                available: ["readings"]))
        }
        XCTAssertThrowsError(try choose([readings], y: ["tmp"])) { error in
            XCTAssertTrue("\(error)".contains("--y names \"tmp\", which is not a column"), "\(error)")
        }
        XCTAssertThrowsError(try choose([readings], y: ["site"])) { error in
            XCTAssertTrue("\(error)".contains("holds no numbers"), "\(error)")
        }
        XCTAssertThrowsError(try choose([readings], x: "site")) { error in
            XCTAssertTrue("\(error)".contains("neither instants nor numbers"), "\(error)")
        }
        XCTAssertThrowsError(try choose([events])) { error in
            XCTAssertTrue("\(error)".contains("no table"), "\(error)")
        }
        XCTAssertThrowsError(try choose([])) { error in
            XCTAssertTrue("\(error)".contains("has no tables"), "\(error)")
        }
    }
}
