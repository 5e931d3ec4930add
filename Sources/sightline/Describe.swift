import ArgumentParser
import ChartData
import ChartSupport
import Foundation

struct Describe: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Describe a data file's chart in words: its x range and points, and per series its change, lowest and highest values and trend.",
        discussion: """
        One fact a line, written to be read aloud, numbers as the window's info board writes \
        them. A trend is the least-squares line of y on x over the points in range, per day \
        on a time axis (per hour under two days), per unit of x otherwise; it is called \
        flat when the line's rise over the range is under 1% of the values' range in view, \
        or when it explains under 10% of their variation (R² < 0.1). Stacked series add \
        their total; a chart of shares adds the shares at its first and last x. A change \
        has no percentage where the first value is 0 or the values in range cross zero. \
        Last, per series its count, lowest, highest, mean and standard deviation (the \
        sample's, n − 1) over the range. \
        With --log-y (--log-y2), a series on that axis has its trend read in log terms: \
        the compounded rate a year (or per day, hour or unit of x) of the line through the \
        logarithms of its values, and the factor from first to last. \
        Where a series lacks values at some x, each series says how many it has. A range \
        with no data in it is refused (exit 65), saying where the data runs. --json \
        prints the same as JSON: numbers in full, dates as ISO 8601 in UTC (as --utc). The notes on \
        the chart in range (kept by the window's session, and --note) are listed last.
        """
    )

    @Argument(help: "The data file to describe ('-' for standard input).")
    var file: String

    @Argument(help: """
        More files to show in the same chart, each series on its own file's x (--x, --y and the other data \
        options apply to every file).
        """)
    var moreFiles: [String] = []

    @OptionGroup var data: DataOptions

    @OptionGroup var scale: ScaleOptions

    @Option(parsing: .unconditional, help: ArgumentHelp("The x range to describe, " + RangeArgument.xHelp + "; default: all x.",
                               valueName: "x-range"), transform: RangeArgument.parsing)
    var xRange: RangeArgument?

    @Option(name: .customLong("note"), parsing: .unconditionalSingleValue, help: NoteArgument.help, transform: NoteArgument.parsing)
    var notes: [NoteArgument] = []

    @Flag(help: "Print JSON instead of sentences.")
    var json = false

    @Flag(help: "Print the time loading and summarising took, on standard error.")
    var verbose = false

    func run() throws {
        try StandardStreams.refuseInputs([file] + moreFiles)
        let loadStarted = Date()
        var options = data
        // ISO 8601 with its Z is UTC: instants read so, not moved to the local clock.
        if json { options.utc = true }
        let loaded = try CommandSupport.load([file] + moreFiles, options: options)
        let range = try xRange?.requiringData(in: loaded)
        // A database's first read may be a pyramid: its range's M4 laid in, the extremes,
        // their instants and the trend are its rows' (as `render` draws them).
        let dataset = try CommandSupport.refining(loaded, of: [file] + moreFiles, options: options, over: { range },
                                                  columns: 1_280 * RefinementPlan.columnsPerPixel)
        let notes = try CommandSupport.notes(for: file, chart: data.chart, arguments: self.notes, in: dataset)
        let started = Date()
        // On a log axis (--log-y) the trend is read in log terms: a compounded rate.
        var summary: ChartSummary
        if scale.logAxes.isEmpty {
            summary = ChartSummary(dataset: dataset, overX: range).withStatistics(from: dataset)
                .with(notes: notes)
        } else {
            let source = DataSource(dataset: dataset, lodMethod: .none, logAxes: scale.logAxes)
            ScaleOptions.warn(about: source)
            summary = ChartSummary(source: source, overX: range).withStatistics(from: dataset)
                .with(notes: notes)
        }
        // A database's statistics are its own, over every row in range, not the drawn points'.
        let exact = try CommandSupport.exactStatistics(of: summary, drawn: dataset, at: [file] + moreFiles, options: options)
        if let exact { summary = exact.summary }
        let seconds = Date().timeIntervalSince(started)
        var text = json ? summary.json : summary.lines.joined(separator: "\n") + "\n"
        if let exact, !json {
            text += "The statistics are \(DisplayText.name(exact.source))'s own, over every row in range.\n"
        }
        try StandardStreams.write(json ? text : CommandSupport.terminalSafe(text))
        if verbose {
            CommandSupport.printError(String(format: "load %.3f s, summary %.1f ms over %d points × %d series",
                                             started.timeIntervalSince(loadStarted), seconds * 1000, summary.pointCount,
                                             summary.series.count))
        }
    }
}
