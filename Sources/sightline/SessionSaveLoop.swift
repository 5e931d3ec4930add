import ArgumentParser
import ChartGeometry
import ChartSupport
import Foundation

/// Saves session changes in a tight loop until killed, through the same lock, merge
/// and atomic write as a window: the crash-safety test kills it with SIGKILL at random
/// moments and checks that the file always loads.
struct SessionSaveLoop: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "session-save-loop",
        abstract: "Save sessions in a loop until killed (for the crash-safety test).",
        shouldDisplay: false
    )

    @Option(help: "The folder to keep session.json in.")
    var directory: String

    func run() throws {
        let store = SessionStore(directory: URL(fileURLWithPath: directory), debounce: 3600)
        store.onWarning = { CommandSupport.printError("warning: \($0)") }
        // As a window starts: read the session (which sweeps what killed saves left).
        _ = store.loadNow()
        var i = 0
        while true {
            i += 1
            // Sizes vary, so a torn write would show as a truncated or mixed file.
            let file = SessionEntry(path: "/data/file-\(i % 60)-" + String(repeating: "x", count: i % 97) + ".csv")
            store.save(SessionUpdate(file: file,
                                     visible: DataRect(minX: Double(i), maxX: Double(i) + 1, minY: -1, maxY: Double(i % 13) + 1),
                                     hiddenSeries: (0..<(i % 5)).map { "series \($0)" }))
            store.flush()
        }
    }
}
