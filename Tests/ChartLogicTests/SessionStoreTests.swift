import ChartGeometry
import ChartSupport
import Foundation
import Synchronization
import XCTest

/// A clock the test advances by hand. Sendable checked by hand: each store's scheduler
/// is used by one thread, the one that saves through that store and advances it.
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
        session.noteOpened("/b.csv", chart: 2, x: "Date", y: ["Close"])
        session.updateEntry(for: "/b.csv", chart: 2) {
            $0.visible = DataRect(minX: 1, maxX: 2, minY: 3, maxY: 4)
            $0.hiddenSeries = ["Volume"]
        }
        session.theme = "night"
        session.setWindowSize(PixelSize(width: 800, height: 600))
        return session
    }

    private func type(_ path: String) -> mode_t? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return info.st_mode & S_IFMT
    }

    private func names() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    func testNoFileMeansDefaults() {
        XCTAssertEqual(SessionStore(directory: folder).loadNow(), Session())
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path), "reading creates nothing")
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
        for step in 0..<5 {
            store.save(SessionUpdate(file: SessionEntry(path: "/f.csv"),
                                     visible: DataRect(minX: Double(step), maxX: 10, minY: 0, maxY: 1)))
            clock.advance(by: 1.0)
            XCTAssertFalse(FileManager.default.fileExists(atPath: store.fileURL.path), "not while changes keep coming")
        }
        clock.advance(by: 0.6)
        XCTAssertEqual(store.loadNow().entry(for: "/f.csv")?.visible?.minX, 4, "the last change, 1.5 s after it")
    }

    func testFlushWritesAPendingSaveAtOnce() {
        let clock = ManualScheduler()
        let store = SessionStore(directory: folder, scheduler: clock)
        store.save(SessionUpdate(theme: "night", windowSize: PixelSize(width: 640, height: 480)))
        store.flush()
        XCTAssertEqual(store.loadNow().theme, "night")
        XCTAssertEqual(store.loadNow().windowWidth, 640)
        clock.advance(by: 10)
    }

    /// Quitting right after opening, before any view change and before the background
    /// load arrived, still records the file, keeping the view saved for it before.
    func testAFileOpenedAndClosedAtOnceIsRecordedWithItsView() throws {
        let earlier = SessionStore(directory: folder)
        try earlier.write(sampleSession())
        let store = SessionStore(directory: folder, scheduler: ManualScheduler())
        store.save(SessionUpdate(file: SessionEntry(path: "/b.csv", chart: 2, xColumn: "Date", yColumns: ["Close"])))
        store.save(SessionUpdate(file: SessionEntry(path: "/new.csv")))
        store.flush()
        let session = store.loadNow()
        XCTAssertEqual(session.files, ["/new.csv", "/b.csv", "/a.csv"])
        XCTAssertEqual(session.entry(for: "/b.csv", chart: 2)?.visible, DataRect(minX: 1, maxX: 2, minY: 3, maxY: 4))
    }

    func testACorruptFileIsSetAsideNotLost() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let store = SessionStore(directory: folder)
        try Data("{\"files\": [tru".utf8).write(to: store.fileURL)
        let warnings = WarningBox()
        store.onWarning = { warnings.append($0) }
        XCTAssertEqual(store.loadNow(), Session())
        XCTAssertEqual(warnings.messages.count, 1)
        let kept = try names().filter { $0.hasPrefix("session.json.corrupt-") }
        XCTAssertEqual(kept.count, 1)
        XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent(kept[0]), encoding: .utf8), "{\"files\": [tru")
        XCTAssertFalse(FileManager.default.fileExists(atPath: store.fileURL.path))
    }

    func testNonsenseRangesAreDropped() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let store = SessionStore(directory: folder)
        try Data("{\"files\":[\"/a.csv\"],\"hiddenSeries\":[],\"theme\":\"day\",\"visible\":{\"minX\":5,\"maxX\":1,\"minY\":0,\"maxY\":1}}".utf8)
            .write(to: store.fileURL)
        XCTAssertEqual(store.loadNow().files, ["/a.csv"])
        XCTAssertNil(store.loadNow().mostRecent?.visible)
    }

    /// A window size of 1e9 in the file starts the app at the largest size kept.
    func testAnAbsurdWindowSizeInTheFileIsClamped() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let store = SessionStore(directory: folder)
        try Data(#"{"files":[],"hiddenSeries":[],"theme":"day","windowWidth":1e9,"windowHeight":-4}"#.utf8).write(to: store.fileURL)
        let warnings = WarningBox()
        store.onWarning = { warnings.append($0) }
        let session = store.loadNow()
        XCTAssertNil(session.windowWidth, "a negative height drops the size")
        XCTAssertEqual(warnings.messages, [], "not corrupt: the rest of the file is kept")
    }

    /// A file this user may not read is left alone with a warning, and nothing is saved
    /// over it. As root, the test reads with the file system identity of `nobody`.
    func testAnUnreadableFileIsLeftAloneAndNotSavedOver() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        XCTAssertEqual(chmod(folder.path, 0o777), 0)
        let store = SessionStore(directory: folder, scheduler: ManualScheduler())
        let original = Data("{\"files\": [\"/precious.csv\"]}".utf8)
        try original.write(to: store.fileURL)
        XCTAssertEqual(chmod(store.fileURL.path, 0o000), 0)
        let warnings = WarningBox()
        store.onWarning = { warnings.append($0) }
        try asAnotherUser {
            XCTAssertEqual(store.loadNow(), Session())
            store.save(SessionUpdate(file: SessionEntry(path: "/other.csv"), theme: "night"))
            store.flush()
        }
        XCTAssertEqual(warnings.messages.count, 1, "\(warnings.messages)")
        XCTAssertTrue(warnings.messages.first?.contains("permission denied") ?? false, "\(warnings.messages)")
        XCTAssertEqual(try names().filter { $0.hasPrefix("session.json") && $0 != "session.json.lock" }, ["session.json"])
        XCTAssertEqual(type(store.fileURL.path), S_IFREG)
        XCTAssertEqual(chmod(store.fileURL.path, 0o600), 0)
        XCTAssertEqual(try Data(contentsOf: store.fileURL), original, "not saved over")
        // Readable again: the change kept pending is saved now, merged with the file.
        store.flush()
        XCTAssertEqual(store.loadNow().files, ["/other.csv", "/precious.csv"])
    }

    /// Runs `body` unable to read files of mode 000: as is for a user; for root, with the
    /// file system identity of `nobody` on this thread (setfsuid drops root's override).
    private func asAnotherUser(_ body: () throws -> Void) throws {
        guard geteuid() == 0 else { return try body() }
        typealias SetFSUID = @convention(c) (UInt32) -> Int32
        guard let symbol = dlsym(nil, "setfsuid") else { throw XCTSkip("no setfsuid") }
        let setfsuid = unsafeBitCast(symbol, to: SetFSUID.self)
        _ = setfsuid(65534)
        defer { _ = setfsuid(0) }
        try body()
    }

    /// A session.json that is a link (a dotfiles manager's) stays a link; the file it
    /// points to is replaced, and set aside there when corrupt.
    func testALinkedSessionFileStaysALink() throws {
        let dotfiles = folder.appendingPathComponent("dotfiles")
        let config = folder.appendingPathComponent("config")
        try FileManager.default.createDirectory(at: dotfiles, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        let store = SessionStore(directory: config)
        XCTAssertEqual(symlink("../dotfiles/session.json", store.fileURL.path), 0)
        store.save(SessionUpdate(file: SessionEntry(path: "/a.csv")))
        store.flush()
        XCTAssertEqual(type(store.fileURL.path), S_IFLNK)
        XCTAssertEqual(try String(contentsOf: dotfiles.appendingPathComponent("session.json"), encoding: .utf8).contains("/a.csv"), true)
        try store.write(sampleSession())
        XCTAssertEqual(type(store.fileURL.path), S_IFLNK)
        XCTAssertEqual(store.loadNow(), sampleSession())

        try Data("garbage".utf8).write(to: dotfiles.appendingPathComponent("session.json"))
        XCTAssertEqual(store.loadNow(), Session())
        XCTAssertEqual(type(store.fileURL.path), S_IFLNK, "the link is not what is set aside")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dotfiles.path).filter { $0.contains("corrupt") }.count, 1)
    }

    /// `kill -9` mid-save leaves temporaries: the next start removes those of processes
    /// that are gone, and only those.
    func testTemporariesOfKilledSavesAreRemovedOnStart() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let finished = Process()
        finished.executableURL = URL(fileURLWithPath: "/bin/true")
        try finished.run()
        finished.waitUntilExit()
        let dead = finished.processIdentifier
        let old = Date().timeIntervalSince1970 - 3600
        var times = [timespec(tv_sec: Int(old), tv_nsec: 0), timespec(tv_sec: Int(old), tv_nsec: 0)]
        for name in [".session.json.\(dead).tmp", ".session.json.\(getpid()).tmp", ".sightline-0123abcd.tmp", "notes.tmp"] {
            try Data("{".utf8).write(to: folder.appendingPathComponent(name))
            XCTAssertEqual(utimensat(AT_FDCWD, folder.appendingPathComponent(name).path, &times, 0), 0)
        }
        _ = SessionStore(directory: folder).loadNow()
        XCTAssertEqual(try names(), [".session.json.\(getpid()).tmp", "notes.tmp"], "a live process's temporary stays")
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
        let expected = sampleSession()
        store.load { session in
            XCTAssertEqual(session, expected)
            delivered.fulfill()
        }
        wait(for: [delivered], timeout: 10)
    }
}

final class WarningBox: Sendable {
    private let stored = Mutex<[String]>([])
    var messages: [String] { stored.withLock { $0 } }
    func append(_ message: String) { stored.withLock { $0.append(message) } }
}
