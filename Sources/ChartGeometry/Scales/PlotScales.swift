/// The matched data ↔ canvas-pixel conversions of one view on one plot: x grows to the
/// right from the plot's left edge, y downward from its top, as the screen does. Every
/// controller and presenter converts through this (ImPlot's `PlotToPixels` /
/// `PixelsToPlot` pair), and every renderer takes its `transform`, so a conversion is
/// written once.
public struct PlotScales: Equatable, Sendable {
    /// Data x ↔ pixels from the plot's left edge.
    public let x: AxisScale
    /// Data y ↔ pixels from the plot's top edge (the largest value at 0).
    public let y: AxisScale
    /// The plot, canvas pixels.
    public let plot: PixelBox

    /// The data rectangle that fills the plot.
    public var visible: DataRect { DataRect(minX: x.lower, maxX: x.upper, minY: y.lower, maxY: y.upper) }

    /// The scales of `visible` (data units) on `plot` (canvas pixels).
    public init(visible: DataRect, plot: PixelBox) {
        x = AxisScale(lower: visible.minX, upper: visible.maxX, lengthInPixels: plot.width)
        y = AxisScale(lower: visible.minY, upper: visible.maxY, lengthInPixels: plot.height, increasesDownward: true)
        self.plot = plot
    }

    /// The canvas x of data x `value`.
    /// - Complexity: O(1).
    public func canvasX(_ value: Double) -> Double { plot.x + x.pixel(forValue: value) }

    /// The canvas y of data y `value`.
    /// - Complexity: O(1).
    public func canvasY(_ value: Double) -> Double { plot.y + y.pixel(forValue: value) }

    /// The canvas point of the data point (`dataX`, `dataY`).
    public func point(x dataX: Double, y dataY: Double) -> PixelPoint {
        PixelPoint(x: canvasX(dataX), y: canvasY(dataY))
    }

    /// The data x at canvas x `pixel`.
    public func dataX(atCanvasX pixel: Double) -> Double { x.value(forPixel: pixel - plot.x) }

    /// The data y at canvas y `pixel`.
    public func dataY(atCanvasY pixel: Double) -> Double { y.value(forPixel: pixel - plot.y) }

    /// Data x units per pixel.
    public var dataXPerPixel: Double { 1 / x.pixelsPerUnit }

    /// The same mapping ready for the GPU: origin at the plot's lower-left corner, y up.
    public var transform: PlotTransform {
        PlotTransform(originX: x.lower, originY: y.lower, pixelsPerUnitX: x.pixelsPerUnit, pixelsPerUnitY: y.pixelsPerUnit)
    }
}
