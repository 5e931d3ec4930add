import ArgumentParser
import ChartCore
import Foundation

/// Saves sessions in a tight loop until killed: the crash-safety test kills it with
/// SIGKILL at random moments and checks that the file always loads.
struct SessionSaveLoop: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "session-save-loop",
        abstract: "Save sessions in a loop until killed (for the crash-safety test).",
        shouldDisplay: false
    )

    @Option(help: "The folder to keep session.json in.")
    var directory: String

    func run() throws {
        let store = SessionStore(directory: URL(fileURLWithPath: directory))
        var session = Session()
        var i = 0
        while true {
            i += 1
            // Sizes vary, so a torn write would show as a truncated or mixed file.
            session.noteOpened("/data/file-\(i)-" + String(repeating: "x", count: i % 97) + ".csv")
            session.visible = DataRect(minX: Double(i), maxX: Double(i) + 1, minY: -1, maxY: Double(i % 13) + 1)
            session.hiddenSeries = (0..<(i % 5)).map { "series \($0)" }
            try store.write(session)
        }
    }
}
