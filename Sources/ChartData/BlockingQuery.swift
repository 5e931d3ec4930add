import Dispatch

/// Runs a source's asynchronous question to its end from a thread that may wait (the
/// loading thread, a command line's `describe`): `read` is synchronous, the engines'
/// questions are not. Never call it from a task of the cooperative pool, which it would
/// hold while the question needs it.
public enum BlockingQuery {
    /// The value `work` returns, or what it throws.
    public static func run<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) throws -> T {
        let outcome = Outcome<T>()
        Task.detached {
            do {
                outcome.result = .success(try await work())
            } catch {
                outcome.result = .failure(error)
            }
            outcome.done.signal()
        }
        outcome.done.wait()
        // The semaphore orders the task's write before this read.
        return try outcome.result!.get()
    }

    /// What the task leaves for the waiting thread; the semaphore is the lock.
    private final class Outcome<T>: @unchecked Sendable {
        var result: Result<T, any Error>?
        let done = DispatchSemaphore(value: 0)
    }
}
