import ChartApp
import Foundation

/// Work started on its own thread at once, whose result (or error) the caller collects
/// later: the data loads while the main thread opens the GL context and links shaders,
/// as the window does. Sendable checked by hand: the thread writes `result` before it
/// signals `done`, and `value()` reads it only after waiting for that signal.
final class BackgroundResult<Value>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var result: Result<Value, Error>?

    /// - Throws: `ProcessLimitError` when the thread cannot start.
    init(_ work: @escaping @Sendable () throws -> Value) throws {
        try DetachedThread.start("loading the data", name: "loading") { [self] in
            result = Result { try work() }
            done.signal()
        }
    }

    /// Waits for the work and returns its value, or throws its error.
    func value() throws -> Value {
        done.wait()
        done.signal()
        return try result!.get()
    }
}
