import ArgumentParser
import ChartData
import ChartSupport
import Foundation

struct Audio: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a series' audiograph to a WAV file: the chart as a tone, pitch following y.",
        discussion: """
        The x range (all x by default, as render draws it) is swept from left to right, \
        panned from the left ear to the right, over --seconds; the pitch rises linearly \
        from 150 Hz at the lowest value in the range to 2600 Hz at the highest (a flat \
        series plays a steady middle tone); gaps in the line are silent. 16-bit PCM, \
        stereo, 44.1 kHz. --y picks the series (default: the first).
        """
    )

    /// The longest sweep: five minutes is 53 MB of WAV, and longer is no chart a
    /// person listens to.
    static let longestSeconds = 300.0

    @Argument(help: "The data file to play ('-' for standard input).")
    var file: String

    @Option(name: .customLong("out"), help: "The WAV file to write ('-' for standard output).")
    var output: String

    @OptionGroup var data: DataOptions

    @OptionGroup var scale: ScaleOptions

    @Option(parsing: .unconditional, help: ArgumentHelp("The x range to sweep, " + RangeArgument.xHelp + ".",
                               valueName: "x-range"), transform: RangeArgument.parsing)
    var xRange: RangeArgument?

    @Option(parsing: .unconditional, help: "The sweep's length in seconds (up to 300).")
    var seconds: Double = Audiograph.defaultSeconds

    func validate() throws {
        try NumberCheck.seconds(seconds, option: "--seconds")
        if let names = data.yColumns, names.split(separator: ",").count > 1 {
            throw ValidationError("the audiograph plays one series: give --y one name")
        }
    }

    func run() throws {
        // Refused before the file is read and the sound made.
        try CommandSupport.reporting { try OutputFile(path: output, refusing: [file]).check() }
        let loaded = try CommandSupport.load(file, options: data)
        // A database is heard from the M4 of its range at render's width, as render draws it.
        let dataset = try CommandSupport.refining(loaded, of: [file], options: data, over: { try xRange?.resolved(in: loaded) },
                                                  columns: 1280 * RefinementPlan.columnsPerPixel)
        // Refused as describe and render refuse it when no finite point lies in it.
        let points = try xRange?.requiringData(in: dataset)
        let x = try xRange?.resolved(in: dataset)
        // The range render would draw: what is heard is what the picture shows.
        let plan = try CommandSupport.reporting {
            try RenderPlan(dataset: dataset, lod: data.lod, connectsGaps: data.connectGaps, plain: false, xRange: x, points: points,
                           yRange: nil, logAxes: scale.logAxes)
        }
        ScaleOptions.warn(about: plan.source)
        let range = plan.visible.minX...plan.visible.maxX
        let audiograph = Audiograph(seconds: seconds)
        // Candlesticks are heard by their close.
        let played = dataset.ohlc?.close ?? 0
        let score = audiograph.score(of: played, in: plan.source, overX: range)
        if score.runs.isEmpty {
            CommandSupport.printError("sightline: warning: \(DisplayText.quoted(dataset.series[played].name)) has no value in the range "
                                      + "swept, so the audiograph is silent")
        }
        let sound = audiograph.render(score)
        try CommandSupport.reporting {
            try WAVFile.write(sound, to: output, refusing: [file])
        }
    }
}
