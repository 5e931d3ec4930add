import ChartGeometry

/// How a line series is stroked. The defaults are the benchmark's: 2 px. Joins and
/// ends are round: a pixel's coverage depends only on its distance to the polyline.
public struct LineStyle: Equatable {
    /// Stroke width in pixels, the same at every zoom.
    public var widthInPixels: Double = 2
    public var color: RGBAColor = RGBAColor.palette[0]

    public init(widthInPixels: Double = 2, color: RGBAColor = RGBAColor.palette[0]) {
        precondition(widthInPixels > 0, "LineStyle: width must be positive")
        self.widthInPixels = widthInPixels
        self.color = color
    }
}
