import ChartData
import Foundation

/// Keeps the session in `$XDG_CONFIG_HOME/sightline/session.json` (or
/// `~/.config/sightline/`): loads it in the background, saves a window's changes about
/// 1.5 s after the last one, and never leaves a torn or silently overwritten file.
///
/// - Several windows share the file. A save takes an advisory lock on
///   `session.json.lock`, re-reads the file, applies only this window's changes
///   (`SessionUpdate`: its file's entry, and the theme and window size if it changed
///   them), writes and unlocks; so each window's last change survives the others'. If
///   the lock cannot be had within 5 s (a hung process holds it) the save goes ahead
///   without it: at worst a change saved at that very moment by another window is lost;
///   the file is never torn.
/// - A save goes through `OutputFile`: a temporary beside the file, flushed and renamed,
///   so a crash leaves the old or the new file. A symbolic link (as dotfiles managers
///   make) stays a link and its target is replaced.
/// - A file that is not JSON is renamed aside (`session.json.corrupt-DATE`, beside its
///   real path) with a warning, and the session starts from defaults.
/// - A file that exists but cannot be read (no permission, not a regular file) is left
///   alone: a warning says so, and nothing is saved over it while it stays unreadable,
///   since what it holds is unknown. Renaming it aside would need the same access that
///   is missing, and the user may have set those permissions on purpose.
/// - On start, temporaries that killed processes left beside the file are removed.
///
/// Sendable checked by hand: the mutable state (`pending`, `scheduled`, the warnings told
/// and their handler) is touched only under `lock`, and a save runs under `saving`.
public final class SessionStore: @unchecked Sendable {
    public let fileURL: URL
    /// The lock file every process saving this session takes first.
    public let lockURL: URL
    /// Seconds from the last change to the save.
    public let debounce: Double
    private let scheduler: Scheduler
    private let lock = NSLock()
    /// Held for a whole save, so `flush()` returns only once every change made before
    /// it is on disk, even when the debounced save is running on another thread.
    private let saving = NSLock()
    private var pending: SessionUpdate?
    private var scheduled: ScheduledWork?
    private var warnedUnreadable = false
    /// The last save failure told, so the same one is not told on every save.
    private var lastSaveWarning: String?
    private var warningHandler: (@Sendable (String) -> Void)?

    /// Told about a corrupt file set aside, an unreadable file left alone, or a save
    /// that failed; called on the thread that saves.
    public var onWarning: (@Sendable (String) -> Void)? {
        get { lock.withLock { warningHandler } }
        set { lock.withLock { warningHandler = newValue } }
    }

    /// How big a session file may be before it is taken for something else, bytes.
    public static let sizeLimit = 4 << 20
    /// How old an unlocked temporary must be before a start removes it, seconds.
    static let staleTemporaryAge = 2.0

    /// - Parameters:
    ///   - directory: where `session.json` lives; `nil` for the XDG default.
    ///   - debounce: seconds to wait after the last change before writing.
    public init(directory: URL? = nil, debounce: Double = 1.5, scheduler: Scheduler = DispatchScheduler()) {
        let folder = directory ?? Self.defaultDirectory()
        fileURL = folder.appendingPathComponent("session.json")
        lockURL = folder.appendingPathComponent("session.json.lock")
        self.debounce = debounce
        self.scheduler = scheduler
    }

    /// `$XDG_CONFIG_HOME/sightline`, or `~/.config/sightline` when it is unset or not
    /// absolute (as the XDG specification says).
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            return URL(fileURLWithPath: config).appendingPathComponent("sightline")
        }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".config/sightline")
    }

    // MARK: Loading

    /// Reads the session now: defaults when there is no file, or one that cannot be read
    /// (left alone, with a warning); a corrupt file is set aside first. Removes the
    /// temporaries of killed saves.
    public func loadNow() -> Session {
        removeStaleTemporaries()
        // Without a lock file (a first run) there is nothing another window could be
        // writing; read unlocked.
        let held = try? FileLock.acquire(lockURL.path, create: false)
        defer { held?.unlock() }
        return readForMerge() ?? Session()
    }

    /// Reads the session on a background queue and hands it to `completion` there.
    public func load(completion: @escaping @Sendable (Session) -> Void) {
        DispatchQueue.global(qos: .userInitiated).async { [self] in completion(loadNow()) }
    }

    /// The session on disk; defaults when there is none or it was corrupt (and is now set
    /// aside); `nil` when it exists but cannot be read, so must not be written over.
    private func readForMerge() -> Session? {
        switch SessionFileReader.read(fileURL.path, sizeLimit: Self.sizeLimit) {
        case .missing:
            return Session()
        case let .read(data):
            do {
                return try JSONDecoder().decode(Session.self, from: data)
            } catch {
                setAside(reason: "not a session: \(Self.summary(of: error))")
                return Session()
            }
        case let .tooLarge(size):
            setAside(reason: "\(size) bytes, more than a session holds")
            return Session()
        case let .unreadable(reason):
            warnUnreadable(reason)
            return nil
        }
    }

    private func warnUnreadable(_ reason: String) {
        lock.lock()
        let first = !warnedUnreadable
        warnedUnreadable = true
        lock.unlock()
        guard first else { return }
        warn("\(DisplayText.quoted(fileURL.path)) cannot be read (\(reason)); it is left as it is, and this session "
            + "is not saved until it can be read (check it and its folders, or remove it to start afresh)")
    }

    /// Renames the file (a link's target, if it is a link) to `NAME.corrupt-DATE` beside it.
    private func setAside(reason: String) {
        let stamp = ISO8601DateFormatter().string(from: Date()).replacingOccurrences(of: ":", with: "-")
        let real = fileURL.resolvingSymlinksInPath().path
        let aside = real + ".corrupt-\(stamp)"
        if rename(real, aside) == 0 {
            warn("\(DisplayText.quoted(fileURL.path)) could not be read (\(reason)); it was kept as "
                + "\(DisplayText.quoted(aside)) and defaults are used")
        } else {
            warn("\(DisplayText.quoted(fileURL.path)) could not be read (\(reason)) nor set aside "
                + "(\(OutputFileError.reason(errno))); defaults are used")
        }
    }

    /// A save failure in words: the system's reason, not Foundation's error dump.
    private static func reason(of error: Error) -> String {
        if let error = error as? OutputFileError { return error.description }
        let described = error as NSError
        if let underlying = described.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return OutputFileError.reason(Int32(underlying.code))
        }
        if let posix = error as? POSIXError { return OutputFileError.reason(posix.code.rawValue) }
        if described.domain == NSPOSIXErrorDomain { return OutputFileError.reason(Int32(described.code)) }
        return DisplayText.escaped(described.localizedDescription)
    }

    private static func summary(of error: Error) -> String {
        guard case let DecodingError.dataCorrupted(context) = error else { return DisplayText.escaped("\(error)") }
        return DisplayText.escaped(context.underlyingError.map { "\($0.localizedDescription)" } ?? context.debugDescription)
    }

    /// Removes what killed saves left in the session's folder: our temporaries that no
    /// process holds, and the `.session.json.PID.tmp` files of earlier versions whose
    /// process is gone.
    private func removeStaleTemporaries() {
        let folder = fileURL.deletingLastPathComponent().path
        OutputFile.removeStaleTemporaries(in: folder, olderThan: Self.staleTemporaryAge)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names where name.hasPrefix(".session.json.") && name.hasSuffix(".tmp") {
            let middle = name.dropFirst(".session.json.".count).dropLast(".tmp".count)
            guard let pid = pid_t(middle), pid > 0 else { continue }
            if kill(pid, 0) == -1 && errno == ESRCH { unlink(folder + "/" + name) }
        }
    }

    // MARK: Saving

    /// Saves `update` (merged with earlier unsaved ones) once no further change has come
    /// for `debounce` seconds.
    public func save(_ update: SessionUpdate) {
        lock.lock()
        if pending == nil { pending = update } else { pending?.merge(update) }
        scheduled?.cancel()
        scheduled = scheduler.schedule(after: debounce) { [weak self] in self?.flush() }
        lock.unlock()
    }

    /// Writes pending changes now, merged into the file as it is on disk, and returns
    /// once they are written (or have failed, with a warning). Safe from any thread, and
    /// meant for quitting: the window calls it when it closes, on `q` or on a signal its
    /// loop handles. A change that cannot be saved stays pending for the next call.
    public func flush() {
        saving.lock()
        defer { saving.unlock() }
        lock.lock()
        let update = pending
        pending = nil
        scheduled?.cancel()
        scheduled = nil
        lock.unlock()
        guard let update, !update.isEmpty else { return }
        do {
            try createDirectory()
            let held = lockOrWarn()
            defer { held?.unlock() }
            guard var session = readForMerge() else {
                keep(update)
                return
            }
            update.apply(to: &session)
            try encodeAndWrite(session)
        } catch {
            keep(update)
            let warning = "cannot save the session in \(DisplayText.quoted(fileURL.deletingLastPathComponent().path)): "
                + Self.reason(of: error)
            lock.lock()
            let repeated = warning == lastSaveWarning
            lastSaveWarning = warning
            lock.unlock()
            if !repeated { warn(warning) }
        }
    }

    /// Puts `update` back under any newer pending one, for the next save to retry.
    private func keep(_ update: SessionUpdate) {
        lock.lock()
        var kept = update
        if let newer = pending { kept.merge(newer) }
        pending = kept
        lock.unlock()
    }

    /// Writes `session` whole, replacing what is there (under the lock; no merge): for
    /// tests and the crash-safety loop. A window saves through `save(_:)`.
    public func write(_ session: Session) throws {
        try createDirectory()
        let held = lockOrWarn()
        defer { held?.unlock() }
        try encodeAndWrite(session)
    }

    /// The session's lock, or `nil` with a warning saying why the save goes on without
    /// it (at worst another window's change made at the same moment is lost; the file
    /// is never torn, as every write is atomic).
    private func lockOrWarn() -> FileLock? {
        do {
            return try FileLock.acquire(lockURL.path, create: true)
        } catch {
            warn("\(error); saving the session without the lock")
            return nil
        }
    }

    /// Makes the session's folder and any missing parent (mode 0700, as XDG asks).
    /// - Throws: `POSIXError` with the reason a folder could not be made (a file in the
    ///   way, no permission), which Foundation's own call reports only as a code.
    private func createDirectory() throws {
        var made = ""
        for part in fileURL.deletingLastPathComponent().path.split(separator: "/") {
            made += "/" + part
            if mkdir(made, 0o700) != 0 && errno != EEXIST { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        }
        var info = stat()
        guard stat(made, &info) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw POSIXError(.ENOTDIR) }
    }

    private func encodeAndWrite(_ session: Session) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        var file = OutputFile(path: fileURL.path)
        file.creationMode = 0o600
        try file.write(Array(try encoder.encode(session)))
    }

    /// Tells `message` to the handler, outside the lock (the handler may take its own).
    private func warn(_ message: String) {
        onWarning?(message)
    }
}
