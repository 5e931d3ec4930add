/// How far to advance animations each frame: the time since the last animated frame,
/// one 60 Hz frame when they start from rest, and at most a tenth of a second after a
/// stall (a slow frame or a blocked loop), so nothing jumps.
public struct FrameClock: Sendable {
    /// The longest step, seconds.
    public static let longestStep = 0.1
    /// The step when animations start from rest, seconds.
    public static let firstStep = 1.0 / 60
    /// When the last animated frame ran, milliseconds on the caller's clock; `nil` at rest.
    private var lastTick: UInt64?

    public init() {}

    /// The seconds to advance by at `now` (milliseconds); `advance` advances and
    /// returns whether anything still animates (the clock then keeps `now`).
    public mutating func step(at now: UInt64, advance: (Double) -> Bool) {
        let seconds = lastTick.map { Double(now &- $0) / 1000 }.map { min(max($0, 0), Self.longestStep) } ?? Self.firstStep
        lastTick = advance(seconds) ? now : nil
    }
}
