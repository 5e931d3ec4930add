import Foundation
import Synchronization

/// The temporary files `OutputFile` is writing right now, kept in fixed C buffers so a
/// signal handler can remove them: `removeAll()` reads only those buffers and calls
/// `unlink(2)`, which is async-signal-safe, and allocates nothing.
///
/// For a handler of SIGINT, SIGTERM or SIGHUP: call `prepare()` once before installing
/// it (the buffers are allocated then, not inside the handler), and in the handler call
/// `removeAll()` before exiting or re-raising the signal. A temporary that is renamed
/// into place at that moment is simply not found. Temporaries a process leaves anyway
/// (after SIGKILL) are removed by a later write into the same directory
/// (`OutputFile.removeStaleTemporaries(in:olderThan:)`).
public enum InFlightTemporaries {
    /// How many temporaries can be registered at once; a writer finding every slot
    /// taken goes unregistered (the stale sweep still removes its file if it is killed).
    public static let slotCount = 8
    /// Bytes per slot: a flag byte, then the path and its terminating zero.
    static let slotSize = Int(PATH_MAX) + 2

    /// Flag byte 1: the slot holds a whole path; 0: empty or being filled.
    nonisolated(unsafe) private static let buffers: UnsafeMutablePointer<CChar> = {
        let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: slotCount * slotSize)
        buffer.initialize(repeating: 0, count: slotCount * slotSize)
        return buffer
    }()
    private static let claims = Mutex<[Bool]>(Array(repeating: false, count: slotCount))

    /// Allocates the buffers now, so that a signal handler never does.
    public static func prepare() {
        _ = buffers
    }

    /// Records `path` as in flight; returns its slot, or `nil` when every slot is taken
    /// or the path does not fit.
    static func register(_ path: String) -> Int? {
        let bytes = Array(path.utf8)
        guard bytes.count + 2 <= slotSize, !bytes.contains(0) else { return nil }
        let slot = claims.withLock { claimed -> Int? in
            guard let free = claimed.firstIndex(of: false) else { return nil }
            claimed[free] = true
            return free
        }
        guard let slot else { return nil }
        let base = buffers + slot * slotSize
        base[0] = 0
        atomicMemoryFence(ordering: .sequentiallyConsistent)
        for (offset, byte) in bytes.enumerated() { base[1 + offset] = CChar(bitPattern: byte) }
        base[1 + bytes.count] = 0
        // The flag is set only once the whole path is there: a handler never sees half a path.
        atomicMemoryFence(ordering: .sequentiallyConsistent)
        base[0] = 1
        return slot
    }

    /// Forgets the temporary in `slot` (it was renamed into place or removed).
    static func release(_ slot: Int) {
        buffers[slot * slotSize] = 0
        atomicMemoryFence(ordering: .sequentiallyConsistent)
        claims.withLock { $0[slot] = false }
    }

    /// Removes every temporary in flight. Async-signal-safe once `prepare()` has run:
    /// it reads fixed buffers and calls `unlink(2)`, nothing else.
    public static func removeAll() {
        for slot in 0..<slotCount {
            let base = buffers + slot * slotSize
            guard base[0] == 1 else { continue }
            atomicMemoryFence(ordering: .sequentiallyConsistent)
            unlink(base + 1)
        }
    }
}
