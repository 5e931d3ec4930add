import Foundation

/// Estimates a pointer's velocity from its recent positions (the last tenth of a
/// second), so a flick can keep the content moving after release.
public struct VelocityTracker: Sendable {
    private var samples: [(time: Double, position: Double)] = []
    public static let window = 0.1

    public init() {}

    public mutating func reset() { samples.removeAll() }

    public mutating func add(_ position: Double, at time: Double) {
        samples.append((time, position))
        samples.removeAll { time - $0.time > Self.window }
    }

    /// Units per second over the window; 0 with fewer than two samples or when the
    /// pointer rested at the end.
    public func velocity(at time: Double) -> Double {
        let recent = samples.filter { time - $0.time <= Self.window }
        guard let first = recent.first, let last = recent.last, last.time > first.time else { return 0 }
        return (last.position - first.position) / (last.time - first.time)
    }
}

/// Motion after a flick: the velocity decays exponentially (time constant `decay`)
/// until it drops below `restSpeed`. Advanced on injected time.
public struct Momentum: Equatable, Sendable {
    public private(set) var velocity: Double
    /// Seconds for the speed to fall to 1/e.
    public var decay = 0.325
    /// Units per second below which the motion stops.
    public var restSpeed: Double

    public init(velocity: Double, restSpeed: Double = 20) {
        self.velocity = abs(velocity) >= restSpeed ? velocity : 0
        self.restSpeed = restSpeed
    }

    public var isMoving: Bool { velocity != 0 }

    /// The distance covered in the next `seconds` (the exact integral of the decaying
    /// velocity, so the total does not depend on the frame rate).
    public mutating func advance(by seconds: Double) -> Double {
        guard isMoving, seconds > 0 else { return 0 }
        let factor = exp(-seconds / decay)
        let distance = velocity * decay * (1 - factor)
        velocity *= factor
        if abs(velocity) < restSpeed { velocity = 0 }
        return distance
    }
}

extension Optional where Wrapped == Momentum {
    /// Steps a flick in progress by `seconds`: the distance it covers, or `nil` when
    /// there is none; the flick becomes `nil` once it comes to rest.
    public mutating func step(by seconds: Double) -> Double? {
        guard var flick = self else { return nil }
        let distance = flick.advance(by: seconds)
        self = flick.isMoving ? flick : nil
        return distance
    }
}
