import ChartGeometry
import ChartSupport
import Foundation
import XCTest

/// The session's format: entries per file and chart, the version 1 migration, and the
/// validation of every field read back.
final class SessionTests: XCTestCase {
    private func decode(_ json: String) throws -> Session {
        try JSONDecoder().decode(Session.self, from: Data(json.utf8))
    }

    private func encode(_ session: Session) throws -> [String: Any] {
        let data = try JSONEncoder().encode(session)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    func testAVersion1FileIsMigratedToEntries() throws {
        let session = try decode("""
        {"files": ["/b.csv", "/a.csv"], "visible": {"minX": 1, "maxX": 2, "minY": 3, "maxY": 4},
         "hiddenSeries": ["Volume"], "theme": "night", "windowWidth": 800, "windowHeight": 600}
        """)
        XCTAssertEqual(session.files, ["/b.csv", "/a.csv"])
        XCTAssertEqual(session.entry(for: "/b.csv")?.visible, DataRect(minX: 1, maxX: 2, minY: 3, maxY: 4))
        XCTAssertEqual(session.entry(for: "/b.csv")?.hiddenSeries, ["Volume"])
        XCTAssertNil(session.entry(for: "/a.csv")?.visible, "the single view was the most recent file's")
        XCTAssertEqual(session.theme, "night")
        XCTAssertEqual([session.windowWidth, session.windowHeight], [800, 600])
    }

    /// A database address's password is never written to the session file; the entry is
    /// still found by the address as typed.
    func testAnAddressIsRememberedWithoutItsPassword() throws {
        let address = "postgresql://me:s3cret@db.example:5432/lab?table=readings"
        var session = Session()
        session.noteOpened(address)
        session.updateEntry(for: address) { $0.addedFiles = ["clickhouse://u:hunter2@ch:8123/db?table=t"] }
        let text = String(decoding: try JSONEncoder().encode(session), as: UTF8.self)
        XCTAssertFalse(text.contains("s3cret") || text.contains("hunter2"), text)
        XCTAssertEqual(session.files, ["postgresql://me@db.example:5432/lab?table=readings"])
        XCTAssertEqual(session.entry(for: address)?.addedFiles, ["clickhouse://u@ch:8123/db?table=t"])
    }

    /// A database's view is remembered as a file's: the address (without its password)
    /// is read back as a key; text that is neither a path nor an address is not.
    func testAnAddressIsReadBackAsAKey() throws {
        let address = "postgresql://me:s3cret@db.example:5432/lab?table=readings"
        var session = Session()
        session.noteOpened(address)
        session.updateEntry(for: address) { $0.visible = DataRect(minX: 1, maxX: 2, minY: 3, maxY: 4) }
        session.noteOpened("relative/path.csv")
        let read = try JSONDecoder().decode(Session.self, from: JSONEncoder().encode(session))
        XCTAssertEqual(read.entry(for: address)?.visible, DataRect(minX: 1, maxX: 2, minY: 3, maxY: 4))
        XCTAssertEqual(read.files, ["postgresql://me@db.example:5432/lab?table=readings"])
    }

    func testEntriesRoundTripAndTheVersion1KeysAreStillWritten() throws {
        var session = Session()
        session.noteOpened("/a.json", chart: 2, x: "x", y: ["Joined", "Left"])
        session.updateEntry(for: "/a.json", chart: 2) {
            $0.visible = DataRect(minX: 0, maxX: 10, minY: -1, maxY: 1)
            $0.hiddenSeries = ["Left"]
        }
        session.noteOpened("/a.json", chart: 3)
        session.noteOpened("/b.csv", x: "Date", y: ["Close"])
        session.theme = "night"
        session.setWindowSize(PixelSize(width: 900, height: 500))
        let read = try JSONDecoder().decode(Session.self, from: JSONEncoder().encode(session))
        XCTAssertEqual(read, session)
        XCTAssertEqual(read.entries.count, 3, "one entry per file and chart")
        XCTAssertEqual(read.entry(for: "/a.json", chart: 2)?.yColumns, ["Joined", "Left"])
        XCTAssertEqual(read.mostRecent?.xColumn, "Date")
        let object = try encode(session)
        XCTAssertEqual(object["files"] as? [String], ["/b.csv", "/a.json"], "an older Sightline reads the files")
        XCTAssertNotNil(object["hiddenSeries"])
    }

    func testNoteOpenedKeepsTheLastFiftyMostRecentFirst() {
        var session = Session()
        for i in 0..<80 { session.noteOpened("/f\(i).csv") }
        session.noteOpened("/f40.csv")
        XCTAssertEqual(session.entries.count, Session.fileLimit)
        XCTAssertEqual(session.files.prefix(3), ["/f40.csv", "/f79.csv", "/f78.csv"])
        XCTAssertNil(session.entry(for: "/f0.csv"))
    }

    func testReopeningKeepsTheViewUnlessTheXColumnChanged() {
        var session = Session()
        session.updateEntry(for: "/a.csv") { $0.visible = DataRect(minX: 0, maxX: 1, minY: 0, maxY: 1) }
        session.noteOpened("/b.csv")
        session.noteOpened("/a.csv")
        XCTAssertNotNil(session.entry(for: "/a.csv")?.visible)
        session.noteOpened("/a.csv", x: "other")
        XCTAssertNil(session.entry(for: "/a.csv")?.visible, "a range in another column's units")
    }

    /// A window size of 1e9 once crashed the rasteriser on every start: sizes read back
    /// are clamped into 200…16384, and nonsense is dropped.
    func testWindowSizesReadBackAreClamped() throws {
        func size(_ w: String, _ h: String) throws -> [Int?] {
            let session = try decode(#"{"entries": [], "windowWidth": \#(w), "windowHeight": \#(h)}"#)
            return [session.windowWidth, session.windowHeight]
        }
        XCTAssertEqual(try size("1e9", "1000000000"), [16384, 16384])
        XCTAssertEqual(try size("100000", "600"), [16384, 600])
        XCTAssertEqual(try size("1e300", "10"), [16384, 200])
        XCTAssertEqual(try size("-800", "600"), [nil, nil])
        XCTAssertEqual(try size("0", "600"), [nil, nil])
        XCTAssertEqual(try size("\"wide\"", "600"), [nil, nil])
        XCTAssertEqual(try size("800.7", "600"), [800, 600])
        var session = Session()
        session.setWindowSize(PixelSize(width: Int.max, height: 1))
        XCTAssertEqual([session.windowWidth, session.windowHeight], [16384, 200])
    }

    func testEveryFieldReadBackIsValidated() throws {
        let long = String(repeating: "n", count: SessionEntry.nameLimit + 1)
        let session = try decode("""
        {"entries": [
          {"path": "/ok.csv", "chart": -3, "xColumn": "", "yColumns": ["\(long)"],
           "visible": {"minX": 5, "maxX": 1, "minY": 0, "maxY": 1}, "hiddenSeries": ["A", "\(long)", 7]},
          {"path": "relative.csv", "hiddenSeries": []},
          {"path": "/\(String(repeating: "p", count: 5000))"},
          {"path": 42},
          "not an entry",
          {"path": "/ok.csv", "visible": {"minX": 0, "maxX": 1, "minY": 0, "maxY": 1}},
          {"path": "/big.csv", "visible": {"minX": -1.7e308, "maxX": 1.7e308, "minY": 0, "maxY": 1}, "chart": 2,
           "hiddenSeries": ["A", "\(long)"]}
        ], "theme": "dusk"}
        """)
        XCTAssertEqual(session.files, ["/ok.csv", "/big.csv"], "entries without an absolute path are dropped, keys kept once")
        let ok = try XCTUnwrap(session.entry(for: "/ok.csv"))
        XCTAssertNil(ok.chart)
        XCTAssertNil(ok.xColumn)
        XCTAssertNil(ok.yColumns)
        XCTAssertNil(ok.visible, "an inverted rectangle")
        XCTAssertEqual(ok.hiddenSeries, [], "a list with a number in it is not a list of names")
        let big = try XCTUnwrap(session.entry(for: "/big.csv", chart: 2))
        XCTAssertNil(big.visible, "a width that overflows")
        XCTAssertEqual(big.hiddenSeries, ["A"])
        XCTAssertEqual(session.theme, "day", "an unknown theme")
    }

    func testTooManyEntriesAreCutToTheLimit() throws {
        let entries = (0..<120).map { #"{"path": "/f\#($0).csv"}"# }.joined(separator: ",")
        let session = try decode(#"{"entries": [\#(entries)], "theme": 3}"#)
        XCTAssertEqual(session.entries.count, Session.fileLimit)
        XCTAssertEqual(session.files.first, "/f0.csv")
        XCTAssertEqual(session.theme, "day")
    }

    func testTextThatIsNotAnObjectFailsToDecode() {
        XCTAssertThrowsError(try decode("[1, 2]"))
        XCTAssertThrowsError(try decode("{\"files\": [tru"))
    }
}
