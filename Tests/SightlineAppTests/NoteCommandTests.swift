import ChartGeometry
import Foundation
import XCTest

/// `describe` lists a file's notes (those the window's session keeps, and `--note`), in
/// words and JSON; `--note` that is malformed or outside the data is refused, naming
/// the flag and the value.
final class NoteCommandTests: ScratchFolderTestCase {
    private func prices() throws -> String {
        var csv = "Date,Close\n"
        let first = CivilDate(year: 2023, month: 1, day: 3).unixSeconds
        for day in 0..<100 {
            let date = CivilDate(unixSeconds: first + Double(day) * 86_400)
            csv += String(format: "%04d-%02d-%02d,%.2f\n", date.year, date.month, date.day, 100 + Double(day % 17))
        }
        return try write(csv, to: "prices.csv")
    }

    /// A session with a note on the file, as the window writes it.
    private func session(for path: String) throws -> [String: String] {
        let config = folder + "/config"
        try FileManager.default.createDirectory(atPath: config + "/sightline", withIntermediateDirectories: true)
        let real = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        let x = CivilDate(year: 2023, month: 3, day: 13).unixSeconds
        let json = #"{"entries": [{"path": "\#(real)", "notes": [{"x": \#(x), "text": "Dip \u001b[31mred"}]}]}"#
        try json.write(toFile: config + "/sightline/session.json", atomically: true, encoding: .utf8)
        return ["XDG_CONFIG_HOME": config]
    }

    func testDescribeListsTheSessionsNotesAndThoseGiven() throws {
        let path = try prices()
        let environment = try session(for: path)
        let result = try ProcessRunner.run(ProcessRunner.sightline, ["describe", path, "--note", "2023-02-01=Start of \"Feb\""],
                                           environment: environment)
        XCTAssertEqual(result.status, 0, result.error)
        let lines = result.output.split(separator: "\n").map(String.init)
        XCTAssertEqual(Array(lines.suffix(2)), [#"Note at Feb 1, 2023: "Start of "Feb""."#,
                                                #"Note at Mar 13, 2023: "Dip [31mred"."#], result.output)

        let json = try ProcessRunner.run(ProcessRunner.sightline, ["describe", path, "--json"], environment: environment)
        XCTAssertEqual(json.status, 0, json.error)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let notes = try XCTUnwrap(object["notes"] as? [[String: Any]])
        XCTAssertEqual(notes.count, 1)
        XCTAssertEqual(notes.first?["x"] as? String, "2023-03-13T00:00:00Z")
        XCTAssertEqual(notes.first?["text"] as? String, "Dip [31mred", "read back as the window's field takes a note")

        let outside = try ProcessRunner.run(ProcessRunner.sightline, ["describe", path, "--x-range", "2023-01"],
                                            environment: environment)
        XCTAssertFalse(outside.output.contains("Note at"), "a note outside the range described is not listed")
        let without = try ProcessRunner.run(ProcessRunner.sightline, ["describe", path],
                                            environment: ["XDG_CONFIG_HOME": folder + "/empty"])
        XCTAssertFalse(without.output.contains("Note at"), "another session has no notes")
    }

    func testBadNotesAreRefusedNamingTheFlagAndValue() throws {
        let path = try prices()
        for (argument, status, words) in [("2020-03-16=Covid", 65, "outside the data"), ("no equals", 64, "X=TEXT"),
                                          ("2023-02-30x=late", 64, "is no x"), ("2023-02-01=", 64, "empty"),
                                          ("2023-02-01=a", 64, "--plain")] {
            let extra = words == "--plain" ? ["--plain"] : []
            let result = try ProcessRunner.run(ProcessRunner.sightline,
                                               ["render", path, "--out", folder + "/x.png", "--note", argument] + extra,
                                               environment: ["SDL_VIDEODRIVER": "offscreen"])
            XCTAssertEqual(result.status, Int32(status), "\(argument): \(result.error)")
            XCTAssertTrue(result.error.contains("--note") && result.error.contains(words), "\(argument): \(result.error)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/x.png"))
        }
    }

    /// The alt text of a picture with notes lists them too.
    func testRenderDrawsNotesAndItsAltTextListsThem() throws {
        let path = try prices()
        let out = folder + "/noted.png"
        let result = try ProcessRunner.run(ProcessRunner.sightline,
                                           ["render", path, "--out", out, "--alt-text", "--note", "2023-03-01=Turn"],
                                           environment: ["SDL_VIDEODRIVER": "offscreen"])
        XCTAssertEqual(result.status, 0, result.error)
        let text = try String(contentsOfFile: out + ".txt", encoding: .utf8)
        XCTAssertTrue(text.hasSuffix("Note at Mar 1, 2023: \"Turn\".\n"), text)
    }

    /// `render` draws the notes the session keeps for the file, as `describe` lists them:
    /// its alt text ends with describe's note line, and the picture differs from one
    /// rendered under a session without notes.
    func testRenderDrawsTheSessionsNotesAsDescribeListsThem() throws {
        let path = try prices()
        let environment = try session(for: path).merging(["SDL_VIDEODRIVER": "offscreen"]) { $1 }
        let described = try ProcessRunner.run(ProcessRunner.sightline, ["describe", path], environment: environment)
        XCTAssertEqual(described.status, 0, described.error)
        let noteLine = try XCTUnwrap(described.output.split(separator: "\n").last.map(String.init))
        XCTAssertTrue(noteLine.hasPrefix("Note at Mar 13, 2023"), described.output)

        let noted = folder + "/kept.png", bare = folder + "/bare.png"
        let result = try ProcessRunner.run(ProcessRunner.sightline, ["render", path, "--out", noted, "--alt-text"],
                                           environment: environment)
        XCTAssertEqual(result.status, 0, result.error)
        let altText = try String(contentsOfFile: noted + ".txt", encoding: .utf8)
        XCTAssertEqual(altText.split(separator: "\n").last.map(String.init), noteLine, altText)

        let without = try ProcessRunner.run(ProcessRunner.sightline, ["render", path, "--out", bare],
                                            environment: ["XDG_CONFIG_HOME": folder + "/empty", "SDL_VIDEODRIVER": "offscreen"])
        XCTAssertEqual(without.status, 0, without.error)
        XCTAssertNotEqual(FileManager.default.contents(atPath: noted), FileManager.default.contents(atPath: bare),
                          "the kept note is drawn")
    }

    /// `--note` is cleaned as the window's field cleans what is typed: a line break and
    /// the other control characters dropped, spaces at either end trimmed.
    func testANoteGivenIsCleanedAsTheWindowsField() throws {
        let path = try prices()
        let result = try ProcessRunner.run(ProcessRunner.sightline, ["describe", path, "--note", "2023-02-01= a\nb\u{1b}c "])
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertTrue(result.output.hasSuffix("Note at Feb 1, 2023: \"abc\".\n"), result.output)
    }

    /// Two `--note` at one point: the later stays, and a warning says which it replaced.
    func testASecondNoteAtAPointIsSaid() throws {
        let path = try prices()
        let result = try ProcessRunner.run(ProcessRunner.sightline, ["describe", path, "--note", "2023-02-01=a", "--note", "2023-02-01=b"])
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertTrue(result.output.hasSuffix("Note at Feb 1, 2023: \"b\".\n"), result.output)
        XCTAssertTrue(result.error.contains("warning: --note \"2023-02-01=b\" names the point of --note \"2023-02-01=a\""), result.error)
    }
}
