import ChartRender
import Foundation
import XCTest

/// Where a command's output goes, decided before the work and whatever the environment
/// says: offscreen for a picture, a free name for the preview, a folder that exists.
final class OutputPlacementTests: ScratchFolderTestCase {
    /// A picture needs no display: a driver the environment names for windows (games
    /// set SDL_VIDEODRIVER=x11) does not make `render` look for an X server.
    func testRenderIgnoresAVideoDriverNamedForWindows() throws {
        let out = "\(folder)/x11.png"
        let result = try ProcessRunner.run(ProcessRunner.sightline, ["render", "Resources/sample.csv", "--out", out],
                                           environment: ["SDL_VIDEODRIVER": "x11", "DISPLAY": ":97"])
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertTrue(FileManager.default.fileExists(atPath: out))
    }

    /// The preview's fixed name in a shared folder may already be taken by something
    /// that is not ours: a FIFO (writing into it blocked the command for good) or a file
    /// of another user. The preview then goes beside it, and what was there stays.
    func testAPreviewSkipsANameTakenByAFIFOOrAnotherUsersFile() throws {
        XCTAssertEqual(mkfifo("\(folder)/sightline-sample.png", 0o644), 0)
        let foreign = "\(folder)/sightline-sample-2.png"
        XCTAssertTrue(FileManager.default.createFile(atPath: foreign, contents: Data("theirs".utf8)))
        // A file of another user (root may give it away; others skip this half).
        let givenAway = chown(foreign, 65534, 65534) == 0
        let result = try ProcessRunner.run(ProcessRunner.sightline, ["Resources/sample.csv", "--size", "400x300"],
                                           environment: ["TMPDIR": folder], removing: ["DISPLAY", "WAYLAND_DISPLAY"], timeout: 30)
        XCTAssertEqual(result.status, 0, result.error)
        let expected = givenAway ? "\(folder)/sightline-sample-3.png" : foreign
        XCTAssertTrue(result.output.contains(expected), result.output)
        XCTAssertEqual(try PNGFile.read(from: expected).width, 400)
        if givenAway { XCTAssertEqual(try String(contentsOfFile: foreign, encoding: .utf8), "theirs") }
    }

    /// An output in a folder that does not exist is refused before the input is read or
    /// anything drawn or played (a 10000×10000 render said so after 10 s): here the
    /// input does not exist either, and the output is what is named.
    func testAnOutputInAMissingFolderIsRefusedFirst() throws {
        let missing = "\(folder)/no-such-folder"
        let commands = [["render", "\(folder)/absent.csv", "--out", "\(missing)/x.png", "--alt-text"],
                        ["audio", "\(folder)/absent.csv", "--out", "\(missing)/x.wav"],
                        ["bench", "--file", "\(folder)/absent.csv", "--json", "\(missing)/x.json"]]
        for arguments in commands {
            let result = try ProcessRunner.run(ProcessRunner.sightline, arguments)
            XCTAssertEqual(result.status, 73, "\(arguments[0]): \(result.error)")
            XCTAssertTrue(result.error.contains("the folder \"\(missing)\" does not exist"), result.error)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: missing))
    }
}
