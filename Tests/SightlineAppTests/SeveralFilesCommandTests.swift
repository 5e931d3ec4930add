import Foundation
import XCTest

/// `describe` and `render` of two files: one chart, each series on its own file's x,
/// named by file where names clash; dates beside numbers refused naming both files.
final class SeveralFilesCommandTests: ScratchFolderTestCase {
    /// a: ten weekdays; b: three of its own days, one a holiday of a's.
    private func files() throws -> (String, String) {
        let a = try write("Date,Close\n" + (1...12).filter { ![6, 7].contains($0) }.map { String(format: "2024-01-%02d,%d\n", $0, 100 + $0) }
                            .joined(), to: "a.csv")
        let b = try write("Date,Close,Volume\n2024-01-02,500,7\n2024-01-06,520,8\n2024-01-12,490,9\n", to: "b.csv")
        return (a, b)
    }

    func testDescribeOfTwoFilesSpeaksOfEachOnItsOwnPoints() throws {
        let (a, b) = try files()
        let result = try ProcessRunner.run(ProcessRunner.sightline, ["describe", a, b])
        XCTAssertEqual(result.status, 0, result.error)
        let lines = result.output.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "11 x values from Jan 1, 2024 to Jan 12, 2024.", result.output)
        XCTAssertTrue(lines.contains("a: Close rose from 101 to 112 (+11, +10.9%) between Jan 1, 2024 and Jan 12, 2024."),
                      result.output)
        XCTAssertTrue(lines.contains("b: Close fell from 500 to 490 (−10, −2.0%) between Jan 2, 2024 and Jan 12, 2024."),
                      result.output)
        XCTAssertTrue(lines.contains { $0.hasPrefix("Volume ") }, "a name of one file keeps no prefix: \(result.output)")
        XCTAssertTrue(lines.contains("a: Close has 10 values in view.") && lines.contains("b: Close has 3 values in view."),
                      "each series counts its own points: \(result.output)")
    }

    func testRenderOfTwoFilesWritesOnePicture() throws {
        let (a, b) = try files()
        let out = "\(folder)/two.png"
        let result = try ProcessRunner.run(ProcessRunner.sightline, ["render", a, b, "--y", "Close", "--out", out],
                                           environment: ["SDL_VIDEODRIVER": "offscreen"])
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertGreaterThan((try FileManager.default.attributesOfItem(atPath: out)[.size] as? Int) ?? 0, 1000)
    }

    func testDatesBesideNumbersAreAClearError() throws {
        let (a, _) = try files()
        let runs = try write("Run,Speed\n1,5\n2,6\n", to: "runs.csv")
        for command in [["describe", a, runs], ["render", a, runs, "--out", "\(folder)/no.png"]] {
            let result = try ProcessRunner.run(ProcessRunner.sightline, command, environment: ["SDL_VIDEODRIVER": "offscreen"])
            XCTAssertEqual(result.status, 65, result.error)
            XCTAssertTrue(result.error.contains("a.csv: its x holds dates, but the x of ") && result.error.contains("runs.csv holds numbers"),
                          result.error)
            XCTAssertFalse(FileManager.default.fileExists(atPath: "\(folder)/no.png"))
        }
    }
}
