import Foundation

extension OutputFile {
    /// The name of a temporary of ours: `.sightline-` then 8 hex digits then `.tmp`,
    /// 23 bytes whatever the output's name, so a name up to NAME_MAX still has room.
    static func temporaryName(_ random: UInt32) -> String {
        let digits = String(random, radix: 16)
        return ".sightline-" + String(repeating: "0", count: 8 - digits.count) + digits + ".tmp"
    }

    /// Whether `name` is one of our temporaries' names.
    static func isTemporaryName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard bytes.count == 23, name.hasPrefix(".sightline-"), name.hasSuffix(".tmp") else { return false }
        return bytes[11..<19].allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
            || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) }
    }

    /// Removes temporaries of ours in `folder` that a killed process left: files of our
    /// name pattern, owned by this user, unchanged for `age` seconds, that no process has
    /// locked (a writer holds its temporary's lock until it is renamed). Anything else is
    /// left alone; errors are ignored, as this is only tidying.
    /// - Returns: the names removed.
    /// - Complexity: O(n) in the directory's entries.
    @discardableResult
    public static func removeStaleTemporaries(in folder: String, olderThan age: Double = staleAge) -> [String] {
        guard let stream = opendir(folder) else { return [] }
        defer { closedir(stream) }
        var removed: [String] = []
        let now = Date().timeIntervalSince1970
        while let entry = readdir(stream) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            guard isTemporaryName(name) else { continue }
            let path = folder + "/" + name
            let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
            guard fd >= 0 else { continue }
            defer { close(fd) }
            var info = stat()
            guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_uid == geteuid() else { continue }
            let modified = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
            guard now - modified >= age, flock(fd, LOCK_EX | LOCK_NB) == 0 else { continue }
            if unlink(path) == 0 { removed.append(name) }
        }
        return removed
    }
}
