/// How an animation's progress (0…1 in time) maps to its value's progress (0…1).
public enum Easing: Equatable, Sendable {
    case linear
    /// Fast start, gentle stop: for values that follow the user (y fitting, fades).
    case easeOut
    /// CSS's `ease-in-out`.
    case easeInOut
    case cubicBezier(CubicBezier)

    /// The curve the range presets move along: a slow start and a long soft landing.
    public static let preset = Easing.cubicBezier(CubicBezier(0.64, 0, 0, 1))

    /// The eased progress at time progress `t` (clamped to 0…1).
    public func value(at t: Double) -> Double {
        let t = min(max(t, 0), 1)
        switch self {
        case .linear: return t
        case .easeOut: return 1 - (1 - t) * (1 - t) * (1 - t)
        case .easeInOut: return CubicBezier.easeInOut.value(at: t)
        case .cubicBezier(let curve): return curve.value(at: t)
        }
    }
}

/// A CSS `cubic-bezier(x1, y1, x2, y2)` timing curve from (0, 0) to (1, 1).
public struct CubicBezier: Equatable, Sendable {
    public let x1: Double, y1: Double, x2: Double, y2: Double

    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        precondition((0...1).contains(x1) && (0...1).contains(x2), "CubicBezier: x control points must be in 0…1")
        self.x1 = x1
        self.y1 = y1
        self.x2 = x2
        self.y2 = y2
    }

    public static let easeInOut = CubicBezier(0.42, 0, 0.58, 1)

    /// y where the curve's x is `t`: x(s) is solved for the curve parameter s by Newton's
    /// method, falling back to bisection where the slope is too flat (x is monotonic
    /// because both x controls lie in 0…1).
    public func value(at t: Double) -> Double {
        let t = min(max(t, 0), 1)
        var s = t
        for _ in 0..<8 {
            let error = Self.coordinate(s, x1, x2) - t
            if abs(error) < 1e-9 { return Self.coordinate(s, y1, y2) }
            let slope = Self.derivative(s, x1, x2)
            guard abs(slope) > 1e-6 else { break }
            s -= error / slope
        }
        var low = 0.0, high = 1.0
        s = t
        for _ in 0..<60 {
            let x = Self.coordinate(s, x1, x2)
            if abs(x - t) < 1e-9 { break }
            if x < t { low = s } else { high = s }
            s = (low + high) / 2
        }
        return Self.coordinate(s, y1, y2)
    }

    /// One coordinate of the curve at parameter `s`, with end points 0 and 1.
    private static func coordinate(_ s: Double, _ c1: Double, _ c2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * s * c1 + 3 * u * s * s * c2 + s * s * s
    }

    private static func derivative(_ s: Double, _ c1: Double, _ c2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * c1 + 6 * u * s * (c2 - c1) + 3 * s * s * (1 - c2)
    }
}

/// A value that moves toward a target at a fixed rate on injected time: label opacity.
public struct Fade: Equatable, Sendable {
    public private(set) var value: Double
    public var target: Double
    /// Seconds a full 0 → 1 change takes.
    public var duration: Double

    public init(value: Double, target: Double, duration: Double = 0.25) {
        self.value = value
        self.target = target
        self.duration = duration
    }

    public var isSettled: Bool { value == target }

    /// Moves toward the target by `seconds` worth of change.
    public mutating func advance(by seconds: Double) {
        let step = duration > 0 ? seconds / duration : 1
        value = value < target ? min(value + step, target) : max(value - step, target)
    }
}
