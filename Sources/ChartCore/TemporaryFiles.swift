import Foundation

/// The temporary files this process is writing, so that an interrupted command leaves
/// none behind: whoever creates one registers it, and removes it from here once it is
/// renamed into place or deleted; on SIGINT, SIGTERM or SIGHUP the app removes
/// whatever is still registered before it exits.
public enum TemporaryFiles {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var paths: Set<String> = []

    /// Records `path` as a temporary file of this process.
    public static func register(_ path: String) {
        lock.withLock { _ = paths.insert(path) }
    }

    /// Forgets `path`: it was renamed into place, or removed.
    public static func unregister(_ path: String) {
        lock.withLock { _ = paths.remove(path) }
    }

    /// The paths registered now.
    public static var registered: Set<String> { lock.withLock { paths } }

    /// Deletes every registered file and forgets them.
    public static func removeAll() {
        let all = lock.withLock {
            defer { paths.removeAll() }
            return paths
        }
        for path in all { unlink(path) }
    }
}
