import Foundation

/// What a loader tells as it reads, from any of its threads: the stretches of bytes it
/// is done with. The total goes to a progress report, and the stretch itself to
/// `release` (a mapped file drops those pages: a loader reading a file in several
/// places at once still never holds all of it in memory). Sendable checked by hand:
/// `done` and the callbacks are used only under `lock`.
public final class ReadTracker: @unchecked Sendable {
    private let lock = NSLock()
    private var done = 0
    private let total: Int
    let progress: LoadProgress?
    let release: ((Range<Int>) -> Void)?

    public init(total: Int, progress: LoadProgress?, release: ((Range<Int>) -> Void)? = nil) {
        self.total = total
        self.progress = progress
        self.release = release
    }

    /// The loader will not read `range` again. Calls are serialised, so the callbacks
    /// need no locks of their own.
    public func finished(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        lock.lock()
        defer { lock.unlock() }
        // A load read again in order (a cut inside a quoted field) reports bytes twice.
        done = min(done + range.count, total)
        release?(range)
        progress?(done, total)
    }
}
