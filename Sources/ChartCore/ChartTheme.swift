/// The colours of a chart: its canvas, its plot area and its series.
public struct ChartTheme: Equatable, Sendable {
    /// Behind everything (the margins).
    public var background: RGBAColor
    /// Behind the series.
    public var plotBackground: RGBAColor
    /// Series colours in order, repeated when there are more series than colours.
    public var seriesColors: [RGBAColor]

    public init(background: RGBAColor, plotBackground: RGBAColor, seriesColors: [RGBAColor]) {
        precondition(!seriesColors.isEmpty, "ChartTheme: at least one series colour")
        self.background = background
        self.plotBackground = plotBackground
        self.seriesColors = seriesColors
    }

    /// The colour of the series at `index`.
    public func color(forSeries index: Int) -> RGBAColor {
        seriesColors[index % seriesColors.count]
    }

    /// White throughout: one colour for margins and plot keeps each frame's clear a
    /// single fast full-target clear.
    public static let day = ChartTheme(background: .white, plotBackground: .white, seriesColors: RGBAColor.palette)
}
