#if canImport(Glibc)
import Glibc
#endif

/// A file mapped read-only into memory. Pages the parser has passed can be handed back
/// (`release(upTo:)`), so a large file never sits whole in resident memory.
final class MappedFile {
    let path: String
    let count: Int
    private let base: UnsafeMutableRawPointer?
    private static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

    /// Opens and maps `path`.
    /// - Throws: `DataLoadError.fileNotFound` or `.unreadable` with the system's reason.
    init(path: String) throws {
        self.path = path
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT { throw DataLoadError.fileNotFound(path: path) }
            throw DataLoadError.unreadable(path: path, reason: String(cString: strerror(code)))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            throw DataLoadError.unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            throw DataLoadError.unreadable(path: path, reason: "it is a folder, not a file")
        }
        count = Int(info.st_size)
        guard count > 0 else {
            base = nil
            return
        }
        let mapped = mmap(nil, count, PROT_READ, MAP_PRIVATE, fd, 0)
        guard let mapped, mapped != MAP_FAILED else {
            throw DataLoadError.unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        madvise(mapped, count, MADV_SEQUENTIAL)
        base = mapped
    }

    deinit {
        if let base { munmap(base, count) }
    }

    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

    /// Drops the whole pages inside `range` from resident memory; reading them again
    /// pages them back in from the file.
    func release(_ range: Range<Int>) {
        guard let base else { return }
        let start = (range.lowerBound + Self.pageSize - 1) / Self.pageSize * Self.pageSize
        let end = min(range.upperBound, count) / Self.pageSize * Self.pageSize
        guard end > start else { return }
        madvise(base + start, end - start, MADV_DONTNEED)
    }
}
