import ChartSupport
import Foundation
import XCTest

/// The session keeps the set of files shown in one chart in the first file's entry:
/// read back as written, absent (an empty set) in a session from before, and replaced
/// by each opening, so `sightline` without a file opens the last set again.
final class SessionFileSetTests: XCTestCase {
    private func roundTrip(_ session: Session) throws -> Session {
        try JSONDecoder().decode(Session.self, from: JSONEncoder().encode(session))
    }

    func testTheSetIsReadBackAsWritten() throws {
        var session = Session()
        var entry = SessionEntry(path: "/data/sp500.csv", yColumns: ["Close"])
        entry.addedFiles = ["/data/dax.csv", "/data/ftse.csv"]
        SessionUpdate(file: entry).apply(to: &session)
        XCTAssertEqual(session.mostRecent?.addedFiles, ["/data/dax.csv", "/data/ftse.csv"])
        XCTAssertEqual(try roundTrip(session).mostRecent?.addedFiles, ["/data/dax.csv", "/data/ftse.csv"])
        // Opening the first file alone makes it a chart of one file again.
        SessionUpdate(file: SessionEntry(path: "/data/sp500.csv", yColumns: ["Close"])).apply(to: &session)
        XCTAssertEqual(try roundTrip(session).mostRecent?.addedFiles, [])
    }

    func testASessionFromBeforeLoadsWithNoSetAndBadPathsAreDropped() throws {
        let old = #"{"version":2,"entries":[{"path":"/a.csv","hiddenSeries":[]}]}"#
        let session = try JSONDecoder().decode(Session.self, from: Data(old.utf8))
        XCTAssertEqual(session.mostRecent?.path, "/a.csv")
        XCTAssertEqual(session.mostRecent?.addedFiles, [])
        let odd = #"{"version":2,"entries":[{"path":"/a.csv","addedFiles":["relative.csv","/b.csv",3]}]}"#
        XCTAssertEqual(try JSONDecoder().decode(Session.self, from: Data(odd.utf8)).mostRecent?.addedFiles, [],
                       "a list that is not all strings is dropped whole")
        let mixed = #"{"version":2,"entries":[{"path":"/a.csv","addedFiles":["relative.csv","/b.csv"]}]}"#
        XCTAssertEqual(try JSONDecoder().decode(Session.self, from: Data(mixed.utf8)).mostRecent?.addedFiles, ["/b.csv"])
    }

    func testTheWindowTitleNamesEveryFile() {
        XCTAssertEqual(WindowTitle(paths: ["/data/sp500.csv", "/data/dax.csv", "-"]).text,
                       "Sightline — /data/sp500.csv + dax.csv + standard input")
        XCTAssertEqual(WindowTitle(paths: ["/data/sp500.csv"]), WindowTitle(path: "/data/sp500.csv"))
    }
}
