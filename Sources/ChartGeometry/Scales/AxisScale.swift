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

    /// The pixels `span` data units cover.
    /// - Complexity: O(1).
    public func pixels(forSpan span: Double) -> Double { span / (upper - lower) * lengthInPixels }

    /// The data units `pixels` pixels cover.
    /// - Complexity: O(1).
    public func span(forPixels pixels: Double) -> Double { pixels / lengthInPixels * (upper - lower) }

    /// - Complexity: O(1).
    public func value(forPixel pixel: Double) -> Double {
        let t = pixel / lengthInPixels
        return lower + (increasesDownward ? 1 - t : t) * (upper - lower)
    }

    /// The scale over the same pixels moved `pixels` along the run: each value shows
    /// where the value `pixels` further on showed (a pan, content against the motion).
    /// - Complexity: O(1).
    public func shifted(byPixels pixels: Double) -> AxisScale {
        let shift = (increasesDownward ? -pixels : pixels) * (1 / pixelsPerUnit)
        return AxisScale(lower: lower + shift, upper: upper + shift, lengthInPixels: lengthInPixels,
                         increasesDownward: increasesDownward)
    }

    /// The scale `span` data units long over the same pixels on which `anchor` keeps its
    /// pixel: a zoom about a point (the data under the cursor stays under it).
    /// - Complexity: O(1).
    public func zoomed(toSpan span: Double, keeping anchor: Double) -> AxisScale {
        // The anchor's place along the run, 0…1 from `lower`'s end.
        let t = pixel(forValue: anchor) / lengthInPixels
        let lower = anchor - (increasesDownward ? 1 - t : t) * span
        return AxisScale(lower: lower, upper: lower + span, lengthInPixels: lengthInPixels, increasesDownward: increasesDownward)
    }
}
