import Foundation
import XCTest

/// What the command line says about the values given to options: a negative number is
/// read as a value and refused for being negative, and a name that is not in the file
/// is quoted with the flag that gave it.
final class OptionValueTests: ScratchFolderTestCase {
    /// Every numeric option of every command, given a negative number as its own word.
    func testNegativeNumbersAreValuesThatMustBePositive() throws {
        let csv = try write("x,y,z\n1,2,3\n2,3,4\n3,1,5\n", to: "in.csv")
        let out = ["--out", "\(folder)/o.png"]
        let wav = ["--out", "\(folder)/o.wav"]
        let cases: [(arguments: [String], option: String)] = [
            (["render", csv] + out + ["--size", "-1x-1"], "--size"),
            (["render", csv] + out + ["--line-width", "-1"], "--line-width"),
            (["render", csv] + out + ["--chart", "-1"], "--chart"),
            (["open", csv, "--size", "-1x-1"], "--size"),
            (["open", csv, "--line-width", "-1"], "--line-width"),
            (["open", csv, "--initial-range", "-0.5"], "--initial-range"),
            (["open", csv, "--audio-seconds", "-1"], "--audio-seconds"),
            (["open", csv, "--chart", "-2"], "--chart"),
            (["audio", csv] + wav + ["--seconds", "-1"], "--seconds"),
            (["audio", csv] + wav + ["--chart", "-1"], "--chart"),
            (["describe", csv, "--chart", "-1"], "--chart"),
            (["bench", "--points", "-1"], "--points"),
            (["bench", "--frames", "-1"], "--frames"),
            (["bench", "--size", "-1x-1"], "--size"),
            (["bench", "--line-width", "-1"], "--line-width"),
            (["bench", "--scale", "-0.5"], "--scale"),
            (["bench", "--chart", "-1"], "--chart"),
            (["bench-data", "--points", "-1"], "--points"),
            (["bench-data", "--chart", "-1"], "--chart"),
            (["walk", "-5", "\(folder)/w.csv"], "number of points"),
            (["walk", "--seed", "-1", "5", "\(folder)/w.csv"], "--seed"),
            (["walk", "--seed", "3", "-0.5", "\(folder)/w.csv"], "number of points"),
            (["fuzz-render", "--runs", "-1"], "--runs"),
            (["fuzz-render", "--from", "-1"], "--from"),
            (["fuzz-render", "--gl-every", "-1"], "--gl-every"),
            (["fuzz-render", "--seed", "-1"], "--seed"),
        ]
        for (arguments, option) in cases {
            let result = try ProcessRunner.run(ProcessRunner.sightline, arguments, removing: ["DISPLAY", "WAYLAND_DISPLAY"])
            let said = arguments.joined(separator: " ") + " → " + result.error
            XCTAssertEqual(result.status, 64, said)
            XCTAssertFalse(result.error.contains("Missing value"), said)
            XCTAssertTrue(result.error.contains(option), said)
            XCTAssertTrue(result.error.contains("positive") || result.error.contains("negative"), said)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(folder)/w.csv"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(folder)/o.png"))
        let msaa = try ProcessRunner.run(ProcessRunner.sightline, ["bench", "--msaa", "-4"])
        XCTAssertEqual(msaa.status, 64, msaa.error)
        XCTAssertTrue(msaa.error.contains("--msaa must be 0, 2, 4 or 8, not -4"), msaa.error)
    }

    /// A range that starts below zero is one word after its option as well as after `=`.
    func testANegativeRangeIsTheOptionsValue() throws {
        let csv = try write("x,y\n-10,2\n0,3\n10,1\n", to: "in.csv")
        for arguments in [["--x-range", "-5:5"], ["--x-range=-5:5"], ["--y-range", "-5:-1"]] {
            let result = try ProcessRunner.run(ProcessRunner.sightline,
                                               ["render", csv, "--out", "\(folder)/o.png", "--size", "64x48"] + arguments)
            XCTAssertEqual(result.status, 0, "\(arguments): \(result.error)")
        }
        let described = try ProcessRunner.run(ProcessRunner.sightline, ["describe", csv, "--x-range", "-10:-5"])
        XCTAssertEqual(described.status, 0, described.error)
        XCTAssertTrue(described.output.contains("1 point") || described.output.contains("2 points"), described.output)
        let swept = try ProcessRunner.run(ProcessRunner.sightline,
                                          ["audio", csv, "--out", "\(folder)/o.wav", "--seconds", "0.1", "--x-range", "-5:5"])
        XCTAssertEqual(swept.status, 0, swept.error)
    }

    /// A name that is not in the file is quoted and blamed on the flag that gave it, with
    /// the names the file has.
    func testAnUnknownNameSaysWhichFlagGaveIt() throws {
        let csv = try write("x,y,z\n1,2,3\n2,3,4\n3,1,5\n", to: "in.csv")
        let cases: [(flag: String, said: String)] = [
            ("--y2", "--y2 names \"nope\", which is not a series; the series are y, z"),
            ("--bars", "--bars names \"nope\", which is not a series; the series are y, z"),
            ("--area", "--area names \"nope\", which is not a series; the series are y, z"),
            ("--y", "--y names \"nope\", which is not a column; the columns are x, y, z"),
            ("--x", "--x names \"nope\", which is not a column; the columns are x, y, z"),
        ]
        for (flag, said) in cases {
            let result = try ProcessRunner.run(ProcessRunner.sightline, ["render", csv, "--out", "\(folder)/o.png", flag, "nope"])
            XCTAssertEqual(result.status, 64, result.error)
            XCTAssertTrue(result.error.contains("\(csv): \(said)"), "\(flag): \(result.error)")
        }
        let beside = try ProcessRunner.run(ProcessRunner.sightline, ["describe", csv, "--y", "y", "--y2", "z"])
        XCTAssertEqual(beside.status, 64, beside.error)
        XCTAssertTrue(beside.error.contains("--y2 names \"z\", which is not among the series --y reads (y); add it to --y"),
                      beside.error)
        let json = try write(#"[{"columns":[["x",1,2],["y0",1,2]],"types":{"y0":"line","x":"x"},"names":{"y0":"a"}},"#
                             + #"{"columns":[["x",1,2],["y0",3,4]],"types":{"y0":"line","x":"x"},"names":{"y0":"b"}}]"#,
                             to: "charts.json")
        let chart = try ProcessRunner.run(ProcessRunner.sightline, ["describe", json, "--chart", "3"])
        XCTAssertEqual(chart.status, 64, chart.error)
        XCTAssertTrue(chart.error.contains("--chart names 3, which is not a chart; the file holds charts 1 to 2"), chart.error)
        let series = try ProcessRunner.run(ProcessRunner.sightline, ["describe", json, "--y", "c"])
        XCTAssertEqual(series.status, 64, series.error)
        XCTAssertTrue(series.error.contains("--y names \"c\", which is not a column; the columns are x, y0 (a)"), series.error)
    }
}
