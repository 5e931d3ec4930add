import Foundation

/// Picks the level of a `TickLadder` for a visible width, with hysteresis.
///
/// The aim is a label every `preferredSpacing` (90–150) pixels, so a wider plot gets
/// more labels: 35 years across 1,240 pixels are labelled every 2 years, not every 10.
/// Where no level lands in that band (the ladder's steps are 2 to 5 times apart, the
/// band only 1.67) the level nearest it by ratio wins. A level is left for a neighbour
/// only when the neighbour is nearer the band by more than 5%, which keeps a
/// back-and-forth zoom across a threshold from flickering. A level is also too fine when
/// its labels would be closer than `minimumPixelSpacing` (they would overlap): that rule
/// wins over the band, with the same 5% margin before it lets go.
public struct TickLevelSelector: Equatable, Sendable {
    /// Pixels between neighbouring labels a level aims for.
    public static let preferredSpacing = PixelBand(90.0...150.0)
    public static let hysteresis = 0.05
    public private(set) var level: Int?

    public init() {}

    /// The level for `width` data units on `pixels` pixels; `minimumPixelSpacing(l)` is
    /// the distance labels of level `l` need to not overlap.
    /// - Complexity: O(levels moved), each asking `minimumPixelSpacing` once or twice.
    public mutating func update(ladder: TickLadder, width: Double, pixels: Double,
                                minimumPixelSpacing: (Int) -> Double) -> Int {
        guard width > 0, width.isFinite, pixels > 0 else { return level ?? ladder.levels.lowerBound }
        let levels = ladder.levels
        func pixelSpacing(_ l: Int) -> Double { ladder.spacing(ofLevel: l) / width * pixels }
        func miss(_ l: Int) -> Double { Self.preferredSpacing.miss(pixelSpacing(l)) }
        let margin = log(1 + Self.hysteresis)

        var l = level ?? ladder.level(withSpacingAtMost: Self.preferredSpacing.pixels.upperBound / pixels * width)
        l = min(max(l, levels.lowerBound), levels.upperBound)
        while l < levels.upperBound, pixelSpacing(l) < minimumPixelSpacing(l) || miss(l + 1) + margin < miss(l) {
            l += 1
        }
        while l > levels.lowerBound, miss(l - 1) + margin < miss(l),
              pixelSpacing(l - 1) >= minimumPixelSpacing(l - 1) * (1 + Self.hysteresis) {
            l -= 1
        }
        level = l
        return l
    }
}
