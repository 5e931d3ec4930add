import ArgumentParser
import ChartData
import ChartSupport

/// The y axes' scales, shared by every command that draws, describes or plays a chart.
struct ScaleOptions: ParsableArguments {
    @Flag(name: [.customLong("log-y"), .customLong("log")], help: """
        A logarithmic left y axis: equal growth rates look alike (a century of prices is a line, not a \
        hockey stick). Values ≤ 0 are gaps there (one warning counts them); an axis with bars or areas stays linear.
        """)
    var logY = false

    @Flag(name: .customLong("log-y2"), help: "A logarithmic right (second) y axis, as --log-y is for the left one.")
    var logY2 = false

    /// The axes asked for logarithmic.
    var logAxes: Set<YAxisSide> {
        Set([logY ? YAxisSide.left : nil, logY2 ? .right : nil].compactMap { $0 })
    }

    /// `--y-range` (`left`) and `--y2-range` (`right`) in the values' units, checked
    /// before any file is read: an axis asked log (`--log-y`, `--log-y2`) has no place
    /// for 0 or less, and that is refused here, naming the option as typed (exit 64): the
    /// one refusal for `render` and `open`.
    func yRanges(left: RangeArgument?, right: RangeArgument?) throws -> ManualYRanges {
        func checked(_ range: RangeArgument?, _ option: String, _ side: YAxisSide, flag: String) throws -> ClosedRange<Double>? {
            guard let range else { return nil }
            // y is numbers whatever x is: the file is named in x's messages only.
            let values = try range.resolved(for: .number, option: option, file: "")
            guard LogPlot.plotted(values, logarithmic: logAxes.contains(side)) != nil else {
                throw CommandSupport.fail(message: LogPlot.refusal(option: option, typed: range.typed, flag: flag), code: 64)
            }
            return values
        }
        return ManualYRanges(left: try checked(left, "--y-range", .left, flag: "--log-y"),
                             right: try checked(right, "--y2-range", .right, flag: "--log-y2"))
    }

    /// Prints what plotting on log axes left out, once (`DataSource.logWarning`).
    static func warn(about source: DataSource) {
        if let warning = source.logWarning { CommandSupport.printError("warning: \(warning)") }
    }
}
