/// An axis-aligned rectangle in chart space (data units).
public struct DataRect: Equatable, Sendable, CustomStringConvertible {
    public var minX: Double
    public var maxX: Double
    public var minY: Double
    public var maxY: Double

    public init(minX: Double, maxX: Double, minY: Double, maxY: Double) {
        self.minX = minX
        self.maxX = maxX
        self.minY = minY
        self.maxY = maxY
    }

    public var width: Double { maxX - minX }
    public var height: Double { maxY - minY }

    public var description: String { "x \(minX)…\(maxX), y \(minY)…\(maxY)" }

    /// The rectangle grown by `fraction` of its height above and below, so that the
    /// extreme points are not cut in half by the plot's edge. A zero height becomes
    /// one unit (or a fraction of the value) so that a flat line sits in the middle.
    public func paddingY(by fraction: Double) -> DataRect {
        var rect = self
        var pad = height * fraction
        if pad <= 0 { pad = max(abs(minY) * 0.1, 1) / 2 }
        rect.minY -= pad
        rect.maxY += pad
        return rect
    }
}
