#if canImport(Glibc)
import Glibc
#endif

/// A regular file mapped read-only into memory. Pages the parser has passed can be
/// handed back (`release(_:)`), so a large file never sits whole in resident memory.
///
/// The mapping is guarded (`BusErrorGuard`): if another program truncates the file
/// while it is read, reads past the new end see zeros instead of killing the process,
/// and `changed` says so afterwards, as it does for a file whose size or modification
/// time moved.
final class MappedFile {
    let path: String
    let count: Int
    private let descriptor: Int32
    private let base: UnsafeMutableRawPointer
    private let token: BusErrorGuard.Token
    private let size: Int
    private let modified: timespec
    private static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

    /// Maps the regular file open at `descriptor` (of `info`'s size, more than 0 bytes),
    /// taking the descriptor over; `nil` when it cannot be guarded (too many files are
    /// mapped at once), so that the caller reads it instead.
    /// - Throws: `DataLoadError.unreadable` with the system's reason.
    init?(descriptor: Int32, info: stat, path: String) throws {
        self.path = path
        count = Int(info.st_size)
        let mapped = mmap(nil, count, PROT_READ, MAP_PRIVATE, descriptor, 0)
        guard let mapped, mapped != MAP_FAILED else {
            throw DataLoadError.unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        guard let token = BusErrorGuard.register(start: mapped, length: count) else {
            munmap(mapped, count)
            return nil
        }
        madvise(mapped, count, MADV_SEQUENTIAL)
        self.descriptor = descriptor
        base = mapped
        self.token = token
        size = count
        modified = info.st_mtim
    }

    deinit {
        BusErrorGuard.unregister(token)
        munmap(base, count)
        close(descriptor)
    }

    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

    /// Whether the file changed since it was mapped: it shrank under a read (which then
    /// saw zeros), or its size or modification time is no longer what it was.
    var changed: Bool {
        if BusErrorGuard.faulted(token) { return true }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return true }
        return Int(info.st_size) != size || info.st_mtim.tv_sec != modified.tv_sec || info.st_mtim.tv_nsec != modified.tv_nsec
    }

    /// Drops the whole pages inside `range` from resident memory; reading them again
    /// pages them back in from the file.
    func release(_ range: Range<Int>) {
        let start = (range.lowerBound + Self.pageSize - 1) / Self.pageSize * Self.pageSize
        let end = min(range.upperBound, count) / Self.pageSize * Self.pageSize
        guard end > start else { return }
        madvise(base + start, end - start, MADV_DONTNEED)
    }
}
