import ChartCore
import Foundation
import XCTest

/// A clock the test advances by hand.
final class ManualScheduler: Scheduler, @unchecked Sendable {
    private(set) var now = 0.0
    private var jobs: [(at: Double, job: Job)] = []

    final class Job: ScheduledWork {
        var work: (() -> Void)?
        init(_ work: @escaping () -> Void) { self.work = work }
        func cancel() { work = nil }
    }

    func schedule(after delay: Double, _ work: @escaping @Sendable () -> Void) -> ScheduledWork {
        let job = Job(work)
        jobs.append((now + delay, job))
        return job
    }

    func advance(by seconds: Double) {
        now += seconds
        let due = jobs.filter { $0.at <= now }
        jobs.removeAll { $0.at <= now }
        for (_, job) in due { job.work?() }
    }
}

final class SessionStoreTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("sightline-session-\(UUID().uuidString)")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func sampleSession() -> Session {
        var session = Session()
        session.noteOpened("/a.csv")
        session.noteOpened("/b.csv")
        session.visible = DataRect(minX: 1, maxX: 2, minY: 3, maxY: 4)
        session.hiddenSeries = ["Volume"]
        session.theme = "night"
        session.windowWidth = 800
        session.windowHeight = 600
        return session
    }

    func testNoFileMeansDefaults() {
        XCTAssertEqual(SessionStore(directory: folder).loadNow(), Session())
    }

    func testRoundTrip() throws {
        let store = SessionStore(directory: folder)
        try store.write(sampleSession())
        XCTAssertEqual(store.loadNow(), sampleSession())
        XCTAssertEqual(store.loadNow().files, ["/b.csv", "/a.csv"])
    }

    func testSavesOnceAfterTheLastChangeHasSettled() {
        let clock = ManualScheduler()
        let store = SessionStore(directory: folder, debounce: 1.5, scheduler: clock)
        var session = Session()
        for step in 0..<5 {
            session.theme = "step \(step)"
            store.save(session)
            clock.advance(by: 1.0)
            XCTAssertFalse(FileManager.default.fileExists(atPath: store.fileURL.path), "not while changes keep coming")
        }
        clock.advance(by: 0.6)
        XCTAssertEqual(store.loadNow().theme, "step 4", "the last change, 1.5 s after it")
    }

    func testFlushWritesAPendingSaveAtOnce() {
        let clock = ManualScheduler()
        let store = SessionStore(directory: folder, scheduler: clock)
        store.save(sampleSession())
        store.flush()
        XCTAssertEqual(store.loadNow(), sampleSession())
        clock.advance(by: 10)
    }

    func testACorruptFileIsSetAsideNotLost() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let store = SessionStore(directory: folder)
        try Data("{\"files\": [tru".utf8).write(to: store.fileURL)
        let warnings = WarningBox()
        store.onWarning = { warnings.append($0) }
        XCTAssertEqual(store.loadNow(), Session())
        XCTAssertEqual(warnings.messages.count, 1)
        let kept = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("session.json.corrupt-") }
        XCTAssertEqual(kept.count, 1)
        XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent(kept[0]), encoding: .utf8), "{\"files\": [tru")
        XCTAssertFalse(FileManager.default.fileExists(atPath: store.fileURL.path))
    }

    func testNonsenseRangesAreCorruptToo() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let store = SessionStore(directory: folder)
        try Data("{\"files\":[],\"hiddenSeries\":[],\"theme\":\"day\",\"visible\":{\"minX\":5,\"maxX\":1,\"minY\":0,\"maxY\":1}}".utf8)
            .write(to: store.fileURL)
        XCTAssertNil(store.loadNow().visible)
    }

    func testXDGConfigHome() {
        XCTAssertEqual(SessionStore.defaultDirectory(environment: ["XDG_CONFIG_HOME": "/cfg", "HOME": "/home/u"]).path, "/cfg/sightline")
        XCTAssertEqual(SessionStore.defaultDirectory(environment: ["HOME": "/home/u"]).path, "/home/u/.config/sightline")
        XCTAssertEqual(SessionStore.defaultDirectory(environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/home/u"]).path,
                       "/home/u/.config/sightline", "a relative XDG path is ignored, as the specification says")
    }

    func testBackgroundLoadDeliversTheSession() throws {
        let store = SessionStore(directory: folder)
        try store.write(sampleSession())
        let delivered = expectation(description: "loaded")
        store.load { session in
            XCTAssertEqual(session, self.sampleSession())
            delivered.fulfill()
        }
        wait(for: [delivered], timeout: 10)
    }
}

final class WarningBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    var messages: [String] { lock.lock(); defer { lock.unlock() }; return stored }
    func append(_ message: String) { lock.lock(); stored.append(message); lock.unlock() }
}
