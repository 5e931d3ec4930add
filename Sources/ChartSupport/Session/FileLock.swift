import ChartData
import Foundation

/// An advisory lock (`flock`) on a lock file, shared by every process that uses the same
/// file: held while a window reads, merges and writes the session, so two windows'
/// saves never interleave. The lock goes with the file descriptor, so a process that
/// dies holding it releases it at once.
final class FileLock {
    private let fd: Int32

    private init(fd: Int32) { self.fd = fd }

    deinit { unlock() }

    private var held = true

    /// Why the lock was not had, in words for a warning.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Takes the lock on `path` (creating the file, mode 0600, when `create` is set),
    /// waiting up to `timeout` seconds.
    /// - Throws: `Failure` when the file cannot be opened, locks are not supported
    ///   there, or the lock is not had in time.
    static func acquire(_ path: String, create: Bool, timeout: Double = 5) throws -> FileLock {
        let fd = open(path, O_RDWR | O_CLOEXEC | (create ? O_CREAT : 0), 0o600)
        guard fd >= 0 else { throw Failure(description: "cannot open \(DisplayText.quoted(path)): \(String(cString: strerror(errno)))") }
        let deadline = Date().addingTimeInterval(timeout)
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            guard code == EWOULDBLOCK || code == EINTR, Date() < deadline else {
                close(fd)
                let reason = code == EWOULDBLOCK ? "another window held it for \(Int(timeout)) s" : String(cString: strerror(code))
                throw Failure(description: "cannot lock \(DisplayText.quoted(path)): \(reason)")
            }
            usleep(2_000)
        }
        return FileLock(fd: fd)
    }

    /// Releases the lock (closing the file); later calls do nothing.
    func unlock() {
        guard held else { return }
        held = false
        flock(fd, LOCK_UN)
        close(fd)
    }
}
