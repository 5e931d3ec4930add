/// The tick positions an axis can label, as levels from fine to coarse. Level `l + 1`'s
/// ticks are a subset of level `l`'s wherever the ladder says it `nests`, so zooming out
/// by a level keeps a subset of the labels in place.
public protocol TickLadder: Sendable {
    /// The levels there are, finest first.
    var levels: ClosedRange<Int> { get }
    /// The average distance between ticks of `level`, in data units.
    func spacing(ofLevel level: Int) -> Double
    /// The ticks of `level` in `range`, ascending.
    func ticks(ofLevel level: Int, in range: ClosedRange<Double>) -> [Double]
    /// The label of the tick at `value`. It depends on the value alone, never on the
    /// level, so a label never changes its text while it stays on screen.
    func label(for value: Double, level: Int) -> String
    /// The span around `value` that labels of `level` leave unnamed (the day when they
    /// show times), or nil when they name everything.
    func context(for value: Double, level: Int) -> TickContext?
}

extension TickLadder {
    /// By default labels name everything, as plain numbers do.
    public func context(for value: Double, level: Int) -> TickContext? { nil }

    /// The coarsest level whose spacing is at most `spacing`.
    func level(withSpacingAtMost spacing: Double) -> Int {
        var low = levels.lowerBound, high = levels.upperBound
        guard self.spacing(ofLevel: low) <= spacing else { return low }
        while low < high {
            let mid = (low + high + 1) / 2
            if self.spacing(ofLevel: mid) <= spacing { low = mid } else { high = mid - 1 }
        }
        return low
    }
}
