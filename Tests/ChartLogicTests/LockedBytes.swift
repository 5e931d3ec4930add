import Synchronization

/// Bytes a reader thread appends and the test reads.
final class LockedBytes: Sendable {
    private let stored = Mutex<[UInt8]>([])
    var bytes: [UInt8] { stored.withLock { $0 } }
    var count: Int { stored.withLock { $0.count } }
    func append(_ more: ArraySlice<UInt8>) { stored.withLock { $0.append(contentsOf: more) } }
}
