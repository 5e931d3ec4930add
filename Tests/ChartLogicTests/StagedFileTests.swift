@testable import ChartSupport
import Foundation
import XCTest

/// Outputs written together are all written or none: a failure while staging or while
/// renaming leaves every old file as it was, no new file and no temporary.
final class StagedFileTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "sightline-staged-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func contents(_ name: String) throws -> String {
        try String(contentsOfFile: "\(folder)/\(name)", encoding: .utf8)
    }

    private func listing() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    }

    private func staged(_ name: String, _ text: String) throws -> StagedFile {
        try OutputFile(path: name).stage("\(folder)/\(name)", mode: nil) { emit in
            try Array(text.utf8).withUnsafeBytes { try emit($0) }
        }
    }

    func testFilesWrittenTogetherAppearTogether() throws {
        try "old".write(toFile: "\(folder)/chart.png", atomically: false, encoding: .utf8)
        try OutputFile.write(together: [(OutputFile(path: "\(folder)/chart.png"), Array("picture".utf8)),
                                        (OutputFile(path: "\(folder)/chart.png.txt"), Array("words".utf8))])
        XCTAssertEqual(try contents("chart.png"), "picture")
        XCTAssertEqual(try contents("chart.png.txt"), "words")
        XCTAssertEqual(try listing(), ["chart.png", "chart.png.txt"])
    }

    func testAFailureStagingTheSecondLeavesTheFirstAsItWas() throws {
        try "old".write(toFile: "\(folder)/chart.png", atomically: false, encoding: .utf8)
        let missing = "\(folder)/gone/chart.png.txt"
        XCTAssertThrowsError(try OutputFile.write(together: [(OutputFile(path: "\(folder)/chart.png"), Array("picture".utf8)),
                                                             (OutputFile(path: missing), Array("words".utf8))])) { error in
            XCTAssertEqual(error as? OutputFileError, .missingFolder(path: missing, folder: "\(folder)/gone"))
        }
        XCTAssertEqual(try contents("chart.png"), "old")
        XCTAssertEqual(try listing(), ["chart.png"])
    }

    func testTwoPathsToOneFileAreRefusedBeforeAnythingIsWritten() throws {
        XCTAssertEqual(symlink("chart.png", "\(folder)/chart.png.txt"), 0)
        let picture = "\(folder)/chart.png", text = "\(folder)/chart.png.txt"
        XCTAssertThrowsError(try OutputFile.write(together: [(OutputFile(path: picture), Array("picture".utf8)),
                                                             (OutputFile(path: text), Array("words".utf8))])) { error in
            XCTAssertEqual(error as? OutputFileError, .sameOutput(path: text, other: picture))
            XCTAssertEqual("\(error)", "\"\(text)\" is the same file as \"\(picture)\", another output; "
                           + "give each output a file of its own")
        }
        XCTAssertEqual(try listing(), ["chart.png.txt"])
    }

    /// A rename that fails after others succeeded puts the old file back and removes the
    /// new one: the third's temporary, removed behind its back, makes its rename fail.
    func testAFailedRenameUndoesTheRenamesBeforeIt() throws {
        try "old".write(toFile: "\(folder)/kept.png", atomically: false, encoding: .utf8)
        let files = [try staged("kept.png", "new"), try staged("fresh.png", "new"), try staged("third.png", "new")]
        XCTAssertEqual(unlink(files[2].temporary), 0)
        XCTAssertThrowsError(try StagedFile.commit(files)) { error in
            XCTAssertEqual(error as? OutputFileError, .system(path: "third.png", action: "replace the file", code: ENOENT))
        }
        XCTAssertEqual(try contents("kept.png"), "old")
        XCTAssertEqual(try listing(), ["kept.png"])
        XCTAssertTrue(TemporaryFiles.registered.isEmpty)
    }
}
