import Foundation

/// Threads started with `pthread_create`, whose failure is an error: `Thread.detachNewThread`
/// ignores it, so the work silently never runs and whoever waits for it waits forever.
/// Their stacks have a fixed size, not glibc's default, which follows `ulimit -s`.
public enum DetachedThread {
    /// The stack of a thread that does the program's work: as deep as the main
    /// thread's usual 8 MiB (address space only; pages are touched as used).
    public static let workStackBytes = 8 << 20

    /// Starts `body` on a thread of its own, named `name` (15 bytes at most show).
    /// - Throws: `ProcessLimitError.threadRefused` when no thread can be had, after a
    ///   few quick retries: a thread that just ended leaves the process count a moment late.
    public static func start(_ purpose: String, name: String, stackBytes: Int = workStackBytes,
                             _ body: @escaping @Sendable () -> Void) throws {
        var code: Int32 = 0
        attempts: for attempt in 0..<10 {
            if attempt > 0 { usleep(2_000) }
            switch spawn(stackBytes: stackBytes, joinable: false, { Thread.current.name = name; body() }) {
            case .success: return
            case let .failure(error):
                code = error.code
                // Only a process count reached passes; any other error stays.
                guard code == EAGAIN else { break attempts }
            }
        }
        throw ProcessLimitError.threadRefused(purpose: purpose, code: code)
    }

    struct SpawnError: Error { var code: Int32 }

    /// A thread running `body`, detached or for `pthread_join`, or `pthread_create`'s error.
    static func spawn(stackBytes: Int, joinable: Bool, _ body: @escaping @Sendable () -> Void) -> Result<pthread_t, SpawnError> {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, max(stackBytes, Int(PTHREAD_STACK_MIN)))
        pthread_attr_setdetachstate(&attributes, Int32(joinable ? PTHREAD_CREATE_JOINABLE : PTHREAD_CREATE_DETACHED))
        let box = Unmanaged.passRetained(Body(body))
        var thread = pthread_t()
        let code = pthread_create(&thread, &attributes, { context in
            let body = Unmanaged<Body>.fromOpaque(context!).takeRetainedValue()
            body.run()
            return nil
        }, box.toOpaque())
        guard code == 0 else {
            box.release()
            return .failure(SpawnError(code: code))
        }
        return .success(thread)
    }

    /// The closure passed to the new thread: `Sendable`, as it runs there.
    private final class Body: Sendable {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
}
