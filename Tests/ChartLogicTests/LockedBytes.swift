import Foundation

/// Bytes a reader thread appends and the test reads.
final class LockedBytes: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [UInt8] = []
    var bytes: [UInt8] { lock.lock(); defer { lock.unlock() }; return stored }
    var count: Int { lock.lock(); defer { lock.unlock() }; return stored.count }
    func append(_ more: ArraySlice<UInt8>) { lock.lock(); stored.append(contentsOf: more); lock.unlock() }
}
