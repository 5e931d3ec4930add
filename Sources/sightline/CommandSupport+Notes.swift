import ChartData
import ChartSupport

extension CommandSupport {
    /// The notes a chart of `file` shows: those the window's session keeps for the file
    /// (and its `--chart`), then those of `arguments` (`--note`, which win at their point),
    /// ascending x. `render` draws these and `describe` lists them, so the two agree.
    /// Standard input has no session entry, so only `arguments` count there.
    /// - Throws: as `NoteArgument.notes(_:in:)` does for a `--note` outside the data.
    static func notes(for file: String, chart: Int?, arguments: [NoteArgument], in dataset: Dataset) throws -> [ChartNote] {
        var kept: [ChartNote] = []
        if file != "-" {
            let store = SessionStore()
            store.onWarning = { printError("warning: \($0)") }
            kept = store.loadNow().entry(for: Open.realPath(file), chart: chart)?.notes ?? []
        }
        return try NoteArgument.notes(arguments, in: dataset).reduce(kept) { ChartNote.setting($1, in: $0) }
    }
}
