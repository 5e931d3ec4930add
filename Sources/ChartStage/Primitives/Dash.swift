
/// A dash pattern along a stroke: `on` pixels drawn, `off` pixels skipped.
public struct Dash: Equatable, Sendable {
    public var on: Double
    public var off: Double

    public init(on: Double, off: Double) {
        self.on = on
        self.off = off
    }
}
