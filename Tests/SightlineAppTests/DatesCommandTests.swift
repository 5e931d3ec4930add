import Foundation
import XCTest

/// Dates as files export them, through the command line: `--date-format`, `--utc`
/// against local time, and ranges of years on a date axis.
final class DatesCommandTests: ScratchFolderTestCase {
    private func describe(_ arguments: [String], zone: String = "UTC") throws -> ProcessRunner.Result {
        try ProcessRunner.run(ProcessRunner.sightline, ["describe"] + arguments, environment: ["TZ": zone])
    }

    /// `--x-range 2020:2021` on a date axis is both whole years, not 2,020 seconds.
    func testBareYearsInARangeAreWholeYears() throws {
        var csv = "Date,Value\n"
        for month in 1...12 {
            for year in 2019...2022 { csv += "\(month)/15/\(year) 10:00 AM,\(year)\n" }
        }
        let path = try write(csv, to: "monthly.csv")
        let range = try describe([path, "--x-range", "2020:2021"])
        XCTAssertEqual(range.status, 0, range.error)
        XCTAssertTrue(range.output.hasPrefix("24 points from Jan 15, 2020 10:00 to Dec 15, 2021 10:00."), range.output)
        let months = try describe([path, "--x-range", "2020-03:2020-04"])
        XCTAssertTrue(months.output.hasPrefix("2 points from Mar 15, 2020 10:00 to Apr 15, 2020 10:00."), months.output)
        let written = try describe([path, "--x-range", "Mar 1, 2020:15.04.2020"])
        XCTAssertTrue(written.output.hasPrefix("2 points from Mar 15, 2020 10:00 to Apr 15, 2020 10:00."), written.output)
        let years = try describe([try write("Year,Sunspots\n1749,80.9\n1750,83.4\n1751,47.7\n", to: "yearly.csv"),
                                  "--x-range", "1750"])
        XCTAssertTrue(years.output.hasPrefix("1 point"), years.output + years.error)
        XCTAssertTrue(years.output.hasPrefix("1 point in 1750."), years.output)
    }

    /// Instants are shown in the local zone (`TZ`), or in UTC with `--utc`; times
    /// written without a zone are shown as written either way.
    func testUTCAgainstLocalTime() throws {
        let instants = try write("t,v\n2020-01-31T10:30:00Z,1\n2020-07-31T10:30:00+01:00,2\n", to: "instants.csv")
        let local = try describe([instants], zone: "Europe/Berlin")
        XCTAssertEqual(local.status, 0, local.error)
        XCTAssertTrue(local.output.hasPrefix("2 points from Jan 31, 2020 11:30 to Jul 31, 2020 11:30."), local.output)
        let utc = try describe([instants, "--utc"], zone: "Europe/Berlin")
        XCTAssertTrue(utc.output.hasPrefix("2 points from Jan 31, 2020 10:30 to Jul 31, 2020 09:30."), utc.output)
        let json = try describe([instants, "--json"], zone: "Europe/Berlin")
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        XCTAssertEqual(object["firstX"] as? String, "2020-01-31T10:30:00Z", "the JSON's instants are in UTC, as it says")
        let wall = try write("t,v\n01/31/2020 10:30,1\n07/31/2020 10:30,2\n", to: "wall.csv")
        let shown = try describe([wall], zone: "Europe/Berlin")
        XCTAssertTrue(shown.output.hasPrefix("2 points from Jan 31, 2020 10:30 to Jul 31, 2020 10:30."), shown.output)
    }

    /// The sample of monthly values as published (`1749-01,58.0`) opens on a date axis,
    /// its points read as months.
    func testTheMonthlySampleOpensOnADateAxis() throws {
        let result = try describe(["Resources/sunspots-monthly.csv", "--x-range", "1750"])
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertTrue(result.output.hasPrefix("12 points from Jan 1750 to Dec 1750."), result.output)
    }

    func testDateFormatOverridesAndABadOneIsAUsageError() throws {
        let path = try write("d,v\n01/02/2020,1\n01/03/2020,2\n", to: "ambiguous.csv")
        let assumed = try describe([path])
        XCTAssertTrue(assumed.error.contains("read as MM/DD/YYYY"), assumed.error)
        XCTAssertTrue(assumed.output.hasPrefix("2 points from Jan 2, 2020 to Jan 3, 2020."), assumed.output)
        let dayFirst = try describe([path, "--date-format", "%d/%m/%Y"])
        XCTAssertEqual(dayFirst.error, "")
        // Day first, the two are month starts, and read as the months they open.
        XCTAssertTrue(dayFirst.output.hasPrefix("2 points from Feb 2020 to Mar 2020."), dayFirst.output)
        let bad = try describe([path, "--date-format", "%d/%q/%Y"])
        XCTAssertEqual(bad.status, 64)
        XCTAssertTrue(bad.error.contains("--date-format: \"%d/%q/%Y\" has %q"), bad.error)
    }

    /// A range or note with a slash date that reads both ways is refused saying so,
    /// where before the message listed forms the value seemed to follow; one that says
    /// which field is the day is read.
    func testASlashDateThatReadsBothWaysIsRefusedSayingWhy() throws {
        let path = try write("Date,Value\n01/15/2020,1\n03/15/2020,2\n05/15/2020,3\n", to: "us.csv")
        let range = try describe([path, "--x-range", "03/01/2020:05/31/2020"])
        XCTAssertEqual(range.status, 64)
        XCTAssertTrue(range.error.contains("\"03/01/2020\" could be month first or day first"), range.error)
        let note = try ProcessRunner.run(ProcessRunner.sightline, ["describe", path, "--note", "03/01/2020=Spring"],
                                         environment: ["TZ": "UTC"])
        XCTAssertEqual(note.status, 64)
        XCTAssertTrue(note.error.contains("--note") && note.error.contains("could be month first or day first"), note.error)
        let said = try describe([path, "--x-range", "03/13/2020:05/31/2020"])
        XCTAssertTrue(said.output.hasPrefix("2 points from Mar 15, 2020 to May 15, 2020."), said.output + said.error)
        let bad = try describe([path, "--x-range", "2020-02-30:2020-03-05"])
        XCTAssertFalse(bad.error.contains("could be"), bad.error)
    }

    /// A range bound with a zone is that instant wherever the axis shows local time (it
    /// was read as the local wall clock, its zone dropped: hours off); one without is the
    /// axis' own clock, as before; with --utc both are UTC.
    func testARangeWithAZoneIsThatInstantOnALocalAxis() throws {
        var csv = "time,v\n"
        for hour in 0..<12 { csv += "2020-01-31T\(hour < 10 ? "0" : "")\(hour):00:00Z,\(hour)\n" }
        let path = try write(csv, to: "zoned.csv")
        for (range, utc, first) in [("2020-01-31T03:00Z:2020-01-31T05:00Z", false, "3"),
                                    ("2020-01-31T04:00+01:00:2020-01-31T06:00+01:00", false, "3"),
                                    ("2020-01-31T03:00Z:2020-01-31T05:00Z", true, "3"),
                                    ("2020-01-31T03:00:2020-01-31T05:00", false, "8"),
                                    ("2020-01-31T03:00:2020-01-31T05:00", true, "3")] {
            let result = try describe([path, "--x-range", range] + (utc ? ["--utc"] : []), zone: "America/New_York")
            XCTAssertEqual(result.status, 0, result.error)
            XCTAssertTrue(result.output.contains("v rose from \(first) to"), "\(range) utc \(utc): \(result.output)")
        }
        let note = try ProcessRunner.run(ProcessRunner.sightline,
                                         ["describe", path, "--note", "2020-01-31T07:00Z=Seven"], environment: ["TZ": "America/New_York"])
        XCTAssertTrue(note.output.contains("Note at Jan 31, 2020 02:00"), note.output + note.error)
    }
}
