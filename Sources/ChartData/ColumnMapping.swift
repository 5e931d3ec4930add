#if canImport(Glibc)
import Glibc
#endif

/// A file mapped read-only for the columns read from it (`ValueColumn`): kept mapped for
/// as long as any column uses it, unmapped with the last.
///
/// Guarded as `MappedFile` is (`BusErrorGuard`): if another program truncates the file
/// while it is mapped, reads past the new end see zeros instead of killing the process,
/// and `faulted` says so afterwards.
public final class ColumnMapping: @unchecked Sendable {
    // Sendable: every stored property is set once; the memory is only read.
    let base: UnsafeRawPointer
    /// The mapped length, in bytes.
    public let count: Int
    private let token: BusErrorGuard.Token
    private static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

    /// Maps the first `count` bytes (more than 0) of the file open at `descriptor`, which
    /// stays the caller's; `nil` when it cannot be mapped or guarded (too many mappings,
    /// no address space), so that the caller reads the file instead.
    public init?(descriptor: Int32, count: Int) {
        guard count > 0 else { return nil }
        let mapped = mmap(nil, count, PROT_READ, MAP_SHARED, descriptor, 0)
        guard let mapped, mapped != MAP_FAILED else { return nil }
        guard let token = BusErrorGuard.register(start: mapped, length: count) else {
            munmap(mapped, count)
            return nil
        }
        base = UnsafeRawPointer(mapped)
        self.count = count
        self.token = token
    }

    deinit {
        BusErrorGuard.unregister(token)
        munmap(UnsafeMutableRawPointer(mutating: base), count)
    }

    /// Whether a read ran past the file's end since it was mapped (another program cut
    /// it short): what was read there were zeros.
    public var faulted: Bool { BusErrorGuard.faulted(token) }

    /// Drops the pages of `range` (bytes) from this process's resident memory, after a
    /// pass over them (checking a cache file); reading them again pages them back in.
    public func release(_ range: Range<Int>) {
        let start = (range.lowerBound + Self.pageSize - 1) / Self.pageSize * Self.pageSize
        let end = min(range.upperBound, count) / Self.pageSize * Self.pageSize
        guard end > start else { return }
        madvise(UnsafeMutableRawPointer(mutating: base + start), end - start, MADV_DONTNEED)
    }
}
