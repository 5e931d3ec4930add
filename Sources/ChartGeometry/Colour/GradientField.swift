/// The four-colour gradient of the background, as a pure function of position: the
/// CPU reference the GPU shader is tested against.
///
/// Coordinates are in a unit square (x right, y down) that is stretched over the
/// canvas. A pixel's weight for centre i is `f_i = max(1 − d_i / L, 0)^4` with `L` the
/// square's side (the seed's choice: the width, with the image made square), and its
/// colour `Σ f_i c_i / Σ f_i`.
public struct GradientField: Equatable, Sendable {
    public var centers: [PixelPoint]
    public var colors: [RGBAColor]
    /// The reach of a colour, in square sides.
    public static let reach = 1.0

    public init(centers: [PixelPoint], colors: [RGBAColor]) {
        precondition(centers.count == 4 && colors.count == 4, "GradientField: four centres and four colours")
        self.centers = centers
        self.colors = colors
    }

    /// The colour at (`u`, `v`) in the unit square. Where no centre reaches (never with
    /// the animation's positions) the nearest centre's colour is used.
    public func color(atU u: Double, v: Double) -> RGBAColor {
        var sum = 0.0, r = 0.0, g = 0.0, b = 0.0
        var nearest = 0, nearestDistance = Double.infinity
        for i in 0..<4 {
            let dx = u - centers[i].x, dy = v - centers[i].y
            let d = (dx * dx + dy * dy).squareRoot()
            if d < nearestDistance { (nearest, nearestDistance) = (i, d) }
            let m = max(1 - d / Self.reach, 0)
            let f = m * m * m * m
            sum += f
            r += f * Double(colors[i].red)
            g += f * Double(colors[i].green)
            b += f * Double(colors[i].blue)
        }
        guard sum > 0 else { return colors[nearest] }
        return RGBAColor(red: Float(r / sum), green: Float(g / sum), blue: Float(b / sum))
    }
}

/// The centres' journey: eight positions visited counterclockwise, each centre two
/// positions behind the next; the phase moves along an eased curve between positions.
public struct GradientAnimation: Equatable, Sendable {
    /// Telegram's eight positions (unit square, y down): counterclockwise on screen.
    public static let positions: [PixelPoint] = [
        (0.80, 0.10), (0.60, 0.20), (0.35, 0.25), (0.25, 0.60),
        (0.20, 0.90), (0.40, 0.80), (0.65, 0.75), (0.75, 0.40),
    ].map { PixelPoint(x: $0.0, y: $0.1) }

    /// Seconds one step from a position to the next takes.
    public var duration = 0.5
    public var easing = Easing.easeInOut
    private var from = 0.0
    private var to = 0.0
    private var elapsed = 0.0

    public init() {}

    /// Positions travelled, fractional mid-step.
    public var phase: Double {
        from + (to - from) * easing.value(at: duration > 0 ? elapsed / duration : 1)
    }

    public var isMoving: Bool { phase != to }

    /// Starts a move to the next position (from wherever the centres are now).
    public mutating func step() {
        from = phase
        to = to.rounded(.down) + 1
        elapsed = 0
    }

    public mutating func advance(by seconds: Double) {
        elapsed = min(elapsed + seconds, duration)
    }

    /// The centres at `phase`: centre i sits at position 2i + phase, between positions
    /// in a straight line.
    public static func centers(atPhase phase: Double) -> [PixelPoint] {
        let whole = phase.rounded(.down), t = phase - whole
        return (0..<4).map { i in
            let a = positions[Self.wrap(2 * i + Int(whole))], b = positions[Self.wrap(2 * i + Int(whole) + 1)]
            return PixelPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
        }
    }

    private static func wrap(_ index: Int) -> Int { ((index % 8) + 8) % 8 }

    /// The field for this moment with `colors`.
    public func field(colors: [RGBAColor]) -> GradientField {
        GradientField(centers: Self.centers(atPhase: phase), colors: colors)
    }
}
