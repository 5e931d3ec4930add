import ChartData

/// The owners of the window's commands over one chart, in their precedence: a note's
/// field while it is open (it has the keyboard), the window's own (quit, log axes,
/// export: `WindowCommands`), the summary panel, the theme, the
/// audiograph, the `?` panel, the measure (and Ctrl+C), the day navigation, the chart
/// (see `CommandRouter`). The one place that order is written.
public final class ExplorerCommands {
    public let owners: [CommandOwner]
    /// The chart's own input (the session asks whether the user moved the view).
    public let chart: ChartCommands
    /// The audiograph, which the loop advances each frame while it plays.
    public let audiograph: AudiographCommands
    /// `n` and the note being typed, which has the keyboard while it is open.
    public let notes: NoteCommands

    /// - Parameters:
    ///   - theme: the window's theme, which exists before the chart does.
    ///   - write: takes the summary's text (`SummaryCommands`).
    ///   - days: reads the day files beside the chart's file; `nil` opens no days.
    ///   - clipboard: where Ctrl+C copies to; `nil` copies nothing.
    ///   - rememberNotes: saves the file's notes after a change.
    ///   - window: the window's own commands; `nil` where there is no window.
    public init(chart explorer: ExplorerChart, theme: ThemeCommands, player: AudiographPlaying, speech: SpeechOutput,
                days: DayFileLoader?, clipboard: Clipboard? = nil, rememberNotes: @escaping ([ChartNote]) -> Void = { _ in },
                window: WindowCommands? = nil, write: @escaping (String) -> Void) {
        chart = ChartCommands(chart: explorer)
        days?.openDays(of: explorer)
        audiograph = AudiographCommands(chart: explorer, player: player)
        notes = NoteCommands(chart: explorer, remember: rememberNotes)
        let first: [CommandOwner] = [notes] + (window.map { [$0] } ?? [])
        owners = first + [SummaryCommands(chart: explorer, speech: speech, write: write), theme, audiograph,
                  KeyHelpCommands(chart: explorer), MeasureCommands(chart: explorer, clipboard: clipboard),
                  DayZoomCommands(zoom: explorer.zoom), chart]
    }
}
