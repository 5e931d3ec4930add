import Foundation
import XCTest

/// `--log-y` on the command line: `render` warns once about the values a log axis cannot
/// show and refuses a y range through zero; `describe` reads the trend as a compounded
/// rate; `--log` is taken for it (it used to answer "Did you mean '--lod'?").
final class LogScaleCommandTests: ScratchFolderTestCase {
    func testRenderWarnsOnceAboutValuesAtOrBelowZero() throws {
        let path = try write("x,Close,Open\n1,-1,5\n2,0,6\n3,10,-2\n4,100,8\n5,1000,9\n", to: "signs.csv")
        let out = folder + "/signs.png"
        let result = try ProcessRunner.run(ProcessRunner.sightline, ["render", path, "--y", "Close,Open", "--log-y", "--out", out],
                                           environment: ["SDL_VIDEODRIVER": "offscreen"])
        XCTAssertEqual(result.status, 0, result.error)
        let warnings = result.error.split(separator: "\n").filter { $0.contains("log axis") }
        XCTAssertEqual(warnings, ["warning: \(path): 2 values ≤ 0 in Close and 1 in Open are gaps on the log axis"])
        XCTAssertTrue(FileManager.default.fileExists(atPath: out))
        let refused = try ProcessRunner.run(ProcessRunner.sightline, ["render", path, "--log", "--y-range", "0:100", "--out", out],
                                            environment: ["SDL_VIDEODRIVER": "offscreen"])
        XCTAssertEqual(refused.status, 64)
        XCTAssertTrue(refused.error.contains("a log axis (--log-y) holds only values above 0"), refused.error)
    }

    /// A y range a log axis cannot hold is refused alike by `render` and `open`, before
    /// the file is read, naming the option as typed, as other refusals are (no usage).
    func testAYRangeThroughZeroIsRefusedAlikeAsTyped() throws {
        let path = try write("x,y,z\n1,5,50\n2,6,60\n", to: "two.csv")
        let out = folder + "/two.png"
        let cases: [([String], String)] = [
            (["render", path, "--log-y", "--y-range=0:1e2", "--out", out],
             "sightline: --y-range \"0:1e2\": a log axis (--log-y) holds only values above 0\n"),
            (["open", path, "--y", "y,z", "--log-y2", "--y2-range", "-5:10"],
             "sightline: --y2-range \"-5:10\": a log axis (--log-y2) holds only values above 0\n"),
        ]
        for (arguments, message) in cases {
            let refused = try ProcessRunner.run(ProcessRunner.sightline, arguments,
                                                environment: ["SDL_VIDEODRIVER": "offscreen", "DISPLAY": ""])
            XCTAssertEqual(refused.status, 64, arguments.joined(separator: " "))
            XCTAssertEqual(refused.error, message)
            XCTAssertFalse(FileManager.default.fileExists(atPath: out))
        }
    }

    func testDescribeGivesTheCompoundedRate() throws {
        let result = try ProcessRunner.run(ProcessRunner.sightline, ["describe", "Resources/sp500-century.csv", "--log-y"])
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertTrue(result.output.contains("On the log axis Close grew about 6.93% a year compounded; from first to last it grew 327 times"),
                      result.output)
        let linear = try ProcessRunner.run(ProcessRunner.sightline, ["describe", "Resources/sp500-century.csv"])
        XCTAssertFalse(linear.output.contains("compounded"))
    }
}
