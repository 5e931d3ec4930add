import ChartSupport
import Foundation
import XCTest

/// Where Ctrl+S writes: the pictures folder, else the data file's, else home; names
/// that never overwrite.
final class ExportDestinationTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "sightline-export-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    func testTheFoldersInOrder() {
        let none: (String) -> String? = { _ in nil }
        XCTAssertEqual(ExportDestination.folders(environment: ["HOME": "/home/ann", "XDG_PICTURES_DIR": "/pics"],
                                                 dataFile: "/data/prices.csv", readFile: none),
                       ["/pics", "/data", "/home/ann"])
        XCTAssertEqual(ExportDestination.folders(environment: ["HOME": "/home/ann", "XDG_PICTURES_DIR": "relative"],
                                                 dataFile: nil, readFile: none),
                       ["/home/ann"], "a relative pictures folder is ignored, as is standard input's")
        let dirs = """
        # written by xdg-user-dirs-update
        XDG_DESKTOP_DIR="$HOME/Desktop"
        XDG_PICTURES_DIR="$HOME/Bilder"
        """
        var asked: [String] = []
        let read: (String) -> String? = { asked.append($0); return dirs }
        XCTAssertEqual(ExportDestination.folders(environment: ["HOME": "/home/ann"], dataFile: "/home/ann/p.csv", readFile: read),
                       ["/home/ann/Bilder", "/home/ann"], "the data file's folder is home: once")
        XCTAssertEqual(asked, ["/home/ann/.config/user-dirs.dirs"])
        _ = ExportDestination.folders(environment: ["HOME": "/home/ann", "XDG_CONFIG_HOME": "/cfg"], dataFile: nil, readFile: read)
        XCTAssertEqual(asked.last, "/cfg/user-dirs.dirs")
        XCTAssertEqual(ExportDestination.folders(environment: ["HOME": "/home/ann"], dataFile: nil,
                                                 readFile: { _ in #"XDG_PICTURES_DIR="$HOME/""# }),
                       ["/home/ann"], "a pictures folder that is home is none of its own")
    }

    func testStemsAreSafeNames() {
        XCTAssertEqual(ExportDestination.stem(of: "/data/S&P 500 (daily).csv"), "S-P-500--daily")
        XCTAssertEqual(ExportDestination.stem(of: "/data/???.csv"), "chart")
        XCTAssertEqual(ExportDestination.stem(of: "/x/" + String(repeating: "a", count: 300) + ".csv").count, 60)
        XCTAssertEqual(ExportDestination.stem(of: "/x/a\u{1b}[2J.csv"), "a--2J")
    }

    /// Each reservation takes the next free number; a name taken by anything (even just
    /// its alt text) is passed over and left as it was.
    func testNamesNeverOverwrite() throws {
        let taken = folder + "/sightline-p-2026-01-02-2.png.txt"
        try Data("mine".utf8).write(to: URL(fileURLWithPath: taken))
        var pictures: [String] = []
        for _ in 0..<3 {
            let reserved = try ExportDestination.reserve(in: [folder], stem: "p", date: "2026-01-02")
            XCTAssertEqual(reserved.altText, reserved.picture + ".txt")
            XCTAssertTrue(FileManager.default.fileExists(atPath: reserved.picture))
            XCTAssertTrue(FileManager.default.fileExists(atPath: reserved.altText))
            pictures.append((reserved.picture as NSString).lastPathComponent)
        }
        XCTAssertEqual(pictures, ["sightline-p-2026-01-02.png", "sightline-p-2026-01-02-3.png", "sightline-p-2026-01-02-4.png"])
        XCTAssertEqual(try String(contentsOfFile: taken, encoding: .utf8), "mine")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/sightline-p-2026-01-02-2.png"),
                       "the picture reserved beside a taken alt text is given back")
    }

    /// A folder that does not exist is passed over; none left is an error naming the file.
    func testNoFolderIsAnError() throws {
        let reserved = try ExportDestination.reserve(in: [folder + "/missing", folder], stem: "p", date: "d")
        XCTAssertTrue(reserved.picture.hasPrefix(folder + "/sightline-p-d"))
        XCTAssertThrowsError(try ExportDestination.reserve(in: [folder + "/missing"], stem: "p", date: "d")) { error in
            XCTAssertTrue("\(error)".contains("sightline-p-d.png"), "\(error)")
        }
    }
}
