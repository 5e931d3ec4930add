import Foundation
import XCTest

/// The messages of issue 24's flags are alike: values quoted as every message quotes
/// them (double quotes, escaped), the flag named, exit 64 (the log axis's refusal of a
/// y range through 0 is LogScaleCommandTests').
final class FlagMessageTests: ScratchFolderTestCase {
    private func render(_ arguments: [String], file: String = "Resources/sample.csv") throws -> ProcessRunner.Result {
        try ProcessRunner.run(ProcessRunner.sightline, ["render", file, "--out", folder + "/x.png"] + arguments,
                              environment: ["SDL_VIDEODRIVER": "offscreen"])
    }

    func testValuesAreQuotedAsNotesQuoteThem() throws {
        for (arguments, words) in [(["--ohlc-columns", "a,b"], #"--ohlc-columns needs four names, open,high,low,close: "a,b""#),
                                   (["--note", "2023-01-05="], #"the note after "=" is empty"#),
                                   (["--note", "nan=x"], #"--note's x must be a finite number, not "nan""#)] {
            let result = try render(arguments)
            XCTAssertEqual(result.status, 64, "\(arguments): \(result.error)")
            XCTAssertTrue(result.error.contains(words), "\(arguments): \(result.error)")
        }
    }

    /// A date before "=" on an axis of numbers is refused at run time, as every
    /// refusal after the file is read: "sightline: …", exit 64.
    func testADateOnAnAxisOfNumbersIsRefusedAsRunTimeRefusalsAre() throws {
        let path = try write("x,y\n1,2\n2,3\n", to: "numbers.csv")
        let result = try render(["--note", "2023-01-05=Start"], file: path)
        XCTAssertEqual(result.status, 64, result.error)
        XCTAssertTrue(result.error.hasPrefix(#"sightline: --note "2023-01-05=Start": x in ""#), result.error)
        XCTAssertTrue(result.error.contains(#"is numbers, so give a number before "=""#), result.error)
        XCTAssertFalse(result.error.contains("Usage:"), result.error)
    }
}
