/// The camera over chart space: the data rectangle that fills the plot.
///
/// Positions are `Double` throughout; only offsets small enough for `Float` ever reach
/// the GPU. Pixel arguments use screen conventions: x to the right, y downward, from
/// the plot's top-left corner.
public struct Viewport: Equatable, Sendable {
    public var visible: DataRect

    public init(visible: DataRect) {
        self.visible = visible
    }

    /// The x scale for a plot `size` pixels large.
    public func xScale(in size: PixelSize) -> AxisScale {
        AxisScale(lower: visible.minX, upper: visible.maxX, lengthInPixels: Double(size.width))
    }

    /// The y scale for a plot `size` pixels large, pixel 0 at the top.
    public func yScale(in size: PixelSize) -> AxisScale {
        AxisScale(lower: visible.minY, upper: visible.maxY, lengthInPixels: Double(size.height),
                  increasesDownward: true)
    }

    /// Moves the content with a drag of (`dx`, `dy`) pixels: dragging right shows
    /// earlier x, dragging down shows larger y.
    public mutating func pan(byPixelsX dx: Double, y dy: Double, in size: PixelSize) {
        let shiftX = dx / Double(size.width) * visible.width
        let shiftY = dy / Double(size.height) * visible.height
        visible.minX -= shiftX
        visible.maxX -= shiftX
        visible.minY += shiftY
        visible.maxY += shiftY
        visible = FiniteDomain.clamp(visible)
    }

    /// Zooms by `factor` (above 1 magnifies) around the pixel (`px`, `py`): the data
    /// point under that pixel stays under it. The span never shrinks below what
    /// `Double` can still tell apart at that magnitude.
    public mutating func zoom(by factor: Double, aroundPixelX px: Double, y py: Double,
                              in size: PixelSize, axes: ZoomAxes = .both) {
        precondition(factor > 0 && factor.isFinite, "Viewport.zoom: factor must be positive and finite")
        if axes.contains(.x) {
            let anchor = xScale(in: size).value(forPixel: px)
            let t = px / Double(size.width)
            let width = Self.clampedSpan(visible.width / factor, around: anchor)
            visible.minX = anchor - t * width
            visible.maxX = visible.minX + width
        }
        if axes.contains(.y) {
            let anchor = yScale(in: size).value(forPixel: py)
            let t = 1 - py / Double(size.height)
            let height = Self.clampedSpan(visible.height / factor, around: anchor)
            visible.minY = anchor - t * height
            visible.maxY = visible.minY + height
        }
        visible = FiniteDomain.clamp(visible)
    }

    private static func clampedSpan(_ span: Double, around value: Double) -> Double {
        let smallest = FiniteDomain.smallestSpan(atMagnitude: value)
        let largest = 2 * FiniteDomain.limit
        return min(max(span, smallest), largest)
    }
}

/// Which axes a zoom changes.
public struct ZoomAxes: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let x = ZoomAxes(rawValue: 1)
    public static let y = ZoomAxes(rawValue: 2)
    public static let both: ZoomAxes = [.x, .y]
}
