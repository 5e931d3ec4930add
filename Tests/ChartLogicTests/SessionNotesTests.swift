import ChartData
import ChartGeometry
import ChartSupport
import Foundation
import XCTest

/// A file's notes in the session: kept per file and chart, written and read back, a
/// file from before notes still loads, and what is read back is checked like every
/// other field.
final class SessionNotesTests: XCTestCase {
    private func decode(_ json: String) throws -> Session {
        try JSONDecoder().decode(Session.self, from: Data(json.utf8))
    }

    func testNotesRoundTripPerFileThroughAnUpdate() throws {
        var session = Session()
        var update = SessionUpdate(file: SessionEntry(path: "/a.csv"))
        update.notes = [ChartNote(x: 10, text: "Low"), ChartNote(x: 20, text: "Covid \u{1F9A0} crash")]
        update.apply(to: &session)
        SessionUpdate(file: SessionEntry(path: "/b.csv")).apply(to: &session)
        let read = try JSONDecoder().decode(Session.self, from: JSONEncoder().encode(session))
        XCTAssertEqual(read, session)
        XCTAssertEqual(read.entry(for: "/a.csv")?.notes, update.notes)
        XCTAssertEqual(read.entry(for: "/b.csv")?.notes, [], "another file has none")
        // A later update without notes keeps them; an empty list removes them.
        var later = session
        SessionUpdate(file: SessionEntry(path: "/a.csv"), visible: DataRect(minX: 0, maxX: 1, minY: 0, maxY: 1)).apply(to: &later)
        XCTAssertEqual(later.entry(for: "/a.csv")?.notes.count, 2)
        var cleared = SessionUpdate(file: SessionEntry(path: "/a.csv"))
        cleared.notes = []
        cleared.apply(to: &later)
        XCTAssertEqual(later.entry(for: "/a.csv")?.notes, [])
    }

    /// Merging updates: the later notes win; another file's update drops this one's.
    func testMergingKeepsTheLatestNotesOfTheSameFile() {
        var first = SessionUpdate(file: SessionEntry(path: "/a.csv"))
        first.notes = [ChartNote(x: 1, text: "one")]
        var second = SessionUpdate(file: SessionEntry(path: "/a.csv"))
        second.notes = [ChartNote(x: 2, text: "two")]
        var merged = first
        merged.merge(second)
        XCTAssertEqual(merged.notes, [ChartNote(x: 2, text: "two")])
        merged.merge(SessionUpdate(file: SessionEntry(path: "/b.csv")))
        XCTAssertNil(merged.notes, "the notes belonged to /a.csv")
    }

    func testAFileFromBeforeNotesLoads() throws {
        let session = try decode(#"{"entries": [{"path": "/a.csv", "hiddenSeries": ["V"]}], "theme": "night"}"#)
        XCTAssertEqual(session.entry(for: "/a.csv")?.notes, [])
        XCTAssertEqual(session.entry(for: "/a.csv")?.hiddenSeries, ["V"])
    }

    /// Hostile read-back: each note is taken as the window's field takes one (control
    /// characters, a NUL among them, dropped; trimmed; an over-long text cut), a blank
    /// one, an x that is no finite number and the wrong types are dropped and the good
    /// ones stay; a list that is no list is none; two at one x keep the last; at most
    /// the limit.
    func testNotesReadBackAreValidated() throws {
        let long = String(repeating: "x", count: ChartNote.textLimit + 1)
        let session = try decode("""
        {"entries": [{"path": "/a.csv", "notes": [
          {"x": 3, "text": "kept"}, {"x": 1, "text": "nul\\u0000"}, {"x": 2, "text": "  "},
          {"x": 4, "text": "\(long)"}, {"x": "NaN", "text": "nan"},
          {"x": 5}, {"text": "no x"}, 7, null, {"x": 6, "text": 12}, {"x": 0, "text": "first"},
          {"x": 3, "text": "later"}, {"x": 8, "text": " \\u001b[31mred\\n "}, {"x": 9, "text": "\\u0007\\t"}]},
          {"path": "/b.csv", "notes": {"x": 1, "text": "not a list"}},
          {"path": "/c.csv", "notes": "text"}]}
        """)
        XCTAssertEqual(session.entry(for: "/a.csv")?.notes,
                       [ChartNote(x: 0, text: "first"), ChartNote(x: 1, text: "nul"), ChartNote(x: 3, text: "later"),
                        ChartNote(x: 4, text: String(long.dropLast())), ChartNote(x: 8, text: "[31mred")])
        XCTAssertEqual(session.entry(for: "/b.csv")?.notes, [])
        XCTAssertEqual(session.entry(for: "/c.csv")?.notes, [])
        XCTAssertEqual(session.entries.count, 3, "a bad list costs no entry")

        let many = (0..<(ChartNote.countLimit + 50)).map { #"{"x": \#($0), "text": "n\#($0)"}"# }.joined(separator: ",")
        let crowded = try decode(#"{"entries": [{"path": "/a.csv", "notes": [\#(many)]}]}"#)
        XCTAssertEqual(crowded.entry(for: "/a.csv")?.notes.count, ChartNote.countLimit)
    }

    /// On screen a note is escaped and cut as a name is: no control character, no bidi
    /// override, no endless label.
    func testANotesTextIsShownEscapedAndCut() {
        XCTAssertEqual(ChartNote(x: 0, text: "a\u{1b}[2Jb\u{202e}c").displayText, "a\\x1b[2Jb\\u{202e}c")
        let shown = ChartNote(x: 0, text: String(repeating: "w", count: 150)).displayText
        XCTAssertEqual(shown.count, ChartNote.displayLimit + 1)
        XCTAssertTrue(shown.hasSuffix("…"))
    }

    /// The one validation every path shares: control characters (C0, DEL, C1) dropped,
    /// trimmed, cut at the limit; blank or at no finite x, no note.
    func testANoteIsCleanedOnceForEveryPath() {
        XCTAssertEqual(ChartNote(x: 1, validating: "  a\nb\u{7f}\u{85}c\t ")?.text, "abc")
        XCTAssertEqual(ChartNote(x: 1, validating: "é \u{1F9A0} \u{202e}x")?.text, "é \u{1F9A0} \u{202e}x", "the rest is kept, shown escaped")
        XCTAssertEqual(ChartNote(x: 1, validating: String(repeating: "w", count: 300))?.text.count, ChartNote.textLimit)
        XCTAssertNil(ChartNote(x: 1, validating: " \n\u{1b} "))
        XCTAssertNil(ChartNote(x: .nan, validating: "text"))
        XCTAssertNil(ChartNote(x: .infinity, validating: "text"))
    }
}
