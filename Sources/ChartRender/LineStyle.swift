import ChartCore

/// How a line series is stroked. The defaults are the benchmark's: 2 px, mitred up to
/// a limit of 1.5 (joins flatter than about 84°), bevelled beyond.
public struct LineStyle: Equatable {
    /// Stroke width in pixels, the same at every zoom.
    public var widthInPixels: Double = 2
    public var color: RGBAColor = RGBAColor.palette[0]
    /// The longest miter, as a multiple of half the width; sharper joins are bevelled.
    /// Low by default: on noisy data a long miter draws a peak higher than the data.
    public var miterLimit: Double = 1.5

    public init(widthInPixels: Double = 2, color: RGBAColor = RGBAColor.palette[0], miterLimit: Double = 1.5) {
        precondition(widthInPixels > 0, "LineStyle: width must be positive")
        precondition(miterLimit >= 1, "LineStyle: miter limit must be at least 1")
        self.widthInPixels = widthInPixels
        self.color = color
        self.miterLimit = miterLimit
    }
}
