/// Maps an interval of data values onto a run of pixels and back: the matched pair
/// `pixel(forValue:)` / `value(forPixel:)`.
///
/// Pixels count from the start of the run; a pixel `p` covers `[p, p + 1)`. With
/// `increasesDownward` the largest value sits at pixel 0, as y does on screen.
public struct AxisScale: Equatable, Sendable {
    public var lower: Double
    public var upper: Double
    public var lengthInPixels: Double
    public var increasesDownward: Bool

    public init(lower: Double, upper: Double, lengthInPixels: Double, increasesDownward: Bool = false) {
        self.lower = lower
        self.upper = upper
        self.lengthInPixels = lengthInPixels
        self.increasesDownward = increasesDownward
    }

    /// Pixels per data unit.
    public var pixelsPerUnit: Double { lengthInPixels / (upper - lower) }

    /// - Complexity: O(1).
    public func pixel(forValue value: Double) -> Double {
        let t = (value - lower) / (upper - lower)
        return (increasesDownward ? 1 - t : t) * lengthInPixels
    }

    /// - Complexity: O(1).
    public func value(forPixel pixel: Double) -> Double {
        let t = pixel / lengthInPixels
        return lower + (increasesDownward ? 1 - t : t) * (upper - lower)
    }
}
