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
            guard case let DataLoadError.notInFile(_, asked, available)? = error as? DataLoadError else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual(asked, "rain")
            XCTAssertEqual(available, ["temperature", "feels_like", "chance_of_rain"])
        }
        XCTAssertThrowsError(try load(weather, SeriesKinds(bars: ["temperature"], areas: ["temperature"]))) { error in
            XCTAssertTrue("\(error)".contains("both --bars and --area"), "\(error)")
        }
    }
}
