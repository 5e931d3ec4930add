import Foundation

/// Hands one value from a background thread to the window's loop: the latest value
/// put, taken at most once. Sendable checked by hand: `value` is touched only under
/// `lock`, and a value put is handed over, kept by the taker alone.
final class LockedSlot<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value?

    func put(_ newValue: Value) {
        lock.lock()
        value = newValue
        lock.unlock()
    }

    func take() -> Value? {
        lock.lock()
        defer { lock.unlock() }
        let taken = value
        value = nil
        return taken
    }
}
