import ChartData
import ChartGeometry

/// One series drawn as a line through the stage's viewport (the right axis's, for a
/// series read against it).
public struct SeriesLine: Equatable, Sendable, Mark {
    /// The series, as its data source issued it: the GPU copy drawn is that source's.
    public var series: SeriesHandle
    public var color: RGBAColor
    /// Stroke width in pixels, before the HiDPI scale.
    public var width: Double
    /// The axis whose view the line is drawn through.
    public var axis: YAxisSide
    /// Drawn as a smooth curve through the points (`SmoothCurve`) where they are sparse
    /// enough for it to show; else straight from point to point.
    public var isSmooth: Bool

    public init(series: SeriesHandle, color: RGBAColor, width: Double, axis: YAxisSide = .left, isSmooth: Bool = false) {
        self.series = series
        self.color = color
        self.width = width
        self.axis = axis
        self.isSmooth = isSmooth
    }
}
