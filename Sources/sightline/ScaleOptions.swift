import ArgumentParser
import ChartData

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

    /// Prints what plotting on log axes left out, once (`DataSource.logWarning`).
    static func warn(about source: DataSource) {
        if let warning = source.logWarning { CommandSupport.printError("warning: \(warning)") }
    }
}
