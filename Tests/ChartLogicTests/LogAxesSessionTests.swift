import ChartData
import ChartSupport
import Foundation
import XCTest

/// The session keeps each file's log axes (`l`, Shift+L): they round-trip, a session from
/// before them reads as linear, an update sets them for its file only, and junk is dropped.
final class LogAxesSessionTests: XCTestCase {
    func testLogAxesRoundTripPerFile() throws {
        var session = Session()
        SessionUpdate(file: SessionEntry(path: "/sp.csv"), logAxes: [.left]).apply(to: &session)
        SessionUpdate(file: SessionEntry(path: "/w.csv"), logAxes: [.left, .right]).apply(to: &session)
        SessionUpdate(file: SessionEntry(path: "/plain.csv")).apply(to: &session)
        let read = try JSONDecoder().decode(Session.self, from: JSONEncoder().encode(session))
        XCTAssertEqual(read, session)
        XCTAssertEqual(read.entry(for: "/sp.csv")?.logAxes, [.left])
        XCTAssertEqual(read.entry(for: "/w.csv")?.logAxes, [.left, .right])
        XCTAssertEqual(read.entry(for: "/plain.csv")?.logAxes, [])
        // Toggled back off, and a later update that does not say keeps what was saved.
        SessionUpdate(file: SessionEntry(path: "/w.csv"), logAxes: []).apply(to: &session)
        SessionUpdate(file: SessionEntry(path: "/sp.csv"), hiddenSeries: []).apply(to: &session)
        XCTAssertEqual(session.entry(for: "/w.csv")?.logAxes, [])
        XCTAssertEqual(session.entry(for: "/sp.csv")?.logAxes, [.left])
    }

    func testOldSessionsAndJunkReadAsLinear() throws {
        let session = try JSONDecoder().decode(Session.self, from: Data("""
        {"version": 2, "entries": [{"path": "/old.csv", "hiddenSeries": []},
                                   {"path": "/junk.csv", "hiddenSeries": [], "logAxes": ["up", 3]},
                                   {"path": "/twice.csv", "hiddenSeries": [], "logAxes": ["right", "left", "right"]}]}
        """.utf8))
        XCTAssertEqual(session.entry(for: "/old.csv")?.logAxes, [])
        XCTAssertEqual(session.entry(for: "/junk.csv")?.logAxes, [])
        XCTAssertEqual(session.entry(for: "/twice.csv")?.logAxes, [.left, .right])
    }

    func testAMergedUpdateForAnotherFileDropsTheLogAxes() {
        var update = SessionUpdate(file: SessionEntry(path: "/a.csv"), logAxes: [.left])
        update.merge(SessionUpdate(file: SessionEntry(path: "/b.csv")))
        XCTAssertNil(update.logAxes)
    }
}

/// The session keeps how a file's dates were read (`--date-format`, `--utc`), so the
/// file opens again read the same way; a session from before, or junk, reads as told
/// from the values in local time.
final class DateReadingSessionTests: XCTestCase {
    func testDateReadingRoundTripsAndJunkIsDropped() throws {
        var session = Session()
        var file = SessionEntry(path: "/eu.csv")
        (file.dateFormat, file.utc) = ("%d/%m/%Y", true)
        SessionUpdate(file: file).apply(to: &session)
        SessionUpdate(file: SessionEntry(path: "/plain.csv")).apply(to: &session)
        let read = try JSONDecoder().decode(Session.self, from: JSONEncoder().encode(session))
        XCTAssertEqual(read, session)
        XCTAssertEqual(read.entry(for: "/eu.csv")?.dateFormat, "%d/%m/%Y")
        XCTAssertEqual(read.entry(for: "/eu.csv")?.utc, true)
        XCTAssertNil(read.entry(for: "/plain.csv")?.dateFormat)
        XCTAssertEqual(read.entry(for: "/plain.csv")?.utc, false)
        let old = try JSONDecoder().decode(Session.self, from: Data("""
        {"version": 2, "entries": [{"path": "/old.csv", "hiddenSeries": []},
                                   {"path": "/junk.csv", "hiddenSeries": [], "dateFormat": "%q", "utc": "yes"}]}
        """.utf8))
        for path in ["/old.csv", "/junk.csv"] {
            XCTAssertNil(old.entry(for: path)?.dateFormat, path)
            XCTAssertEqual(old.entry(for: path)?.utc, false, path)
        }
    }
}
