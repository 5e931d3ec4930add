#if canImport(Glibc)
import Glibc
#endif

/// A regular file mapped read-only into memory. Pages the parser has passed can be
/// handed back (`release(_:)`), so a large file never sits whole in resident memory.
///
/// The mapping is guarded (`BusErrorGuard`): if another program truncates the file
/// while it is read, reads past the new end see zeros instead of killing the process,
/// and `change` says so afterwards, as it does for a file whose size or modification
/// time moved (a file that only grew, a log being written, reads as its first bytes).
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
            let code = errno
            // Out of address space (`ulimit -v`): say how much, as for any load too large.
            if code == ENOMEM {
                let budget = MemoryBudget.current()
                throw DataLoadError.tooLarge(file: path, what: "reading it", needed: count,
                                             available: budget.availableBytes ?? 0, limit: budget.limit)
            }
            throw DataLoadError.unreadable(path: path, reason: String(cString: strerror(code)))
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

    /// What became of the file since it was mapped.
    enum Change: Equatable {
        /// Nothing: what was read is the file.
        case none
        /// Only longer (a log being appended to): what was read is its first `count` bytes.
        case grew
        /// Shorter (a read saw zeros), or rewritten in place: what was read is not the file.
        case changed
    }

    /// Whether and how the file changed since it was mapped.
    var change: Change {
        if BusErrorGuard.faulted(token) { return .changed }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .changed }
        let sameTime = info.st_mtim.tv_sec == modified.tv_sec && info.st_mtim.tv_nsec == modified.tv_nsec
        if Int(info.st_size) == size && sameTime { return .none }
        return Int(info.st_size) > size ? .grew : .changed
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
