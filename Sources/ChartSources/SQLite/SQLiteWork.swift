import ChartData
import Dispatch
import Foundation
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
        let limit = timeout
        // SQLite has no statement timeout of its own: the question is interrupted at its limit.
        let deadline = DispatchWorkItem { gate.timeOut() }
        DispatchQueue.global().asyncAfter(deadline: .now() + limit, execute: deadline)
        defer { deadline.cancel() }
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
                        do {
                            return try work(connection)
                        } catch is CancellationError where gate.timedOut {
                            throw DataLoadError.unreachable(source: path, reason: "a question to the database ran longer "
                                                            + "than \(String(format: "%g", limit)) s, the limit (SIGHTLINE_SQLITE_TIMEOUT "
                                                            + "sets it, in seconds)")
                        }
                    })
                }
            }
        } onCancel: {
            gate.cancel()
        }
    }

    /// The most seconds one question may run: `SIGHTLINE_SQLITE_TIMEOUT`, else 10 (as the
    /// servers' statement timeouts).
    static var timeout: Double {
        let asked = ProcessInfo.processInfo.environment["SIGHTLINE_SQLITE_TIMEOUT"].flatMap(Double.init)
        return asked.flatMap { $0 > 0 && $0.isFinite ? $0 : nil } ?? 10
    }

    /// The connection a cancellation interrupts, and whether it came before there was one.
    private final class Gate: Sendable {
        private let state = Mutex<(cancelled: Bool, timedOut: Bool, connection: SQLiteConnection?)>((false, false, nil))

        /// Whether the question ran past its limit (its interruption is no cancellation).
        var timedOut: Bool { state.withLock { $0.timedOut } }

        func timeOut() {
            state.withLock { state in
                state.timedOut = true
                state.connection?.interrupt()
            }
        }

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
