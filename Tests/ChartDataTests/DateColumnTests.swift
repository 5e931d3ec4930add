@testable import ChartData
import Foundation
import XCTest

/// The x column's dates as files export them: the form chosen once for the column, the
/// order of day and month settled by its values, years only where the column says so.
final class DateColumnTests: XCTestCase {
    private func load(_ text: String, _ options: LoadOptions = LoadOptions()) throws -> Dataset {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBytes { try CSVLoader().load($0, source: "d.csv", options: options, tracker: nil) }
    }

    private func loadError(_ text: String, _ options: LoadOptions = LoadOptions()) -> String {
        do {
            _ = try load(text, options)
            return "no error"
        } catch {
            return String(describing: error)
        }
    }

    private func day(_ year: Int, _ month: Int, _ day: Int) -> Double {
        Double(CivilCalendar.days(year: year, month: month, day: day)) * 86_400
    }

    func testSlashDatesNoRowSettlesAreReadMonthFirstWithOneWarning() throws {
        let dataset = try load("Date,Value\n01/02/2020,1\n01/03/2020,2\n1/4/2020,3\n")
        XCTAssertEqual(Array(dataset.xs), [day(2020, 1, 2), day(2020, 1, 3), day(2020, 1, 4)])
        XCTAssertEqual(dataset.xKind, .time(unitsPerSecond: 1))
        XCTAssertEqual(dataset.warnings, [
            "d.csv: no date in x column \"Date\" says which of day and month comes first (\"01/02/2020\" on line 2); "
                + "read as MM/DD/YYYY, as US spreadsheets write dates (--date-format %d/%m/%Y reads them day first)",
        ])
        var options = LoadOptions()
        options.dateFormat = try DatePattern(strftime: "%d/%m/%Y")
        let dayFirst = try load("Date,Value\n01/02/2020,1\n01/03/2020,2\n", options)
        XCTAssertEqual(Array(dayFirst.xs), [day(2020, 2, 1), day(2020, 3, 1)])
        XCTAssertEqual(dayFirst.warnings, [], "--date-format leaves nothing assumed")
        options.dateFormat = try DatePattern(strftime: "%Y.%m.%d")
        XCTAssertEqual(Array(try load("2020.01.31,1\n2020.02.01,2\n", options).xs), [day(2020, 1, 31), day(2020, 2, 1)],
                       "a first row --date-format reads is data, not a header")
    }

    /// A value far down the file settles the order for all the rows before it.
    func testALaterRowSettlesTheOrderBothWays() throws {
        let ambiguous = (1...9).map { "0\($0)/01/2020,\($0)\n" }.joined()
        let dayFirst = try load("Date,Value\n" + ambiguous + "31/12/2020,0\n")
        XCTAssertEqual(dayFirst.warnings, [])
        XCTAssertTrue(dayFirst.xs.contains(day(2020, 1, 2)), "02/01/2020 read day first")
        XCTAssertEqual(dayFirst.xs.last, day(2020, 12, 31))
        let monthFirst = try load("Date,Value\n" + ambiguous + "12/31/2020,0\n")
        XCTAssertEqual(monthFirst.warnings, [])
        XCTAssertTrue(monthFirst.xs.contains(day(2020, 2, 1)), "02/01/2020 read month first")
    }

    func testAColumnWrittenBothWaysNamesTheLine() {
        XCTAssertEqual(loadError("Date,Value\n01/02/2020,1\n13/01/2020,2\n01/14/2020,3\n"),
                       "d.csv:4:1: expected a date written DD/MM/YYYY like line 3's \"13/01/2020\" in column \"Date\", "
                           + "found \"01/14/2020\"")
    }

    func testAColumnMixingFormsNamesTheFirstLineThatBreaksIt() {
        XCTAssertEqual(loadError("d,v\n31.01.2020,1\n01.02.2020,2\n2020-02-03,3\n"),
                       "d.csv:4:1: expected a date written DD.MM.YYYY like line 2's \"31.01.2020\" in column \"d\", "
                           + "found \"2020-02-03\"")
        var options = LoadOptions()
        options.dateFormat = try? DatePattern(strftime: "%Y%m%d")
        XCTAssertEqual(loadError("d,v\n20200131,1\n2020-02-01,2\n", options),
                       "d.csv:3:1: expected a date as --date-format \"%Y%m%d\" reads it in column \"d\", found \"2020-02-01\"")
    }

    /// Instants are shown in local time and wall-clock times as written, so a column
    /// mixing them would put some rows hours off: it is shown in UTC, those without a
    /// zone taken as UTC, with one warning naming the first row against the first, in
    /// either order and in either reader.
    func testAColumnMixingZonedAndWallClockTimesIsShownInUTCWithAWarning() throws {
        let zoneFirst = "t,v\n2020-01-01T00:00:00Z,1\n2020-01-02T00:00:00+01:00,2\n2020-01-03T00:00:00,3\n"
        var mixed = try load(zoneFirst)
        XCTAssertEqual(Array(mixed.xs), [day(2020, 1, 1), day(2020, 1, 2) - 3600, day(2020, 1, 3)])
        XCTAssertEqual(mixed.warnings, ["d.csv: x column \"t\" mixes times with a zone (Z, +01:00) and without "
                                            + "(\"2020-01-03T00:00:00\" on line 4); those without are taken as UTC, "
                                            + "and times are shown in UTC"])
        let wallFirst = "t,v\n2020-01-01 00:00,1\n2020-01-02 00:00-05:00,2\n2020-01-03 00:00,3\n"
        mixed = try load(wallFirst)
        XCTAssertEqual(Array(mixed.xs), [day(2020, 1, 1), day(2020, 1, 2) + 5 * 3600, day(2020, 1, 3)])
        XCTAssertEqual(mixed.warnings.count, 1)
        XCTAssertTrue(mixed.warnings[0].contains("(\"2020-01-02 00:00-05:00\" on line 3)"), mixed.warnings[0])
        for text in ["t,v\n1/31/2020 1:05 PM,1\n2/1/2020 1:05 PM Z,2\n", "t,v\n31.01.2020 13:05 +01:00,1\n01.02.2020 13:05,2\n"] {
            XCTAssertTrue(try load(text).warnings.contains { $0.contains("mixes times with a zone") }, text)
        }
        for text in ["t,v\n2020-01-01,1\n2020-01-02 10:00,2\n2020-01-03T11:00:00.5,3\n",
                     "t,v\n2020-01-01T00:00Z,1\n2020-01-02T00:00-0500,2\n", "t,v\n31.01.2020 13:05,1\n01.02.2020,2\n"] {
            XCTAssertEqual(try load(text).warnings, [], text)
        }
    }

    /// A value written in the column's form on a day its month lacks says so, in the
    /// first row or a later one, in the ISO reader and the others.
    func testADayItsMonthLacksIsNamedAsSuch() {
        for (text, line, found, missing) in [
            ("d,v\n2019-02-29,1\n", 2, "2019-02-29", "February 2019 has 28 days"),
            ("d,v\n2020-01-31,1\n2020-02-31T10:00,2\n", 3, "2020-02-31T10:00", "February 2020 has 29 days"),
            ("d,v\n31/04/2020,1\n", 2, "31/04/2020", "April 2020 has 30 days"),
            ("d,v\n01/31/2020,1\n02/30/2020,2\n", 3, "02/30/2020", "February 2020 has 29 days"),
            ("d,v\n31.01.2020,1\n31.06.2021,2\n", 3, "31.06.2021", "June 2021 has 30 days"),
            ("d,v\n\"Apr 31, 2020\",1\n", 2, "Apr 31, 2020", "April 2020 has 30 days"),
        ] {
            XCTAssertEqual(loadError(text), "d.csv:\(line):1: expected a day its month has in x column \"d\" (\(missing)), "
                               + "found \"\(found)\"", text)
        }
        XCTAssertTrue(loadError("d,v\n2020-13-01,1\n").contains("expected a number or a date"), "no such month")
    }

    func testMonthsAndNamedForms() throws {
        let sunspots = try load("month,ssn\n1749-01,58.0\n1749-02,62.6\n")
        XCTAssertEqual(Array(sunspots.xs), [day(1749, 1, 1), day(1749, 2, 1)])
        XCTAssertEqual(Array(try load("d,v\n\"Jan 31, 2020\",1\n\"February 1, 2020 1:05 PM\",2\n").xs),
                       [day(2020, 1, 31), day(2020, 2, 1) + 13 * 3600 + 300])
        XCTAssertEqual(Array(try load("d;v\n31-Jan-2020;1\n01-Feb-2020;2\n").xs), [day(2020, 1, 31), day(2020, 2, 1)])
        XCTAssertEqual(Array(try load("d,v\n2020/01/31 10:30,1\n2020/02/01 10:30,2\n").xs),
                       [day(2020, 1, 31) + 37_800, day(2020, 2, 1) + 37_800])
        XCTAssertEqual(Array(try load("d,v\n2020-01-31 1:05 PM,1\n2020-02-01 12:00 AM,2\n").xs),
                       [day(2020, 1, 31) + 13 * 3600 + 300, day(2020, 2, 1)], "ISO dates with a 12-hour time")
        XCTAssertEqual(Array(try load("1.2.2020,5\n2.2.2020,6\n").xs), [day(2020, 2, 1), day(2020, 2, 2)],
                       "a file without a header: a dotted date is data, day first")
    }

    /// Four-digit integers are years only under a name that says so; any other numeric
    /// x stays numbers.
    func testYearsOnlyWhereTheColumnSaysSo() throws {
        let years = try load("Year,Sunspots\n1749,80.9\n1750,83.4\n1751,47.7\n")
        XCTAssertEqual(years.xKind, .time(unitsPerSecond: 1))
        XCTAssertEqual(Array(years.xs), [day(1749, 1, 1), day(1750, 1, 1), day(1751, 1, 1)])
        XCTAssertEqual(try load("x,y\n1749,1\n1750,2\n").xKind, .number, "no name that says years")
        XCTAssertEqual(try load("year,y\n1749.042,1\n1749.125,2\n").xKind, .number, "decimal years stay numbers")
        XCTAssertEqual(try load("year,y\n999,1\n1000,2\n").xKind, .number, "a three-digit value")
        let counts = (1...1000).map { "\($0),\($0 * 2)\n" }.joined()
        XCTAssertEqual(try load("step,y\n" + counts).xKind, .number)
    }

    /// Instants move to the zone's wall clock, summer time included; wall-clock times
    /// never move.
    func testInstantsMoveToTheWallClockOfTheZone() throws {
        var dataset = try load("t,v\n2020-01-31T10:30:00Z,1\n2020-07-31T10:30:00+01:00,2\n")
        XCTAssertEqual(Array(dataset.xs), [day(2020, 1, 31) + 10.5 * 3600, day(2020, 7, 31) + 9.5 * 3600])
        dataset.moveToWallClock(of: try XCTUnwrap(TimeZone(identifier: "Europe/Berlin")))
        XCTAssertEqual(Array(dataset.xs), [day(2020, 1, 31) + 11.5 * 3600, day(2020, 7, 31) + 11.5 * 3600])
        XCTAssertTrue(carriesZone("t,v\n2020-01-31T10:30:00Z,1\n"))
        XCTAssertTrue(carriesZone("t,v\n1/31/2020 10:30 PM -0500,1\n"))
        XCTAssertFalse(carriesZone("t,v\n2020-01-31T10:30:00,1\n"), "a wall-clock time")
    }

    /// Whether the first row's x carries a zone, as the loader tells it.
    private func carriesZone(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBytes { buffer in
            var scanner = CSVScanner(bytes: buffer, lineLimit: 1000)
            _ = scanner.readLine(maxBytes: 1000, maxFields: 10)
            let sample = scanner.readLine(maxBytes: 1000, maxFields: 10).0
            let format = CSVLoader.xFormat(sampleFormat: .date, sample: sample, after: scanner, xIndex: 0, name: "t",
                                           options: LoadOptions())
            return format.map { CSVLoader.carriesZone($0, sample: sample, scanner: scanner, xIndex: 0) } ?? false
        }
    }
}

/// Summer time: the wall clock stays ascending where clocks go back.
final class WallClockTests: XCTestCase {
    /// Minutes across Berlin's change back on 2020-10-25 (01:00 UTC) and forward on
    /// 2021-03-28: ascending throughout, exact outside the squeezed two hours, the
    /// squeezed ones within the hour shown twice, the skipped hour empty.
    func testMinutesAcrossSummerTimeStayAscending() throws {
        let berlin = try XCTUnwrap(TimeZone(identifier: "Europe/Berlin"))
        for change in [1_603_587_600.0, 1_616_893_200.0] {
            let xs = (-240...240).map { change + Double($0) * 60 }
            var dataset = Dataset(source: "t.csv", xs: XValues(xs), series: [Series(name: "v", ys: xs.map { _ in 1 })])
            dataset.moveToWallClock(of: berlin)
            let moved = Array(dataset.xs)
            XCTAssertTrue(zip(moved, moved.dropFirst()).allSatisfy { $0 < $1 }, "ascending at \(change)")
            for (x, wall) in zip(xs, moved) {
                let offset = Double(berlin.secondsFromGMT(for: Date(timeIntervalSince1970: x)))
                if abs(x - change) >= 3600 {
                    XCTAssertEqual(wall, x + offset, "outside the squeeze, exact")
                } else if change == 1_603_587_600 {
                    XCTAssertTrue((change + 3600..<change + 7200).contains(wall), "within the hour shown twice")
                } else {
                    XCTAssertEqual(wall, x + offset, "clocks going forward move nothing else")
                }
            }
        }
    }
}
