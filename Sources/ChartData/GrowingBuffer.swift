#if canImport(Glibc)
import Glibc
#endif

/// Bytes made while a file is read (UTF-16 text transcoded to UTF-8, a gzip file
/// inflated), in one block grown with `realloc`: glibc moves a large block with mremap,
/// so growing does not copy. Each growth is checked against the load's memory budget
/// first, so that content that inflates past what the process may take is refused with
/// the size it reached, never ended by the out-of-memory killer.
///
/// One thread fills it; loaders then read it through `withUnsafeBytes`.
public final class GrowingBuffer {
    private var start: UnsafeMutableRawPointer?
    /// Bytes written so far.
    public private(set) var count = 0
    /// Bytes allocated.
    public private(set) var capacity = 0
    /// The work, in the message a refusal gives: "decompressing it".
    private let work: String
    private let source: String
    private let options: LoadOptions

    /// An empty buffer of `capacity` bytes.
    /// - Parameters:
    ///   - work: what fills it, for a refusal's message ("decompressing it").
    ///   - source: the file it is for, named in a refusal.
    ///   - options: the memory budget (`LoadOptions.memory`).
    /// - Throws: `DataLoadError.tooLarge` when `capacity` bytes do not fit the budget.
    public init(capacity: Int, work: String, source: String, options: LoadOptions) throws {
        self.work = work
        self.source = source
        self.options = options
        try grow(to: max(capacity, 1))
    }

    deinit {
        free(start)
    }

    /// Room for `minimum` more bytes or more, after the `count` written; grown by half
    /// again (or to fit) when short. Write into it, then `commit` what was written.
    /// - Throws: `DataLoadError.tooLarge` naming the size reached, when the growth does
    ///   not fit the memory budget.
    /// - Complexity: amortised O(1); a growth is one `realloc`.
    public func freeSpace(atLeast minimum: Int) throws -> UnsafeMutableRawBufferPointer {
        if capacity - count < minimum {
            try grow(to: max(count + minimum, capacity + capacity / 2))
        }
        return UnsafeMutableRawBufferPointer(start: start! + count, count: capacity - count)
    }

    /// Counts `written` more bytes, written into the last `freeSpace`, as content.
    public func commit(_ written: Int) {
        precondition(written >= 0 && count + written <= capacity, "committed more than the free space")
        count += written
    }

    /// Appends `bytes`, growing as `freeSpace` does.
    public func append(_ bytes: UnsafeRawBufferPointer) throws {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        let room = try freeSpace(atLeast: bytes.count)
        room.baseAddress!.copyMemory(from: base, byteCount: bytes.count)
        commit(bytes.count)
    }

    /// Calls `body` with the content.
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeRawBufferPointer(start: start, count: count))
    }

    /// Reallocates to `bytes`, asking the budget for the whole block (as `StreamReader`
    /// does: a fixed budget in tests does not shrink as memory is taken).
    private func grow(to bytes: Int) throws {
        let doing = count == 0 ? work : "\(work) (\(MemoryBudget.describe(bytes: count)) so far)"
        try options.requireMemory(bytes, for: doing, file: source)
        guard let grown = realloc(start, bytes) else {
            throw DataLoadError.tooLarge(file: source, what: doing, needed: bytes, available: capacity,
                                         limit: "the allocator refused")
        }
        start = grown
        capacity = bytes
    }
}
