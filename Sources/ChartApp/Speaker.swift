import ChartInteraction
import ChartSupport
import Dispatch
import Foundation

/// Says text aloud through speech-dispatcher's `spd-say`, the speech service the Orca
/// screen reader uses, where it is on PATH.
///
/// `spd-say` is started directly (no shell, so nothing in the text is ever run) with the
/// text as one argument after `--`, and not waited for: it hands the text to the speech
/// server and leaves. `cancel()` runs `spd-say -C`, which stops what is being said. Both
/// run in order on one background queue, so a cancel never overtakes the speech it
/// stops, nor the next one, and the window never waits. Children start with the default
/// signal mask and dispositions (this process blocks its signals for the watcher thread)
/// and with standard input and output on /dev/null (a server that cannot be reached is
/// not reported once per key press); each is reaped when it ends. An `spd-say` that
/// hangs (no speech server answering) cannot hold the others up: a cancel waits for it
/// at most `cancelTimeout`, and `shutDown()` ends whatever is still running when the
/// window closes, so no child outlives the app.
final class Speaker: SpeechOutput {
    /// The program's full path; `nil` when speech is off or there is none.
    let program: String?
    private let enabled: Bool
    private let queue = DispatchQueue(label: "speech")
    private var saidMissing = false
    private var hasSpoken = false
    /// The `spd-say`s started and not yet ended.
    private static let running = RunningChildren()
    /// The longest a cancel (`spd-say -C`) is waited for before it is killed, seconds.
    static let cancelTimeout = 2.0

    /// - Parameters:
    ///   - enabled: `false` speaks nothing (`--no-speech`).
    ///   - searchPath: where to look for `spd-say` (`$PATH` by default).
    init(enabled: Bool, searchPath: String? = ProcessInfo.processInfo.environment["PATH"]) {
        self.enabled = enabled
        program = enabled ? Self.find("spd-say", in: searchPath ?? "") : nil
    }

    /// Starts saying `text`, after stopping what this speaker said before. Without
    /// `spd-say`, says so once on standard error.
    func speak(_ text: String) {
        guard enabled else { return }
        guard let program else {
            if !saidMissing {
                saidMissing = true
                var line = "sightline: spd-say (speech-dispatcher) is not on PATH; summaries are shown and printed, not spoken\n"
                _ = line.withUTF8 { OutputFile.writeAll(UnsafeRawBufferPointer($0), to: STDERR_FILENO) }
            }
            return
        }
        let cancelsFirst = hasSpoken
        hasSpoken = true
        queue.async {
            if cancelsFirst { Self.run(program, ["-C"], waiting: true) }
            Self.run(program, ["--", text], waiting: false)
        }
    }

    /// Stops what this speaker said, if it said anything.
    func cancel() {
        guard let program, hasSpoken else { return }
        hasSpoken = false
        queue.async { Self.run(program, ["-C"], waiting: true) }
    }

    /// Ends every `spd-say` still running and lets no other start (the window is
    /// closing): one queued behind a hanging cancel would otherwise start as the
    /// cancel is killed, and outlive the window.
    func shutDown() {
        for pid in Self.running.close() { kill(pid, SIGKILL) }
    }

    /// The first executable `name` in the folders of `searchPath` (colon-separated).
    static func find(_ name: String, in searchPath: String) -> String? {
        for folder in searchPath.split(separator: ":") where !folder.isEmpty {
            let candidate = "\(folder)/\(name)"
            var info = stat()
            if stat(candidate, &info) == 0, info.st_mode & S_IFMT == S_IFREG, access(candidate, X_OK) == 0 {
                return candidate
            }
        }
        return nil
    }

    /// Starts `program` with `arguments`; waits for it with `waiting` (killing it after
    /// `cancelTimeout`), else reaps it on a thread of its own when it ends.
    private static func run(_ program: String, _ arguments: [String], waiting: Bool) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] {
            posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY, 0)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGPIPE] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid = pid_t()
        guard posix_spawn(&pid, program, &actions, &attributes, argv, environ) == 0 else { return }
        guard running.insert(pid) else {
            // Started as the window closed: ended at once, like the others.
            kill(pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
            return
        }
        if waiting {
            reap(pid, within: cancelTimeout)
        } else {
            // With no thread to spare, the speech queue waits for the child itself.
            let child = pid
            do {
                try DetachedThread.start("reaping spd-say", name: "reaper", stackBytes: 256 << 10) { reap(child, within: nil) }
            } catch {
                reap(child, within: nil)
            }
        }
    }

    /// Waits for `pid` to end, killing it after `limit` seconds when there is one.
    private static func reap(_ pid: pid_t, within limit: Double?) {
        var status: Int32 = 0
        if let limit {
            let deadline = Date().addingTimeInterval(limit)
            while waitpid(pid, &status, WNOHANG) == 0 {
                if Date() >= deadline {
                    kill(pid, SIGKILL)
                    break
                }
                usleep(20_000)
            }
        }
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        running.remove(pid)
    }
}

/// The process ids of children not yet reaped, shared by the queue and the reapers;
/// once closed, it takes no more. Sendable checked by hand: `pids` and `isClosed` are
/// touched only under `lock`.
private final class RunningChildren: @unchecked Sendable {
    private let lock = NSLock()
    private var pids = Set<pid_t>()
    private var isClosed = false

    /// Adds `pid`; returns `false` when closed (the child must then be ended).
    func insert(_ pid: pid_t) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard !isClosed else { return false }
        pids.insert(pid)
        return true
    }

    /// Takes no more children; returns those running.
    func close() -> Set<pid_t> {
        lock.lock()
        defer { lock.unlock() }
        isClosed = true
        return pids
    }

    func remove(_ pid: pid_t) {
        lock.lock()
        pids.remove(pid)
        lock.unlock()
    }
}
