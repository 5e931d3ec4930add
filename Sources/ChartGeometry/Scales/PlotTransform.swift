/// The data → pixel mapping of one view in the form a renderer hands the GPU: data
/// point (`x`, `y`) lies (`x − originX`) × `pixelsPerUnitX` pixels right of the plot's
/// lower-left corner and (`y − originY`) × `pixelsPerUnitY` pixels above it, as GL
/// counts. Renderers take it ready from `PlotScales.transform` and set these numbers as
/// uniforms, so the arithmetic between data and pixels stays in the geometry types.
public struct PlotTransform: Equatable, Sendable {
    /// The data point at the plot's lower-left corner, data units.
    public let originX: Double
    public let originY: Double
    /// Pixels per data unit across (x) and up (y).
    public let pixelsPerUnitX: Double
    public let pixelsPerUnitY: Double

    public init(originX: Double, originY: Double, pixelsPerUnitX: Double, pixelsPerUnitY: Double) {
        self.originX = originX
        self.originY = originY
        self.pixelsPerUnitX = pixelsPerUnitX
        self.pixelsPerUnitY = pixelsPerUnitY
    }

    /// Pixels from the plot's left edge to data x `value` (unclamped).
    /// - Complexity: O(1).
    public func pixelX(_ value: Double) -> Double { (value - originX) * pixelsPerUnitX }

    /// Pixels from the plot's bottom edge up to data y `value` (unclamped).
    /// - Complexity: O(1).
    public func pixelY(_ value: Double) -> Double { (value - originY) * pixelsPerUnitY }

    /// Pixels per stored unit of points kept in units of `unitX` × `unitY` data units
    /// (blocks far out store theirs scaled, so they stay finite as `Float`s).
    /// - Complexity: O(1).
    public func pixelsPerUnit(unitX: Double, unitY: Double) -> (x: Double, y: Double) {
        (pixelsPerUnitX * unitX, pixelsPerUnitY * unitY)
    }

    /// The pixels `span` data units of x cover.
    public func pixels(spanningX span: Double) -> Double { span * pixelsPerUnitX }

    /// The data x units `pixels` pixels cover.
    public func spanX(coveredBy pixels: Double) -> Double { pixels / pixelsPerUnitX }

    /// `pixelX(x)` as a uniform takes it: see `offset(from:to:per:)`.
    public func offsetX(to x: Double) -> Float { Self.offset(from: originX, to: x, per: pixelsPerUnitX) }

    /// `pixelY(y)` as a uniform takes it: see `offset(from:to:per:)`.
    public func offsetY(to y: Double) -> Float { Self.offset(from: originY, to: y, per: pixelsPerUnitY) }

    /// `(to − from) × perUnit` in pixels, without overflow on the way (each halved
    /// first), clamped to ±2⁶⁰ pixels so it stays finite as a `Float`: a block that far
    /// off draws nothing visible either way.
    private static func offset(from: Double, to: Double, per perUnit: Double) -> Float {
        let difference = to - from
        let pixels = difference.isFinite ? difference * perUnit : (to / 2 - from / 2) * (2 * perUnit)
        return Float(min(max(pixels, -0x1p60), 0x1p60))
    }
}
