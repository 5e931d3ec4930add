import ChartData
import Dispatch
import Synchronization

/// Runs one question against a SQLite file on a thread of its own (SQLite blocks, and the
/// cooperative pool must not), on a connection of its own, so that cancelling the asking
/// task interrupts that question's statement (`sqlite3_interrupt`) and no other's.
enum SQLiteWork {
    /// `work`'s value on a fresh read-only connection to `path`.
    /// - Throws: `CancellationError` when the task is cancelled before or while it runs,
    ///   else what opening the file or `work` throws.
    static func run<T: Sendable>(path: String, _ work: @escaping @Sendable (SQLiteConnection) throws -> T) async throws -> T {
        let gate = Gate()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
                DispatchQueue.global(qos: .userInitiated).async {
                    continuation.resume(with: Result {
                        let connection = try SQLiteConnection(path: path)
                        defer {
                            gate.detach()
                            connection.close()
                        }
                        try gate.attach(connection)
                        return try work(connection)
                    })
                }
            }
        } onCancel: {
            gate.cancel()
        }
    }

    /// The connection a cancellation interrupts, and whether it came before there was one.
    private final class Gate: Sendable {
        private let state = Mutex<(cancelled: Bool, connection: SQLiteConnection?)>((false, nil))

        func attach(_ connection: SQLiteConnection) throws {
            try state.withLock { state in
                if state.cancelled { throw CancellationError() }
                state.connection = connection
            }
        }

        func detach() {
            state.withLock { $0.connection = nil }
        }

        func cancel() {
            state.withLock { state in
                state.cancelled = true
                state.connection?.interrupt()
            }
        }
    }
}
