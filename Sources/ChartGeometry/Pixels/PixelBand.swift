import Foundation

/// A band of pixel distances an axis aims its labels or grid lines at, and how far a
/// distance misses it: both axes plan their steps in pixels with it, each its own band.
public struct PixelBand: Equatable, Sendable {
    /// The pixel distances that miss the band by nothing.
    public let pixels: ClosedRange<Double>

    public init(_ pixels: ClosedRange<Double>) {
        self.pixels = pixels
    }

    /// Whether `distance` pixels lie inside the band.
    public func contains(_ distance: Double) -> Bool {
        pixels.contains(distance)
    }

    /// How far `distance` pixels lie outside the band, as the log of the ratio to its
    /// nearer end; 0 inside it. A log, so that twice too close and twice too far miss
    /// alike.
    public func miss(_ distance: Double) -> Double {
        max(log(pixels.lowerBound / distance), log(distance / pixels.upperBound), 0)
    }
}
