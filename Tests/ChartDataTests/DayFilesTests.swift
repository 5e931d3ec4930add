import ChartData
import Foundation
import XCTest

/// Day files beside a round-2 `overview.json`, on folders written to a temporary folder.
final class DayFilesTests: XCTestCase {
    private lazy var folder = NSTemporaryDirectory() + "sightline-DayFilesTests-\(getpid())"
    /// Ten days from 2019-03-27, across a month's end; files for the newest six.
    private let small = ContestFolder(start: (2019, 3, 27), days: 10, daysWithFiles: 6, seed: 7)

    override func setUpWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    func testFindsDayFilesOnlyWhereAMonthFolderHoldsOne() throws {
        try small.write(to: folder + "/chart")
        let days = try XCTUnwrap(DayFiles(besideOverview: folder + "/chart/overview.json"))
        XCTAssertEqual(days.folder, folder + "/chart")

        // A lone chart file, a month folder with no day in it, a look-alike name: none.
        try FileManager.default.createDirectory(atPath: folder + "/lone/2019-04", withIntermediateDirectories: true)
        try "{}".write(toFile: folder + "/lone/2019-04/notes.json", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: folder + "/lone/2019-4x/", withIntermediateDirectories: true)
        try "{}".write(toFile: folder + "/lone/2019-4x/01.json", atomically: true, encoding: .utf8)
        try "{}".write(toFile: folder + "/lone/overview.json", atomically: true, encoding: .utf8)
        XCTAssertNil(DayFiles(besideOverview: folder + "/lone/overview.json"))
        XCTAssertNil(DayFiles(besideOverview: folder + "/missing/overview.json"))
        XCTAssertNil(DayFiles(besideOverview: "-"), "standard input has no folder")
    }

    func testPathIsTheUTCDateOfX() throws {
        let days = try XCTUnwrap(DayFiles(besideOverview: writeSmall()))
        let march31 = Double(CivilCalendar.days(year: 2019, month: 3, day: 31)) * 86_400_000
        XCTAssertEqual(days.path(forX: march31), folder + "/chart/2019-03/31.json")
        XCTAssertEqual(days.path(forX: march31 + 86_400_000 - 1), folder + "/chart/2019-03/31.json", "the day's last ms")
        XCTAssertEqual(days.path(forX: march31 + 86_400_000), folder + "/chart/2019-04/01.json")
        XCTAssertEqual(days.path(forX: march31 / 1000, unitsPerSecond: 1), folder + "/chart/2019-03/31.json", "seconds")
        XCTAssertEqual(days.path(forX: -1), folder + "/chart/1969-12/31.json", "before 1970, still a UTC date")
        XCTAssertNil(days.path(forX: .nan))
        XCTAssertNil(days.path(forX: .infinity))
    }

    /// A day loads through the overview's loader and options; its hours sum to the day.
    func testLoadsTheDayWithTheOverviewsOptions() throws {
        let overviewPath = try writeSmall()
        let days = try XCTUnwrap(DayFiles(besideOverview: overviewPath))
        let overview = try DatasetReader.read(path: overviewPath)
        for index in 4..<10 {
            let day = try days.load(x: overview.xs[index], options: LoadOptions())
            XCTAssertEqual(day.count, 24)
            XCTAssertEqual(day.xKind, .time(unitsPerSecond: 1000))
            XCTAssertEqual(day.xs.first, overview.xs[index])
            XCTAssertEqual(day.xs.last, overview.xs[index] + 23 * 3_600_000)
            XCTAssertEqual(day.series.map(\.name), ["Views", "Joined", "Left"])
            for s in 0..<3 {
                XCTAssertEqual(day.series[s].ys.reduce(0, +), overview.series[s].ys[index], "series \(s), day \(index)")
            }
        }
        let joined = try days.load(x: overview.xs[9], options: LoadOptions(y: ["Joined"]))
        XCTAssertEqual(joined.series.map(\.name), ["Joined"])
    }

    func testAMissingOrBrokenDayIsAnErrorNamingItsFile() throws {
        let overviewPath = try writeSmall()
        let days = try XCTUnwrap(DayFiles(besideOverview: overviewPath))
        let overview = try DatasetReader.read(path: overviewPath)
        let missing = try XCTUnwrap(days.path(forX: overview.xs[0]))
        XCTAssertThrowsError(try days.load(x: overview.xs[0], options: LoadOptions())) { error in
            XCTAssertEqual(error as? DataLoadError, .fileNotFound(path: missing))
            XCTAssertEqual("\(error)", "\(missing): no such file")
        }
        let broken = try XCTUnwrap(days.path(forX: overview.xs[9]))
        try "{\"columns\": [[\"x\", 1, 2], ".write(toFile: broken, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try days.load(x: overview.xs[9], options: LoadOptions())) { error in
            // Read as JSON for its name, which the message says.
            guard case let .readAs(_, _, .malformed(file, line, _, _, _))? = error as? DataLoadError else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual(file, broken)
            XCTAssertEqual(line, 1)
            XCTAssertTrue("\(error)".hasPrefix(broken + ":1:"), "\(error)")
        }
        XCTAssertThrowsError(try days.load(x: overview.xs[8], options: LoadOptions(y: ["Shares"]))) { error in
            guard case let .notInFile(file, _, _, _, _)? = error as? DataLoadError else { return XCTFail("\(error)") }
            XCTAssertEqual(file, days.path(forX: overview.xs[8]))
        }
        XCTAssertThrowsError(try days.load(x: .nan, options: LoadOptions())) { error in
            guard case .noData? = error as? DataLoadError else { return XCTFail("\(error)") }
        }
    }

    /// The generator: hours sum to their day exactly, nights are quieter than evenings.
    func testGeneratedHoursFollowTheDay() {
        let sample = ContestFolder()
        let daily = sample.dailyValues()
        var evenings = 0, nights = 0
        for day in [0, 60, 181] {
            let hours = sample.hourlyValues(day: day, totals: daily.map { $0[day] })
            for s in 0..<3 { XCTAssertEqual(hours[s].reduce(0, +), daily[s][day]) }
            evenings += hours[0][18...21].reduce(0, +)
            nights += hours[0][2...5].reduce(0, +)
        }
        XCTAssertGreaterThan(evenings, 2 * nights)
        XCTAssertEqual(ContestFolder.apportion(10, by: [1, 1, 1]).reduce(0, +), 10)
    }

    /// The bundled sample is what the generator writes (and is small).
    func testBundledSampleIsTheGenerators() throws {
        let bundled = "Resources/contest-views"
        if ProcessInfo.processInfo.environment["SIGHTLINE_WRITE_CONTEST_SAMPLE"] == "1" {
            try? FileManager.default.removeItem(atPath: bundled)
            try ContestFolder().write(to: bundled)
        }
        var bytes = 0
        for file in ContestFolder().files() {
            let text = try String(contentsOfFile: bundled + "/" + file.path, encoding: .utf8)
            XCTAssertEqual(text, file.text, file.path)
            bytes += text.utf8.count
        }
        XCTAssertLessThan(bytes, 300_000)
        XCTAssertNotNil(DayFiles(besideOverview: bundled + "/overview.json"))
    }

    /// Writes `small` into the scratch folder; returns its overview's path.
    private func writeSmall() throws -> String {
        try small.write(to: folder + "/chart")
        return folder + "/chart/overview.json"
    }
}
