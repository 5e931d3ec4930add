import Foundation

/// Keeps the session in `$XDG_CONFIG_HOME/sightline/session.json` (or
/// `~/.config/sightline/`): loads it in the background, saves it about 1.5 s after the
/// last change, and never leaves a torn or silently overwritten file.
///
/// A save writes a temporary file beside the real one, flushes it to disk and renames
/// it over the old one, so a crash at any moment leaves either the old or the new file.
/// A file that cannot be read is renamed aside (`session.json.corrupt-DATE`) with a
/// warning, and the app starts from defaults.
public final class SessionStore: @unchecked Sendable {
    public let fileURL: URL
    /// Seconds from the last change to the save.
    public let debounce: Double
    private let scheduler: Scheduler
    private let lock = NSLock()
    private var pending: Session?
    private var scheduled: ScheduledWork?
    /// Told about a corrupt file set aside, or a save that failed.
    public var onWarning: (@Sendable (String) -> Void)?

    /// - Parameters:
    ///   - directory: where `session.json` lives; `nil` for the XDG default.
    ///   - debounce: seconds to wait after the last change before writing.
    public init(directory: URL? = nil, debounce: Double = 1.5, scheduler: Scheduler = DispatchScheduler()) {
        fileURL = (directory ?? Self.defaultDirectory()).appendingPathComponent("session.json")
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

    /// Reads the session now: defaults when there is no file; a corrupt file is set
    /// aside first.
    public func loadNow() -> Session {
        guard let data = try? Data(contentsOf: fileURL) else { return Session() }
        do {
            return try JSONDecoder().decode(Session.self, from: data)
        } catch {
            setAside(reason: "\(error)")
            return Session()
        }
    }

    /// Reads the session on a background queue and hands it to `completion` there.
    public func load(completion: @escaping @Sendable (Session) -> Void) {
        DispatchQueue.global(qos: .userInitiated).async { [self] in completion(loadNow()) }
    }

    private func setAside(reason: String) {
        let stamp = ISO8601DateFormatter().string(from: Date()).replacingOccurrences(of: ":", with: "-")
        let aside = fileURL.deletingLastPathComponent().appendingPathComponent("session.json.corrupt-\(stamp)")
        if rename(fileURL.path, aside.path) == 0 {
            onWarning?("\(fileURL.path) could not be read (\(reason)); it was kept as \(aside.path) and defaults are used")
        } else {
            onWarning?("\(fileURL.path) could not be read (\(reason)) nor set aside; it is left as it is")
        }
    }

    // MARK: Saving

    /// Saves `session` once no further change has come for `debounce` seconds.
    public func save(_ session: Session) {
        lock.lock()
        pending = session
        scheduled?.cancel()
        scheduled = scheduler.schedule(after: debounce) { [weak self] in self?.flush() }
        lock.unlock()
    }

    /// Writes a pending save now (on quit, say).
    public func flush() {
        lock.lock()
        let session = pending
        pending = nil
        scheduled?.cancel()
        scheduled = nil
        lock.unlock()
        guard let session else { return }
        do {
            try write(session)
        } catch {
            onWarning?("cannot save the session to \(fileURL.path): \(error)")
        }
    }

    /// Writes atomically: temporary file, fsync, rename, fsync of the folder.
    public func write(_ session: Session) throws {
        let directory = fileURL.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data = try encoder.encode(session)
        let temporary = directory.appendingPathComponent(".session.json.\(getpid()).tmp")
        let fd = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        var written = 0
        data.withUnsafeBytes { bytes in
            while written < bytes.count {
                let n = Glibc.write(fd, bytes.baseAddress! + written, bytes.count - written)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return }
                written += n
            }
        }
        let synced = fsync(fd)
        close(fd)
        guard written == data.count, synced == 0, rename(temporary.path, fileURL.path) == 0 else {
            let code = errno
            unlink(temporary.path)
            throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
        }
        let folder = open(directory.path, O_RDONLY | O_DIRECTORY)
        if folder >= 0 {
            fsync(folder)
            close(folder)
        }
    }
}
