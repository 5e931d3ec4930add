import ChartData
import ChartGeometry

/// One series drawn as a smooth curve (`SmoothCurve`): the curve through the points in
/// view, cut into chords within `tolerance` pixels of it, uploaded as a polyline that
/// `LineRenderer` strokes like any other line (same width, joins and antialiasing).
///
/// The curve's shape depends on the view's scale in pixels, so it is made for the view
/// it is drawn in, and kept until the view or the plot's size changes: a still frame
/// (a hover, a fade) reuses it, a pan or a zoom makes it again from the points in view.
/// That is a few hundred microseconds for the sparse data smoothing is for, and bounded:
/// a view is only smoothed at up to `SmoothCurve.maximumPointsPerColumn` points per
/// pixel column (`GPULineSurface` draws denser views straight from the level of detail).
/// Keeping one curve across pans, built in a space scaled per zoom, was not worth it:
/// the main chart's y eases to fit after every pan, which rescales it anyway.
public final class SmoothLineSeries {
    private let device: RenderDevice
    private let source: DataSource
    private let seriesIndex: Int
    /// Chord error allowed, pixels.
    public let tolerance: Double
    private var drawn: (visible: DataRect, plotSize: PixelSize, buffer: LineSeriesBuffer?)?
    /// Times the curve was made and uploaded (for tests and the benchmark).
    public private(set) var builds = 0
    /// Points in the latest polyline uploaded.
    public private(set) var polylinePointCount = 0

    public init(device: RenderDevice, source: DataSource, seriesIndex: Int, tolerance: Double = 0.25) {
        self.device = device
        self.source = source
        self.seriesIndex = seriesIndex
        self.tolerance = tolerance
    }

    /// Whether `visible` on a plot `plotWidth` pixels wide is sparse enough to be drawn
    /// smoothed (`SmoothCurve.smooths`): else the straight line is drawn.
    /// - Complexity: O(log n).
    public func smooths(_ visible: DataRect, plotWidth: Int) -> Bool {
        SmoothCurve.smooths(source, visible: visible, plotWidth: plotWidth)
    }

    /// The curve for the view `scales` maps onto a plot of `plotSize` (the scales'), on
    /// the GPU (data units, to draw through the same scales), made and uploaded unless it
    /// is the one drawn last; `nil` when nothing of the series is in view.
    /// - Complexity: O(1) for the view drawn last; else O(points in view + chords).
    public func buffer(for scales: PlotScales, plotSize: PixelSize) -> LineSeriesBuffer? {
        let visible = scales.visible
        if let drawn, drawn.visible == visible, drawn.plotSize == plotSize { return drawn.buffer }
        let curve = SmoothCurve(source: source, series: seriesIndex, visible: visible, plotSize: plotSize)
        // The polyline's pixels count from the plot's top-left corner.
        let polyline = curve.polyline(tolerance: tolerance)
        var xs = polyline.map { scales.x.value(forPixel: $0.x) }
        var ys = polyline.map { $0.y.isNaN ? .nan : scales.y.value(forPixel: $0.y) }
        // A single point is a dot: a segment of no length.
        if xs.count == 1 {
            xs.append(xs[0])
            ys.append(ys[0])
        }
        let buffer = xs.count >= 2 ? LineSeriesBuffer(device: device, xs: xs, ys: ys) : nil
        drawn = (visible, plotSize, buffer)
        builds += 1
        polylinePointCount = polyline.count
        return buffer
    }
}
