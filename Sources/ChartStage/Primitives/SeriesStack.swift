import ChartData
import ChartGeometry

/// Series drawn as bars or filled areas through the stage's viewport (or the right
/// axis's): stacked on one another, or each from zero. The GPU computes every height
/// from the series' columns, so a toggle's easing changes `weights` only.
public struct SeriesStack: Equatable, Sendable, Mark {
    /// Bars or areas.
    public var mark: StackFill
    /// The series drawn, bottom first, as their data source issued them: the GPU copies
    /// drawn are that source's.
    public var series: [SeriesHandle]
    /// How much of each series' value counts, 0…1, in `series`' order: a series being
    /// toggled eases between 0 and 1, and the ones above it slide with it.
    public var weights: [Double]
    /// Each series' colour, in `series`' order.
    public var colors: [RGBAColor]
    /// Each series starts where the one below it ends; else each starts at zero.
    public var isStacked: Bool
    /// Heights are shares of the weighted sum at each x, 0…100 (stacked).
    public var isPercentage: Bool
    /// The axis whose view the stack is drawn through.
    public var axis: YAxisSide
    /// The x step (dataset index) kept at full colour while every other step is drawn
    /// at `dimmedOpacity`: the hovered bar. `nil` dims nothing.
    public var highlightedIndex: Int?
    /// The opacity of the steps that are not highlighted, 0…1.
    public var dimmedOpacity: Double

    public init(mark: StackFill, series: [SeriesHandle], weights: [Double], colors: [RGBAColor], isStacked: Bool,
                isPercentage: Bool = false, axis: YAxisSide = .left, highlightedIndex: Int? = nil, dimmedOpacity: Double = 0.5) {
        precondition(weights.count == series.count && colors.count == series.count, "SeriesStack: one weight and colour per series")
        self.mark = mark
        self.series = series
        self.weights = weights
        self.colors = colors
        self.isStacked = isStacked || isPercentage
        self.isPercentage = isPercentage
        self.axis = axis
        self.highlightedIndex = highlightedIndex
        self.dimmedOpacity = dimmedOpacity
    }
}

