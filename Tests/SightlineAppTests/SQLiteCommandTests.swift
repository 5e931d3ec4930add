import ChartRender
import Foundation
import XCTest

/// `render` and `describe` of a SQLite file made with the sqlite3 shell, as a new user
/// would make one: the same picture and words as the same rows in a CSV file.
final class SQLiteCommandTests: ScratchFolderTestCase {
    /// 200 hourly readings with a spike, a gap (NULL) and an hour as text the column
    /// cannot read, in a table beside another that cannot be charted.
    private func rows() -> [(date: String, temp: Double?)] {
        (0..<200).map { hour in
            let date = String(format: "2024-03-%02d %02d:00:00", 1 + hour / 24, hour % 24)
            let temp: Double? = hour == 120 ? nil : hour == 77 ? 40 : 10 + 5 * sin(Double(hour) / 9)
            return (date, temp)
        }
    }

    private func database() throws -> String {
        let path = "\(folder)/readings.db"
        let values = rows().map { "('\($0.date)', \($0.temp.map { String(format: "%.6f", $0) } ?? "NULL"))" }
        let script = "CREATE TABLE readings(ts TEXT, temp REAL);\nCREATE INDEX readings_ts ON readings(ts);\n"
            + "INSERT INTO readings VALUES " + values.joined(separator: ", ") + ";\n"
            + "CREATE TABLE notes(body TEXT);\nINSERT INTO notes VALUES ('hello');\n"
        let made = try ProcessRunner.run("sqlite3", [path, ".read \(try write(script, to: "make.sql"))"])
        XCTAssertEqual(made.status, 0, made.error)
        return path
    }

    private func csv() throws -> String {
        let lines = rows().map { "\($0.date),\($0.temp.map { String(format: "%.6f", $0) } ?? "")" }
        return try write("ts,temp\n" + lines.joined(separator: "\n") + "\n", to: "readings.csv")
    }

    func testRenderAndDescribeReadTheDatabaseAsTheSameRowsInACSVFile() throws {
        let database = try database(), csv = try csv()
        let fromDatabase = "\(folder)/db.png", fromCSV = "\(folder)/csv.png"
        let rendered = try ProcessRunner.run(ProcessRunner.sightline, ["render", database, "--out", fromDatabase, "--size", "800x450"])
        XCTAssertEqual(rendered.status, 0, rendered.error)
        let reference = try ProcessRunner.run(ProcessRunner.sightline, ["render", csv, "--out", fromCSV, "--size", "800x450"])
        XCTAssertEqual(reference.status, 0, reference.error)
        let image = try PNGFile.read(from: fromDatabase)
        XCTAssertTrue(image == (try PNGFile.read(from: fromCSV)), "the same rows draw the same picture")
        if let shots = ProcessInfo.processInfo.environment["SIGHTLINE_SHOTS"] {
            try? FileManager.default.copyItem(atPath: fromDatabase, toPath: shots + "/sqlite-render.png")
        }

        let words = try ProcessRunner.run(ProcessRunner.sightline, ["describe", database, "--table", "readings", "--y", "temp"])
        XCTAssertEqual(words.status, 0, words.error)
        XCTAssertEqual(words.output, try ProcessRunner.run(ProcessRunner.sightline, ["describe", csv]).output)
    }

    func testMistakesAreNamedWithTheirExitStatus() throws {
        let database = try database()
        let table = try ProcessRunner.run(ProcessRunner.sightline, ["describe", database, "--table", "reading"])
        XCTAssertEqual(table.status, 64)
        XCTAssertTrue(table.error.contains("--table names \"reading\", which is not a table; the tables are readings, notes"),
                      table.error)
        let query = try ProcessRunner.run(ProcessRunner.sightline, ["describe", database, "--sql", "SELECT ts, temp FROM nowhere"])
        XCTAssertEqual(query.status, 65)
        XCTAssertTrue(query.error.contains("no such table: nowhere"), query.error)
        XCTAssertTrue(query.error.contains("the database rejected SELECT ts, temp FROM nowhere"),
                      "a SQLite file is no server: \(query.error)")
    }

    /// Of two tables that can be charted, the one `--table` names: every question after
    /// the first read (the extent, the statistics, the M4 of the range) asks of it too.
    func testTableFlagChoosesForEveryQuestionAfterTheFirstRead() throws {
        let path = "\(folder)/two.db"
        let script = "CREATE TABLE a(t INTEGER, u REAL);\nINSERT INTO a VALUES (1, 1), (2, 2);\n"
            + "CREATE TABLE b(t INTEGER, v REAL);\nINSERT INTO b VALUES (10, 5), (20, 7), (30, 6);\n"
        let made = try ProcessRunner.run("sqlite3", [path, ".read \(try write(script, to: "two.sql"))"])
        XCTAssertEqual(made.status, 0, made.error)
        let words = try ProcessRunner.run(ProcessRunner.sightline, ["describe", path, "--table", "b", "--y", "v"])
        XCTAssertEqual(words.status, 0, words.error)
        XCTAssertTrue(words.output.contains("v: 3 values, lowest 5"), words.output)
        let rendered = try ProcessRunner.run(ProcessRunner.sightline, ["render", path, "--table", "b", "--out", "\(folder)/b.png"])
        XCTAssertEqual(rendered.status, 0, rendered.error)
    }
}
