import Dispatch

/// Runs work later. The store's debounce goes through it, so tests replace real time
/// with a clock they advance by hand.
public protocol Scheduler: AnyObject, Sendable {
    /// Runs `work` after `delay` seconds unless the returned token is cancelled first.
    func schedule(after delay: Double, _ work: @escaping @Sendable () -> Void) -> ScheduledWork
}

/// A piece of scheduled work that can still be called off.
public protocol ScheduledWork: AnyObject {
    func cancel()
}

/// Real time, on a serial background queue.
public final class DispatchScheduler: Scheduler, Sendable {
    private let queue: DispatchQueue

    public init(label: String = "sightline.scheduler") {
        queue = DispatchQueue(label: label)
    }

    public func schedule(after delay: Double, _ work: @escaping @Sendable () -> Void) -> ScheduledWork {
        let item = DispatchWorkItem(block: work)
        queue.asyncAfter(deadline: .now() + delay, execute: item)
        return Item(item)
    }

    private final class Item: ScheduledWork {
        let item: DispatchWorkItem
        init(_ item: DispatchWorkItem) { self.item = item }
        func cancel() { item.cancel() }
    }
}
