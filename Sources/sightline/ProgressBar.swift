import Foundation

/// A one-line progress bar on standard error, shown only on a terminal and only once
/// a load has taken longer than a second (`SIGHTLINE_PROGRESS_DELAY` seconds, for tests).
final class ProgressBar {
    private let label: String
    private let started = Date()
    private let delay = ProcessInfo.processInfo.environment["SIGHTLINE_PROGRESS_DELAY"].flatMap(Double.init) ?? 1
    private let enabled = isatty(STDERR_FILENO) == 1
    private var shown = false
    private var lastPercent = -1

    init(label: String) { self.label = label }

    /// Reports `done` of `total` bytes.
    func update(_ done: Int, of total: Int) {
        guard enabled, total > 0, Date().timeIntervalSince(started) >= delay else { return }
        let percent = done * 100 / total
        guard percent != lastPercent else { return }
        lastPercent = percent
        shown = true
        let width = 30
        let filled = width * percent / 100
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        CommandSupport.write("\r\(label) [\(bar)] \(percent)%", to: STDERR_FILENO)
    }

    /// Clears the bar's line, if it was drawn.
    func finish() {
        guard shown else { return }
        shown = false
        CommandSupport.write("\r\u{1B}[2K", to: STDERR_FILENO)
    }
}
