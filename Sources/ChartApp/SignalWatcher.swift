import ChartSupport
import Foundation
import Synchronization

/// Turns the signals that end a process by default (SIGINT, SIGTERM, SIGHUP, and
/// Ctrl-\'s SIGQUIT, SIGUSR2 and SIGALRM) into orderly ends.
///
/// The signals are blocked in every thread from the start (`start()` runs before any
/// other thread exists, and threads inherit the mask) and taken by one watcher thread
/// with `sigwait`, so what runs on a signal is ordinary code, not a signal handler: it
/// may take locks, save the session and print. By default a signal removes the
/// process's temporary files and ends it with the signal's own status (130 for
/// SIGINT, 143 for SIGTERM, 129 for SIGHUP), as a shell expects. A window sets a
/// handler that asks its loop to quit instead, so the session is saved first; a second
/// signal while it quits ends the process at once.
public enum SignalWatcher {
    /// The signals watched: every one a user or another program may send to end the
    /// process. SIGPIPE is left to its default: a write to a closed pipe raises it in
    /// the writing thread, where no watcher can take it, and ending quietly then is what
    /// `sightline describe … | head -1` expects. SIGUSR1 is left too: the Swift runtime
    /// raises it on a fatal error, and taken here it would end a crash as a quiet
    /// status 138 instead of its message and SIGABRT.
    public static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR2, SIGALRM]
    /// The handler the window set, and the first signal that came.
    private struct State {
        var handler: (@Sendable (Int32) -> Bool)?
        var received: Int32?
    }
    private static let state = Mutex(State())

    /// Blocks the signals in the calling thread and starts the watcher. Call it first
    /// thing in `main`, before any other thread is started.
    /// - Throws: `ProcessLimitError` when the watcher cannot start; the signals are
    ///   then unblocked again, since with no watcher nothing would ever take them.
    public static func start() throws {
        var set = signalSet()
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &set, &previous)
        do {
            try DetachedThread.start("the signal watcher", name: "signal watcher", stackBytes: 256 << 10) { watch() }
        } catch {
            pthread_sigmask(SIG_SETMASK, &previous, nil)
            throw error
        }
    }

    /// What a signal does while `handler` is set: it returns whether it took the signal
    /// (the process then goes on, to end by itself); `nil` restores the default.
    public static func setHandler(_ handler: (@Sendable (Int32) -> Bool)?) {
        state.withLock { $0.handler = handler }
    }

    /// The signal that asked the process to end, if one came.
    public static var receivedSignal: Int32? { state.withLock { $0.received } }

    /// Removes the temporary files and ends the process as `signal` would have.
    public static func terminate(with signal: Int32) -> Never {
        TemporaryFiles.removeAll()
        Glibc.signal(signal, SIG_DFL)
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, signal)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        raise(signal)
        _exit(128 + signal)
    }

    private static func watch() {
        var set = signalSet()
        while true {
            var signal: Int32 = 0
            guard sigwait(&set, &signal) == 0 else { continue }
            let (first, current) = state.withLock { state -> (Bool, (@Sendable (Int32) -> Bool)?) in
                defer { state.received = state.received ?? signal }
                return (state.received == nil, state.handler)
            }
            if first, let current, current(signal) { continue }
            terminate(with: signal)
        }
    }

    private static func signalSet() -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in signals { sigaddset(&set, signal) }
        return set
    }
}
