/// The render stage's viewport: the visible data rectangle, each of whose four sides
/// can move at once or ease toward a target on its own, so x can follow the mouse
/// while y is still easing to fit the data.
///
/// Observers hear of every change first as *will change to target* (so they can plan
/// for the end state: y labels, the info board) and then as each step. Time is injected
/// through `advance(by:)`; nothing here reads a clock.
public final class AnimatedViewport {
    public enum Side: CaseIterable, Sendable { case minX, maxX, minY, maxY }

    /// A requested change: `nil` leaves a side alone (and its running animation too).
    public struct Change: Equatable, Sendable {
        public var minX: Double?, maxX: Double?, minY: Double?, maxY: Double?

        public init(minX: Double? = nil, maxX: Double? = nil, minY: Double? = nil, maxY: Double? = nil) {
            self.minX = minX
            self.maxX = maxX
            self.minY = minY
            self.maxY = maxY
        }

        public init(x: ClosedRange<Double>) { self.init(minX: x.lowerBound, maxX: x.upperBound) }
        public init(y: ClosedRange<Double>) { self.init(minY: y.lowerBound, maxY: y.upperBound) }
        public init(_ rect: DataRect) { self.init(minX: rect.minX, maxX: rect.maxX, minY: rect.minY, maxY: rect.maxY) }

        func value(for side: Side) -> Double? {
            switch side {
            case .minX: minX
            case .maxX: maxX
            case .minY: minY
            case .maxY: maxY
            }
        }
    }

    private struct Motion {
        var from: Double
        var to: Double
        var elapsed: Double
        var duration: Double
        var easing: Easing
    }

    public private(set) var current: DataRect
    public private(set) var target: DataRect
    private var motions: [Side: Motion] = [:]
    private var observers: [ViewportObserver] = []

    public init(_ rect: DataRect) {
        current = FiniteDomain.clamp(rect)
        target = current
    }

    public var viewport: Viewport { Viewport(visible: current) }
    public var isAnimating: Bool { !motions.isEmpty }

    /// Observers are told in the order they were added; the viewport keeps them alive.
    public func addObserver(_ observer: ViewportObserver) {
        observers.append(observer)
    }

    /// Lets every observer go: a chart replaced by another (a followed file grew) ends
    /// the cycles its observers make with it, so it is freed.
    public func removeAllObservers() {
        observers.removeAll()
    }

    /// Moves the sides `change` names: at once when `duration` is 0, else along
    /// `easing` from where each side is now.
    public func set(_ change: Change, duration: Double = 0, easing: Easing = .easeOut) {
        var newTarget = target
        var moved = false
        for side in Side.allCases {
            // Sides within the finite domain: an eased step `from + (to − from) × t`
            // then never overflows.
            guard let asked = change.value(for: side), asked.isFinite else { continue }
            let value = FiniteDomain.clamp(asked)
            let now = Self.value(of: current, side)
            if duration > 0, now != value {
                if let running = motions[side], running.to == value { continue }
                motions[side] = Motion(from: now, to: value, elapsed: 0, duration: duration, easing: easing)
            } else {
                motions[side] = nil
                Self.set(&current, side, value)
            }
            Self.set(&newTarget, side, value)
            moved = true
        }
        guard moved else { return }
        let previous = target
        target = newTarget
        if previous != newTarget {
            for observer in observers { observer.viewportWillChange(from: previous, to: newTarget) }
        }
        if duration == 0 || !motions.isEmpty { notifyStep() }
    }

    /// Advances every running side by `seconds`; returns whether any is still moving.
    @discardableResult
    public func advance(by seconds: Double) -> Bool {
        guard !motions.isEmpty else { return false }
        for (side, var motion) in motions {
            motion.elapsed += seconds
            let t = motion.duration > 0 ? motion.elapsed / motion.duration : 1
            if t >= 1 {
                Self.set(&current, side, motion.to)
                motions[side] = nil
            } else {
                Self.set(&current, side, motion.from + (motion.to - motion.from) * motion.easing.value(at: t))
                motions[side] = motion
            }
        }
        notifyStep()
        return !motions.isEmpty
    }

    private func notifyStep() {
        for observer in observers { observer.viewportDidChange(current) }
    }

    private static func value(of rect: DataRect, _ side: Side) -> Double {
        switch side {
        case .minX: rect.minX
        case .maxX: rect.maxX
        case .minY: rect.minY
        case .maxY: rect.maxY
        }
    }

    private static func set(_ rect: inout DataRect, _ side: Side, _ value: Double) {
        switch side {
        case .minX: rect.minX = value
        case .maxX: rect.maxX = value
        case .minY: rect.minY = value
        case .maxY: rect.maxY = value
        }
    }
}

/// Hears of viewport changes: the target first, then every step toward it.
public protocol ViewportObserver: AnyObject {
    func viewportWillChange(from old: DataRect, to target: DataRect)
    func viewportDidChange(_ current: DataRect)
}

extension ViewportObserver {
    public func viewportWillChange(from old: DataRect, to target: DataRect) {}
    public func viewportDidChange(_ current: DataRect) {}
}
