import ChartData
import ChartGeometry
import ChartSupport
import Foundation
import XCTest

/// Several windows share one session file: each save merges this window's changes into
/// the file as it is then, so no window's last change is lost to another's.
final class SessionMergeTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("sightline-merge-\(UUID().uuidString)")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func window() -> SessionStore {
        SessionStore(directory: folder, scheduler: ManualScheduler())
    }

    func testTwoWindowsKeepEachOthersFiles() {
        let first = window(), second = window()
        first.save(SessionUpdate(file: SessionEntry(path: "/a.csv")))
        second.save(SessionUpdate(file: SessionEntry(path: "/b.csv")))
        first.save(SessionUpdate(file: SessionEntry(path: "/a.csv"), visible: view(1), hiddenSeries: ["A2"]))
        second.save(SessionUpdate(file: SessionEntry(path: "/b.csv"), visible: view(2)))
        first.flush()
        second.flush()
        let session = window().loadNow()
        XCTAssertEqual(session.files, ["/b.csv", "/a.csv"])
        XCTAssertEqual(session.entry(for: "/a.csv")?.visible, view(1), "the first window's view survives the second's save")
        XCTAssertEqual(session.entry(for: "/a.csv")?.hiddenSeries, ["A2"])
        XCTAssertEqual(session.entry(for: "/b.csv")?.visible, view(2))
    }

    /// Open A and move it, open B, open A again: A's view is still there.
    func testOpeningAThenBThenAKeepsAsView() {
        let a = window()
        a.save(SessionUpdate(file: SessionEntry(path: "/a.csv")))
        a.save(SessionUpdate(file: SessionEntry(path: "/a.csv"), visible: view(7)))
        a.flush()
        let b = window()
        XCTAssertNil(b.loadNow().entry(for: "/b.csv"))
        b.save(SessionUpdate(file: SessionEntry(path: "/b.csv")))
        b.save(SessionUpdate(file: SessionEntry(path: "/b.csv"), visible: view(3)))
        b.flush()
        let again = window()
        again.save(SessionUpdate(file: SessionEntry(path: "/a.csv")))
        XCTAssertEqual(again.loadNow().entry(for: "/a.csv")?.visible, view(7), "restored from A's own entry")
        again.flush()
        let session = window().loadNow()
        XCTAssertEqual(session.files, ["/a.csv", "/b.csv"])
        XCTAssertEqual(session.entry(for: "/a.csv")?.visible, view(7), "reopening does not clear the view")
        XCTAssertEqual(session.entry(for: "/b.csv")?.visible, view(3))
    }

    /// The theme and window size change only when a window changed them: another window
    /// saving its view does not undo them.
    func testSharedSettingsChangeOnlyWhenAWindowChangedThem() {
        let first = window(), second = window()
        second.save(SessionUpdate(file: SessionEntry(path: "/b.csv")))
        first.save(SessionUpdate(theme: "night", windowSize: PixelSize(width: 900, height: 700)))
        first.flush()
        second.save(SessionUpdate(file: SessionEntry(path: "/b.csv"), visible: view(1)))
        second.flush()
        let session = window().loadNow()
        XCTAssertEqual(session.theme, "night")
        XCTAssertEqual([session.windowWidth, session.windowHeight], [900, 700])
    }

    /// Seeded random interleavings of windows' saves and flushes: once every window has
    /// flushed, each window's last view and hidden series are in the file, and the theme
    /// and size are those of the last flush that carried them.
    func testEveryWindowsLastChangeSurvivesAnyInterleaving() {
        for seed in 0..<40 as Range<UInt64> {
            try? FileManager.default.removeItem(at: folder)
            var rng = SplitMix64(seed: seed)
            let count = Int.random(in: 2...5, using: &rng)
            let windows = (0..<count).map { _ in window() }
            let files = (0..<count).map { SessionEntry(path: "/seed\(seed)/file\($0).csv") }
            var lastView = [DataRect?](repeating: nil, count: count)
            var lastHidden = [[String]?](repeating: nil, count: count)
            var pendingTheme = [String?](repeating: nil, count: count)
            var pendingSize = [PixelSize?](repeating: nil, count: count)
            var expectedTheme = "day"
            var expectedSize: PixelSize?
            func flush(_ w: Int) {
                windows[w].flush()
                if let theme = pendingTheme[w] { expectedTheme = theme }
                if let size = pendingSize[w] { expectedSize = size }
                pendingTheme[w] = nil
                pendingSize[w] = nil
            }
            for w in 0..<count { windows[w].save(SessionUpdate(file: files[w])) }
            for _ in 0..<60 {
                let w = Int.random(in: 0..<count, using: &rng)
                switch Int.random(in: 0..<5, using: &rng) {
                case 0, 1:
                    let visible = view(Double(Int.random(in: -1000...1000, using: &rng)))
                    lastView[w] = visible
                    windows[w].save(SessionUpdate(file: files[w], visible: visible))
                case 2:
                    let hidden = Int.random(in: 0...1, using: &rng) == 0 ? [] : ["s\(Int.random(in: 0...9, using: &rng))"]
                    lastHidden[w] = hidden
                    windows[w].save(SessionUpdate(file: files[w], hiddenSeries: hidden))
                case 3:
                    let theme = Bool.random(using: &rng) ? "day" : "night"
                    let size = PixelSize(width: Int.random(in: 200...3000, using: &rng), height: Int.random(in: 200...2000, using: &rng))
                    pendingTheme[w] = theme
                    pendingSize[w] = size
                    windows[w].save(SessionUpdate(theme: theme, windowSize: size))
                default:
                    flush(w)
                }
            }
            for w in (0..<count).shuffled(using: &rng) { flush(w) }
            let session = window().loadNow()
            XCTAssertEqual(Set(session.files), Set(files.map(\.path)), "seed \(seed)")
            for w in 0..<count {
                XCTAssertEqual(session.entry(for: files[w].path)?.visible, lastView[w], "seed \(seed), window \(w)")
                XCTAssertEqual(session.entry(for: files[w].path)?.hiddenSeries, lastHidden[w] ?? [], "seed \(seed), window \(w)")
            }
            XCTAssertEqual(session.theme, expectedTheme, "seed \(seed)")
            XCTAssertEqual(session.windowWidth, expectedSize?.width, "seed \(seed)")
        }
    }

    /// Windows saving at once from their own threads (the lock, not the test, orders
    /// them): every window's last view is in the file.
    func testConcurrentSavesKeepEveryWindowsLastView() {
        let count = 4
        let windows = (0..<count).map { _ in window() }
        DispatchQueue.concurrentPerform(iterations: count) { w in
            var rng = SplitMix64(seed: UInt64(w) + 100)
            for step in 0..<40 {
                let visible = view(Double(step * 10 + w))
                windows[w].save(SessionUpdate(file: SessionEntry(path: "/thread\(w).csv"), visible: visible))
                if Int.random(in: 0..<3, using: &rng) == 0 || step == 39 { windows[w].flush() }
            }
        }
        let session = window().loadNow()
        for w in 0..<count {
            XCTAssertEqual(session.entry(for: "/thread\(w).csv")?.visible, view(Double(39 * 10 + w)), "window \(w)")
        }
    }

    /// A save waits for the lock another window holds, then merges what that window
    /// wrote meanwhile: it re-reads under the lock instead of writing what it read before.
    func testASaveWaitsForTheLockAndMergesWhatWasWrittenMeanwhile() throws {
        let first = window()
        first.save(SessionUpdate(file: SessionEntry(path: "/a.csv"), visible: view(1)))
        first.flush()
        // The "other window" takes the lock as the store does, by flock on the lock file.
        let lockFile = open(folder.appendingPathComponent("session.json.lock").path, O_RDWR | O_CREAT, 0o600)
        XCTAssertGreaterThanOrEqual(lockFile, 0)
        XCTAssertEqual(flock(lockFile, LOCK_EX), 0)
        first.save(SessionUpdate(file: SessionEntry(path: "/a.csv"), visible: view(5)))
        let saved = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            first.flush()
            saved.signal()
        }
        XCTAssertEqual(saved.wait(timeout: .now() + 0.5), .timedOut, "the save waits while the lock is held")
        // Meanwhile the other window, holding the lock, writes its own file into the session.
        let file = folder.appendingPathComponent("session.json")
        var session = try JSONDecoder().decode(Session.self, from: Data(contentsOf: file))
        SessionUpdate(file: SessionEntry(path: "/b.csv"), visible: view(2)).apply(to: &session)
        try JSONEncoder().encode(session).write(to: file, options: .atomic)
        XCTAssertEqual(flock(lockFile, LOCK_UN), 0)
        close(lockFile)
        XCTAssertEqual(saved.wait(timeout: .now() + 10), .success, "the save goes on once the lock is free")
        let merged = window().loadNow()
        XCTAssertEqual(merged.entry(for: "/a.csv")?.visible, view(5), "the waiting save landed")
        XCTAssertEqual(merged.entry(for: "/b.csv")?.visible, view(2), "and kept what was written while it waited")
    }
}

/// A view one unit wide at `x`; a free function, so the windows' threads can call it.
private func view(_ x: Double) -> DataRect {
    DataRect(minX: x, maxX: x + 1, minY: 0, maxY: 1)
}
