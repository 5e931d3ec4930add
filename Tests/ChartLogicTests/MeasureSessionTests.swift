import ChartData
import ChartGeometry
import ChartInteraction
import ChartStage
import ChartSupport
import Foundation
import XCTest

/// The measure kept per file in the session: written as [A, B], read back (an old file
/// without one, or a bad value, has none), merged and cleared like the view, and
/// brought back to the chart.
final class MeasureSessionTests: XCTestCase {
    private func decode(_ json: String) throws -> Session {
        try JSONDecoder().decode(Session.self, from: Data(json.utf8))
    }

    func testTheMeasureRoundTripsAndOldFilesLoad() throws {
        var session = Session()
        session.noteOpened("/a.csv", x: "Date")
        session.updateEntry(for: "/a.csv") { $0.measure = 1_191_888_000...1_236_556_800 }
        let data = try JSONEncoder().encode(session)
        let text = String(decoding: data, as: UTF8.self)
        XCTAssertTrue(text.contains("\"measure\":[1191888000,1236556800]"), text)
        XCTAssertEqual(try JSONDecoder().decode(Session.self, from: data).entry(for: "/a.csv")?.measure, 1_191_888_000...1_236_556_800)

        let old = try decode(#"{"version": 2, "entries": [{"path": "/a.csv", "hiddenSeries": ["Volume"]}]}"#)
        XCTAssertEqual(old.entry(for: "/a.csv")?.hiddenSeries, ["Volume"], "a session from before the measure loads")
        XCTAssertNil(old.entry(for: "/a.csv")?.measure)
        for bad in ["[2, 1]", "[1]", "[1, 2, 3]", "\"1:2\"", "[1, null]", "{}"] {
            let read = try decode(#"{"version": 2, "entries": [{"path": "/a.csv", "measure": \#(bad)}]}"#)
            XCTAssertNotNil(read.entry(for: "/a.csv"), bad)
            XCTAssertNil(read.entry(for: "/a.csv")?.measure, bad)
        }
    }

    /// The measure and the y set by hand are read by one lenient rule: two finite ends,
    /// lower first; a measure may run from a point to itself, an axis needs a height.
    /// A bad pair is that field's default, never the entry.
    func testTheSessionsRangesAreReadByOneRule() throws {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        func read(_ pair: String) throws -> SessionEntry? {
            let json = #"{"entries": [{"path": "/a.csv", "measure": \#(pair), "manualY": {"left": \#(pair), "right": [0, 1]}}]}"#
            return try decoder.decode(Session.self, from: Data(json.utf8)).entry(for: "/a.csv")
        }
        for (pair, measure, left) in [("[1, 2]", 1.0...2, 1.0...2), ("[1, 1]", 1...1, nil), ("[2, 1]", nil, nil),
                                      (#"["nan", 1]"#, nil, nil), (#"[1, "nan"]"#, nil, nil), (#"["-inf", 1]"#, nil, nil),
                                      (#"[0, "inf"]"#, nil, nil), ("[1]", nil, nil), ("null", nil, nil)] {
            let entry = try XCTUnwrap(try read(pair), pair)
            XCTAssertEqual(entry.measure, measure, pair)
            XCTAssertEqual(entry.manualY.left, left, pair)
            XCTAssertEqual(entry.manualY.right, 0...1, "\(pair): the other axis stays")
        }
    }

    func testUpdatesSetClearAndBelongToTheirFile() {
        var session = Session()
        let file = SessionEntry(path: "/a.csv")
        SessionUpdate(file: file, measure: .some(1...2)).apply(to: &session)
        XCTAssertEqual(session.entry(for: "/a.csv")?.measure, 1...2)
        SessionUpdate(file: file, visible: DataRect(minX: 0, maxX: 1, minY: 0, maxY: 1)).apply(to: &session)
        XCTAssertEqual(session.entry(for: "/a.csv")?.measure, 1...2, "an update without a measure keeps it")
        SessionUpdate(file: file, measure: .some(nil)).apply(to: &session)
        XCTAssertNil(session.entry(for: "/a.csv")?.measure, "Esc's update clears it")

        var pending = SessionUpdate(file: file, measure: .some(3...4))
        pending.merge(SessionUpdate(file: SessionEntry(path: "/b.csv")))
        XCTAssertTrue(pending.measure == nil, "a measure belongs to its file")
        var later = SessionUpdate(file: file, measure: .some(3...4))
        later.merge(SessionUpdate(file: file, measure: .some(nil)))
        XCTAssertTrue(later.measure.map { $0 == nil } == true, "the later clear wins")
        session.updateEntry(for: "/a.csv") { $0.measure = 5...6 }
        session.noteOpened("/a.csv", x: "Other")
        XCTAssertNil(session.entry(for: "/a.csv")?.measure, "another x column: the measure was in the old one's units")
    }

    /// The session's measure comes back on the chart; one outside the data is ignored.
    func testRestoreBringsTheMeasureBack() {
        let source = RecordedExplorer.days()
        let main = ChartPresenter(source: source, factory: RecordingSurfaceFactory(), geometry: RecordedExplorer.geometry)
        let xs = source.dataset.xs
        var saved = SessionEntry(path: "/overview.json")
        saved.measure = xs[10]...xs[50]
        SessionRestore.apply(saved, to: main)
        XCTAssertEqual(main.measure.range, xs[10]...xs[50])
        let restore = SessionRestore(file: SessionEntry(path: "/overview.json"))
        XCTAssertEqual(restore.measureUpdate(of: main).measure ?? nil, xs[10]...xs[50])

        let other = ChartPresenter(source: source, factory: RecordingSurfaceFactory(), geometry: RecordedExplorer.geometry)
        saved.measure = (xs[10] - 1e12)...xs[50]
        SessionRestore.apply(saved, to: other)
        XCTAssertNil(other.measure.range, "a measure beyond the data (the file changed) is ignored")
    }
}
