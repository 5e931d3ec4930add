/// Picks the level of a `TickLadder` for a visible width, with hysteresis.
///
/// The aim is 3–6 label steps across the view (`width / spacing`). Going coarser waits
/// until the count is 5% past 6 and the coarser level would show 5% more than 3 steps;
/// going finer happens below 3. The 5% between the two is what keeps a back-and-forth
/// zoom across a threshold from flickering. Where the ladder's next level is more than
/// twice as coarse (3 × for 5 → 15 minutes, 5 × for 1 → 5 minutes: steps that nest
/// cannot all double), no level fits 3–6 for some widths and at least 3 wins: the count
/// may reach 3.15 × that ratio. A level is also too fine when its labels would be
/// closer than `minimumPixelSpacing` (they would overlap): that rule wins over the
/// count, with the same 5% margin before it lets go.
public struct TickLevelSelector: Equatable, Sendable {
    public static let minimumCount = 3.0
    public static let maximumCount = 6.0
    public static let hysteresis = 0.05
    public private(set) var level: Int?

    public init() {}

    /// The level for `width` data units on `pixels` pixels; `minimumPixelSpacing(l)` is
    /// the distance labels of level `l` need to not overlap.
    public mutating func update(ladder: TickLadder, width: Double, pixels: Double,
                                minimumPixelSpacing: (Int) -> Double) -> Int {
        guard width > 0, width.isFinite, pixels > 0 else { return level ?? ladder.levels.lowerBound }
        let levels = ladder.levels
        func count(_ l: Int) -> Double { width / ladder.spacing(ofLevel: l) }
        func pixelSpacing(_ l: Int) -> Double { ladder.spacing(ofLevel: l) / width * pixels }
        let upper = Self.maximumCount * (1 + Self.hysteresis)

        var l = level ?? {
            var start = ladder.level(withSpacingAtMost: width / Self.maximumCount)
            if count(start) > Self.maximumCount, start < levels.upperBound { start += 1 }
            return start
        }()
        l = min(max(l, levels.lowerBound), levels.upperBound)
        while l < levels.upperBound {
            let crowded = pixelSpacing(l) < minimumPixelSpacing(l)
            guard crowded || (count(l) > upper && count(l + 1) >= Self.minimumCount * (1 + Self.hysteresis)) else { break }
            l += 1
        }
        while l > levels.lowerBound, count(l) < Self.minimumCount,
              pixelSpacing(l - 1) >= minimumPixelSpacing(l - 1) * (1 + Self.hysteresis) {
            l -= 1
        }
        level = l
        return l
    }
}
