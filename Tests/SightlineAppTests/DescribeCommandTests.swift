import ChartGeometry
import Foundation
import XCTest

/// `sightline describe` and `render --alt-text`: the summary in words and JSON, and the
/// words written beside a picture as safely as the picture.
final class DescribeCommandTests: ScratchFolderTestCase {
    /// A price file: two decimals, dates, a rise, a dip in March and a top in July.
    private func prices() throws -> String {
        var csv = "Date,Close,Volume\n"
        let first = CivilDate(year: 2023, month: 1, day: 3).unixSeconds
        for day in 0..<361 {
            let date = CivilDate(unixSeconds: first + Double(day) * 86_400)
            let close = day == 0 ? 123.40 : day == 360 ? 150.10 : day == 69 ? 110.25 : day == 209 ? 171.80
                : 123.40 + Double(day) * 0.074
            csv += String(format: "%04d-%02d-%02d,%.2f,%d\n", date.year, date.month, date.day, close, 1000 + day)
        }
        return try write(csv, to: "prices.csv")
    }

    func testDescribePrintsTheSummaryInSentences() throws {
        let result = try ProcessRunner.run(ProcessRunner.sightline, ["describe", try prices(), "--y", "Close"])
        XCTAssertEqual(result.status, 0, result.error)
        let lines = result.output.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "361 points from Jan 3, 2023 to Dec 29, 2023.")
        XCTAssertTrue(lines.contains("Close rose from 123.40 to 150.10 (+26.70, +21.6%) between Jan 3, 2023 and Dec 29, 2023."),
                      result.output)
        XCTAssertTrue(lines.contains("Close was lowest at 110.25 on Mar 13, 2023 and highest at 171.80 on Jul 31, 2023."),
                      result.output)
        XCTAssertTrue(lines.contains { $0.hasPrefix("Overall Close trended up, about +0.0") && $0.contains(" a day;") }, result.output)
        XCTAssertFalse(result.output.contains("Volume"), "--y picks the series")
    }

    /// --x-range takes dates; the JSON holds the same numbers as the words.
    func testDescribeJSONOverARange() throws {
        let path = try prices()
        let result = try ProcessRunner.run(ProcessRunner.sightline,
                                           ["describe", path, "--y", "Close", "--x-range", "2023-03-01:2023-03-31", "--json"])
        XCTAssertEqual(result.status, 0, result.error)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        XCTAssertEqual(object["points"] as? Int, 31)
        XCTAssertEqual(object["firstX"] as? String, "2023-03-01T00:00:00Z")
        XCTAssertEqual(object["lastX"] as? String, "2023-03-31T00:00:00Z")
        let close = try XCTUnwrap((object["series"] as? [[String: Any]])?.first)
        let minimum = try XCTUnwrap(close["minimum"] as? [String: Any])
        XCTAssertEqual(minimum["x"] as? String, "2023-03-13T00:00:00Z")
        XCTAssertEqual(minimum["y"] as? Double, 110.25)
        let text = try XCTUnwrap(object["text"] as? [String])
        XCTAssertTrue(text.contains("Close was lowest at 110.25 on Mar 13, 2023 and highest at "
                                    + "\(String(format: "%.2f", try XCTUnwrap((close["maximum"] as? [String: Any])?["y"] as? Double))) on Mar 31, 2023."),
                      text.joined(separator: "\n"))
        let words = try ProcessRunner.run(ProcessRunner.sightline, ["describe", path, "--y", "Close", "--x-range", "2023-03-01:2023-03-31"])
        XCTAssertEqual(words.output.split(separator: "\n").map(String.init), text, "the same sentences either way")
    }

    func testDescribeErrorsAreRendersErrors() throws {
        let missing = try ProcessRunner.run(ProcessRunner.sightline, ["describe", "\(folder)/absent.csv"])
        XCTAssertEqual(missing.status, 66)
        XCTAssertTrue(missing.error.contains("absent.csv"), missing.error)
        let dates = try ProcessRunner.run(ProcessRunner.sightline, ["describe", try write("x,y\n0,1\n1,2\n", to: "n.csv"),
                                                                    "--x-range", "2020-01-01:2020-02-01"])
        XCTAssertEqual(dates.status, 64)
        XCTAssertTrue(dates.error.contains("numbers"), dates.error)
    }

    /// On a date axis four digits are a year and `YYYY-MM` a month, each end taking its
    /// whole period; one alone is that period. Elsewhere four digits are a number.
    func testYearsAndMonthsAreCalendarRanges() throws {
        let path = try prices()
        func first(_ range: String) throws -> String {
            let result = try ProcessRunner.run(ProcessRunner.sightline, ["describe", path, "--y", "Close", "--x-range", range])
            XCTAssertEqual(result.status, 0, "\(range): \(result.error)")
            return result.output.split(separator: "\n").first.map(String.init) ?? ""
        }
        XCTAssertEqual(try first("2023:2024"), "361 points from Jan 3, 2023 to Dec 29, 2023.")
        XCTAssertEqual(try first("2023"), "361 points from Jan 3, 2023 to Dec 29, 2023.")
        XCTAssertEqual(try first("2023-03:2023-04"), "61 points from Mar 1, 2023 to Apr 30, 2023.")
        XCTAssertEqual(try first("2023-02"), "28 points from Feb 1, 2023 to Feb 28, 2023.")
        XCTAssertEqual(try first("2023-12:2023-12"), "29 points from Dec 1, 2023 to Dec 29, 2023.")
        XCTAssertEqual(try first("2023-03-01:2023-03"), "31 points from Mar 1, 2023 to Mar 31, 2023.")

        let numbers = try write("x,y\n2019,1\n2020,2\n2021,3\n2022,4\n", to: "years-as-numbers.csv")
        let asNumbers = try ProcessRunner.run(ProcessRunner.sightline, ["describe", numbers, "--x-range", "2020:2021"])
        XCTAssertEqual(asNumbers.status, 0, asNumbers.error)
        XCTAssertTrue(asNumbers.output.hasPrefix("2 points from x = 2,020 to x = 2,021."), asNumbers.output)
        let alone = try ProcessRunner.run(ProcessRunner.sightline, ["describe", numbers, "--x-range", "2020"])
        XCTAssertEqual(alone.status, 64)
        XCTAssertTrue(alone.error.contains("give A:B"), alone.error)
        let mixed = try ProcessRunner.run(ProcessRunner.sightline, ["describe", path, "--x-range", "2023:1700000000"])
        XCTAssertEqual(mixed.status, 64)
        XCTAssertTrue(mixed.error.contains("not one of each"), mixed.error)
        let reversed = try ProcessRunner.run(ProcessRunner.sightline, ["describe", path, "--x-range", "2024:2023"])
        XCTAssertEqual(reversed.status, 64)
        XCTAssertTrue(reversed.error.contains("reversed"), reversed.error)
    }

    /// A range with no data is refused the same way by describe, render and audio: the
    /// range asked for and where the data runs, exit 65, nothing written.
    func testAnEmptyRangeIsRefusedAlikeEverywhere() throws {
        let path = try prices()
        let expected = "sightline: \"\(path)\" has no data in --x-range (from Jan 1, 2030 to Dec 31, 2031); "
            + "its data runs from Jan 3, 2023 to Dec 29, 2023\n"
        let described = try ProcessRunner.run(ProcessRunner.sightline, ["describe", path, "--x-range", "2030:2031"])
        XCTAssertEqual(described.status, 65)
        XCTAssertEqual(described.error, expected)
        XCTAssertEqual(described.output, "")
        let json = try ProcessRunner.run(ProcessRunner.sightline, ["describe", path, "--x-range", "2030:2031", "--json"])
        XCTAssertEqual(json.status, 65)
        XCTAssertEqual(json.output, "")
        for (command, out) in [("render", "\(folder)/empty.png"), ("audio", "\(folder)/empty.wav")] {
            let result = try ProcessRunner.run(ProcessRunner.sightline, [command, path, "--y", "Close", "--x-range", "2030:2031",
                                                                         "--out", out])
            XCTAssertEqual(result.status, 65, "\(command): \(result.error)")
            XCTAssertEqual(result.error, expected, command)
            XCTAssertFalse(FileManager.default.fileExists(atPath: out), "\(command) writes nothing")
        }
        // A line crosses the weekend, but no point lies in it: refused alike too.
        let weekend = try write("date,close\n2023-01-05,1\n2023-01-06,2\n2023-01-09,3\n2023-01-10,4\n", to: "weekend.csv")
        let commands: [(String, String?)] = [("describe", nil), ("render", "\(folder)/weekend.png"), ("audio", "\(folder)/weekend.wav")]
        for (command, out) in commands {
            let result = try ProcessRunner.run(ProcessRunner.sightline, [command, weekend, "--x-range", "2023-01-07:2023-01-08"]
                                                   + (out.map { ["--out", $0] } ?? []))
            XCTAssertEqual(result.status, 65, "\(command): \(result.error)")
            XCTAssertEqual(result.error, "sightline: \"\(weekend)\" has no data in --x-range (from Jan 7, 2023 to Jan 8, 2023); "
                           + "its data runs from Jan 5, 2023 to Jan 10, 2023\n", command)
            XCTAssertEqual(result.output, "", command)
        }
        let numbers = try write("x,y\n0,1\n1,2\n", to: "n.csv")
        let empty = try ProcessRunner.run(ProcessRunner.sightline, ["describe", numbers, "--x-range", "5:9"])
        XCTAssertEqual(empty.status, 65, empty.error)
        XCTAssertEqual(empty.error, "sightline: \"\(numbers)\" has no data in --x-range (from x = 5 to x = 9); "
                       + "its data runs from x = 0 to x = 1\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder).sorted(), ["n.csv", "prices.csv", "weekend.csv"])
    }

    /// A series with gaps counts its own values, and a change across zero has no
    /// percentage, in describe's words as in the summary's.
    func testCountsPerSeriesAndNoPercentAcrossZero() throws {
        var csv = "x,walk,full\n"
        for i in 0..<10 { csv += "\(i),\(i % 3 == 1 ? "" : String(format: "%.2f", 1.29 - Double(i) * 33.5)),\(i)\n" }
        let result = try ProcessRunner.run(ProcessRunner.sightline, ["describe", try write(csv, to: "w.csv")])
        XCTAssertEqual(result.status, 0, result.error)
        let lines = result.output.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "10 x values from x = 0 to x = 9.")
        XCTAssertTrue(lines.contains("walk has 7 values in view."), result.output)
        XCTAssertTrue(lines.contains("full has 10 values in view."), result.output)
        XCTAssertTrue(lines.contains("walk fell from 1.29 to \u{2212}300.21 (\u{2212}301.50; no percentage, as its values cross zero) "
                                      + "between x = 0 and x = 9."), result.output)
        XCTAssertTrue(lines.contains { $0.hasPrefix("full rose from 0 to 9 (+9; no percentage, as it starts at 0)") }, result.output)
    }

    /// The words go to `<out>.txt` beside the PNG, describing the picture's range.
    func testRenderAltTextWritesTheSummaryBesideThePNG() throws {
        let path = try prices()
        let out = "\(folder)/chart.png"
        let result = try ProcessRunner.run(ProcessRunner.sightline, ["render", path, "--y", "Close", "--out", out, "--size", "320x200",
                                                                     "--x-range", "2023-03-01:2023-03-31", "--alt-text"])
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertTrue(FileManager.default.fileExists(atPath: out))
        let text = try String(contentsOfFile: out + ".txt", encoding: .utf8)
        let described = try ProcessRunner.run(ProcessRunner.sightline, ["describe", path, "--y", "Close",
                                                                        "--x-range", "2023-03-01:2023-03-31"])
        XCTAssertEqual(text, described.output, "the same summary as describe over the same range")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder).sorted(), ["chart.png", "chart.png.txt", "prices.csv"],
                       "no temporary left")
    }

    /// `<out>.txt` that is the data file, or a link to the PNG, is refused (73) and left
    /// as it was; `--out -` cannot have a file beside it (64).
    func testAltTextNeverOverwritesWhatItMustNot() throws {
        let csv = "x,y\n0,0\n10,10\n"
        let input = try write(csv, to: "chart.png.txt")
        let overInput = try ProcessRunner.run(ProcessRunner.sightline, ["render", input, "--out", "\(folder)/chart.png",
                                                                        "--size", "64x48", "--alt-text"])
        XCTAssertEqual(overInput.status, 73, overInput.error)
        XCTAssertTrue(overInput.error.contains("chart.png.txt"), overInput.error)
        XCTAssertEqual(try String(contentsOfFile: input, encoding: .utf8), csv, "the data is unchanged")

        let data = try write(csv, to: "data.csv")
        let png = "\(folder)/linked.png"
        XCTAssertEqual(symlink("linked.png", png + ".txt"), 0)
        let overPNG = try ProcessRunner.run(ProcessRunner.sightline, ["render", data, "--out", png, "--size", "64x48", "--alt-text"])
        XCTAssertEqual(overPNG.status, 73, overPNG.error)
        XCTAssertTrue(overPNG.error.contains("linked.png.txt"), overPNG.error)
        XCTAssertFalse(FileManager.default.fileExists(atPath: png), "a refused command leaves no picture either")

        // A text file it must refuse leaves the picture it would have replaced alone.
        let kept = try write("PRECIOUS", to: "kept.png")
        try FileManager.default.createDirectory(atPath: kept + ".txt", withIntermediateDirectories: false)
        let refused = try ProcessRunner.run(ProcessRunner.sightline, ["render", data, "--out", kept, "--size", "64x48", "--alt-text"])
        XCTAssertEqual(refused.status, 73, refused.error)
        XCTAssertEqual(try String(contentsOfFile: kept, encoding: .utf8), "PRECIOUS", "nothing written when the text is refused")

        let stdout = try ProcessRunner.run(ProcessRunner.sightline, ["render", data, "--out", "-", "--alt-text"])
        XCTAssertEqual(stdout.status, 64)
        XCTAssertTrue(stdout.error.contains("--alt-text"), stdout.error)
    }
}

