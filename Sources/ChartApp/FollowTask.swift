import CSDL2
import ChartData
import Foundation
import Synchronization

/// Follows a file that grows (`--follow`, and standard input in a window): the first
/// read happens on the loading thread (`readFirst`, which `LoadingTask` calls); once the
/// chart is shown, `start(from:)` runs a thread that reads the rows appended every
/// `pollSeconds` (standard input: as they arrive), grows the data source with them
/// (`DataSource.appending`: the levels extended, not built again; rows that arrive within
/// `applyInterval` of the last growth are appended together) and hands the latest
/// source to the window's loop with an SDL event. The loop never waits on it: a frame
/// draws whichever source it last took.
final class FollowTask: Sendable {
    /// What the window takes: the newest source and what to say since the last take.
    struct Update {
        var source: DataSource
        /// The log axes the source was built for.
        var logAxes: Set<YAxisSide>
        var notices: [String]
        /// Rows appended since the last take.
        var rows: Int
    }

    static let pollSeconds = 0.05
    /// The shortest time between two grown sources, seconds: rows that arrive sooner
    /// are appended together.
    static let applyInterval = 0.1
    private let reader: Mutex<FollowReader?>
    private let update = Mutex<Update?>(nil)
    private let wantedLogAxes: Mutex<Set<YAxisSide>>
    private let stopped = Atomic<Bool>(false)
    private let lod: LODMethod
    private let connectsGaps: Bool
    private let wakeEvent: UInt32

    /// Opens `path` (`-`: standard input) for following.
    /// - Throws: `DataLoadError` when it cannot be opened.
    init(path: String, options: LoadOptions, lod: LODMethod, connectsGaps: Bool, logAxes: Set<YAxisSide>,
         wakeEvent: UInt32) throws {
        reader = Mutex(FollowReader(file: try FollowedFile(path: path, options: options), options: options))
        wantedLogAxes = Mutex(logAxes)
        self.lod = lod
        self.connectsGaps = connectsGaps
        self.wakeEvent = wakeEvent
    }

    /// The file's complete lines as they are, waiting while it holds no row (on the
    /// loading thread).
    func readFirst() throws -> Dataset {
        try reader.withLock { reader in
            try reader!.readFirst(pollSeconds: Self.pollSeconds) { !self.stopped.load(ordering: .relaxed) }
        }
    }

    /// Starts reading what is appended after the rows `source` holds, which was built
    /// for the log axes `logAxes` asked for.
    /// - Throws: `ProcessLimitError` when the thread cannot start.
    func start(from source: DataSource, logAxes: Set<YAxisSide>) throws {
        want(logAxes: logAxes)
        let followed = reader.withLock { $0.take() }
        guard let followed else { return }
        // The thread owns the reader from here: the box only carries it across.
        let box = UncheckedBox(followed)
        try DetachedThread.start("following the file", name: "follow") { [self] in
            run(reader: box.value, from: source, builtFor: logAxes)
        }
    }

    /// Asks the sources made from now on for `axes` logarithmic (`l`, Shift+L).
    func want(logAxes axes: Set<YAxisSide>) {
        wantedLogAxes.withLock { $0 = axes }
    }

    /// The newest source and the notices since the last take, if anything arrived.
    func take() -> Update? {
        update.withLock { $0.take() }
    }

    /// Puts back an update the window could not show yet (a day is open), under any
    /// newer one: its notices first, its rows counted.
    func putBack(_ held: Update) {
        update.withLock { slot in
            guard var newer = slot else { return slot = held }
            newer.notices = held.notices + newer.notices
            newer.rows += held.rows
            slot = newer
        }
    }

    /// Ends the thread after its current read (standard input's waits at most
    /// `FollowedFile.waitSeconds`), and a first read that waits for rows; the window
    /// calls it as it closes. The reader and its descriptor go with the thread.
    func stop() {
        stopped.store(true, ordering: .relaxed)
    }

    private func run(reader: FollowReader, from start: DataSource, builtFor asked: Set<YAxisSide>) {
        var source = start
        var builtFor = asked
        var pending: Dataset?
        var notices: [String] = []
        var lastApplied: UInt64 = 0
        var applyCost: UInt64 = 0
        while !stopped.load(ordering: .relaxed) {
            let batch: FollowReader.Batch
            do {
                batch = try reader.next()
            } catch {
                publish(source, logAxes: builtFor, notices: notices + ["\(error); following stopped"], rows: 0)
                return
            }
            if let rows = batch.rows { pending = pending.map { $0.appending(rows) } ?? rows }
            notices += batch.notices
            let wanted = wantedLogAxes.withLock { $0 }
            if pending != nil || wanted != builtFor {
                // Each grown source copies every point (its arrays are new): at most one
                // every `applyInterval`, and no more often than 4 times its cost, so that
                // the copies take a bounded share of the time however large the file.
                let due = lastApplied + max(UInt64(Self.applyInterval * 1e9), 4 * applyCost)
                let now = DispatchTime.now().uptimeNanoseconds
                if now < due, !batch.ended { usleep(UInt32(min(due - now, 1_000_000_000) / 1000)) }
                let started = DispatchTime.now().uptimeNanoseconds
                let rows = pending?.count ?? 0
                if let appended = pending { source = source.appending(appended, connectsGaps: connectsGaps) }
                if wanted != builtFor {
                    source = DataSource(dataset: source.values, lodMethod: lod, connectsGaps: connectsGaps, logAxes: wanted)
                    builtFor = wanted
                }
                lastApplied = DispatchTime.now().uptimeNanoseconds
                applyCost = lastApplied - started
                publish(source, logAxes: builtFor, notices: notices, rows: rows)
                (pending, notices) = (nil, [])
            } else if !notices.isEmpty {
                publish(source, logAxes: builtFor, notices: notices, rows: 0)
                notices = []
            }
            if batch.ended { return }
            if batch.rows == nil { usleep(UInt32(Self.pollSeconds * 1_000_000)) }
        }
    }

    private func publish(_ source: DataSource, logAxes: Set<YAxisSide>, notices: [String], rows: Int) {
        // The window is closing: no event for a loop that has ended.
        guard !stopped.load(ordering: .relaxed) else { return }
        update.withLock { slot in
            var next = Update(source: source, logAxes: logAxes, notices: slot?.notices ?? [], rows: (slot?.rows ?? 0) + rows)
            next.notices += notices
            slot = next
        }
        var event = SDL_Event()
        event.type = wakeEvent
        SDL_PushEvent(&event)
    }
}

/// Carries a value that is handed over, not shared, to another thread.
private struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
