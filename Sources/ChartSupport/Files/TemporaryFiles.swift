import Foundation
import Synchronization

/// The temporary files this process is writing, so that an interrupted command leaves
/// none behind: whoever creates one registers it, and removes it from here once it is
/// renamed into place or deleted; on SIGINT, SIGTERM or SIGHUP the app removes
/// whatever is still registered before it exits.
public enum TemporaryFiles {
    private static let paths = Mutex<Set<String>>([])

    /// Records `path` as a temporary file of this process.
    public static func register(_ path: String) {
        paths.withLock { _ = $0.insert(path) }
    }

    /// Forgets `path`: it was renamed into place, or removed.
    public static func unregister(_ path: String) {
        paths.withLock { _ = $0.remove(path) }
    }

    /// The paths registered now.
    public static var registered: Set<String> { paths.withLock { $0 } }

    /// Creates a new file `folder/prefixXXXXXX suffix` (random letters, mode 0600, never
    /// an existing file or a link: `mkstemps`), registered until `unregister`.
    /// - Returns: the open descriptor (the caller closes it) and the path.
    /// - Throws: `POSIXError` with the system's reason.
    public static func create(in folder: String, prefix: String, suffix: String) throws -> (descriptor: Int32, path: String) {
        var template = Array((folder.hasSuffix("/") ? folder : folder + "/") .utf8CString.dropLast())
            + Array(prefix.utf8CString.dropLast()) + Array("XXXXXX".utf8CString.dropLast())
            + Array(suffix.utf8CString)
        let descriptor = mkstemps(&template, Int32(suffix.utf8.count))
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        let path = String(decoding: template.dropLast().map(UInt8.init(bitPattern:)), as: UTF8.self)
        register(path)
        return (descriptor, path)
    }

    /// Deletes every registered file and forgets them.
    public static func removeAll() {
        let all = paths.withLock { paths in
            defer { paths.removeAll() }
            return paths
        }
        for path in all { unlink(path) }
    }
}
