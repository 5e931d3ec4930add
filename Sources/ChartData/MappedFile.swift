#if canImport(Glibc)
import Glibc
#endif

/// A file mapped read-only into memory. Pages the parser has passed can be handed back
/// (`release(upTo:)`), so a large file never sits whole in resident memory.
final class MappedFile {
    let path: String
    let count: Int
    private let base: UnsafeMutableRawPointer?
    private var released = 0
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

    /// Drops the pages before `offset` from resident memory; reading them again pages
    /// them back in from the file.
    func release(upTo offset: Int) {
        guard let base else { return }
        let end = offset / Self.pageSize * Self.pageSize
        guard end > released else { return }
        madvise(base + released, end - released, MADV_DONTNEED)
        released = end
    }
}
