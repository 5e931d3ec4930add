import Foundation

/// What the process needs of its limits, checked before it starts a thread: a stack
/// deep enough for fontconfig, Mesa and the parsers, and room under the process limit
/// for the threads the work runs at once.
///
/// Without the checks a tight `ulimit -u` hangs: libdispatch retries a thread it cannot
/// start every 10 ms, forever. A 64 KiB stack crashes inside fontconfig.
public enum ProcessLimits {
    /// The least stack the main thread needs, with room: a debug build crashes in
    /// fontconfig at 64 KiB and runs every command at 96 KiB.
    public static let minimumStackBytes = 256 << 10

    /// Threads a command runs at once, at most: the main thread, the signal watcher,
    /// the loader, and per core a Dispatch worker (parsing, level of detail) and a Mesa
    /// rasterizer, with Dispatch's manager (`render` peaks at 9 threads on 2 cores).
    public static var threadsNeeded: Int { 5 + 2 * ProcessInfo.processInfo.activeProcessorCount }

    /// `RLIM_INFINITY`, which Swift imports as a literal that overflows `rlim_t`.
    private static let unlimited = rlim_t.max

    /// Processes and threads this user may run (`ulimit -u`), when that is limited.
    public static var processLimit: Int? {
        var limit = rlimit()
        guard getrlimit(Int32(__RLIMIT_NPROC.rawValue), &limit) == 0, limit.rlim_cur != unlimited else { return nil }
        return Int(clamping: limit.rlim_cur)
    }

    /// Raises a soft stack limit below `minimumStackBytes` to the hard one (at most 8
    /// MiB) and starts the program again under it, so the main thread and every
    /// thread's default stack get it; then checks that `threadsNeeded` threads can run.
    /// - Throws: `ProcessLimitError` when a hard limit stands in the way.
    public static func require() throws {
        try requireStack()
        try requireThreadRoom(threadsNeeded)
    }

    private static func requireStack() throws {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_STACK.rawValue), &limit) == 0, limit.rlim_cur != unlimited,
              limit.rlim_cur < rlim_t(minimumStackBytes) else { return }
        guard limit.rlim_max == unlimited || limit.rlim_max >= rlim_t(minimumStackBytes) else {
            throw ProcessLimitError.stackTooSmall(limit: Int(clamping: limit.rlim_max), needed: minimumStackBytes)
        }
        limit.rlim_cur = min(limit.rlim_max, rlim_t(8 << 20))
        guard setrlimit(Int32(RLIMIT_STACK.rawValue), &limit) == 0 else { return }
        // glibc sizes threads' default stacks from the limit at start, so start again.
        // Should exec fail, the main thread's stack still grows to the raised limit.
        execv("/proc/self/exe", CommandLine.unsafeArgv)
    }

    /// Starts `count` threads that wait until all exist, then ends them: a process
    /// limit that leaves too little room fails here, in words, before any work.
    private static func requireThreadRoom(_ count: Int) throws {
        // Root is not held to the process limit.
        guard processLimit != nil, getuid() != 0 else { return }
        let release = DispatchSemaphore(value: 0)
        var started: [pthread_t] = []
        defer {
            for _ in started { release.signal() }
            for thread in started { pthread_join(thread, nil) }
        }
        // The main thread is one of them already.
        for _ in 1..<count {
            switch DetachedThread.spawn(stackBytes: 64 << 10, joinable: true, { release.wait() }) {
            case let .success(thread): started.append(thread)
            case let .failure(error):
                throw ProcessLimitError.threadRefused(purpose: "room for the \(count) threads sightline runs at once",
                                                      code: error.code)
            }
        }
    }
}
