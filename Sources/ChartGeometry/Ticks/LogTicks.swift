import Foundation

/// The ticks of a logarithmic y axis, planned in pixels. Positions are plotted units,
/// log10 of the value; labels are the values themselves, exact (`10`, `200`, `5K`).
///
/// - Where each decade has room, labels at 1, 2 and 5 × each power of ten and
///   unlabelled lines at the other integers × 10ᵏ; where it has more, at more of the
///   integers (1, 2, 3, 5; 1, 2, 3, 4, 5, 7; 1 … 9), so that a decade or two on a tall
///   plot reads every few dozen pixels.
/// - Where decades are many (less than `minimumSpacing` between 1 and 2), labels at
///   powers of ten only (every 2nd, 5th, 10th… where even those crowd), unlabelled lines
///   at the powers between and, where roomy, at 2…9 × 10ᵏ.
/// - Zoomed in to under three quarters of a decade, where even those leave few labels, labels at the
///   multiples of a 1-2-5 step, as a linear axis, about `preferredSpacing` apart in the
///   middle of the plot and `minimumSpacing` at least at its top (where log10 packs
///   values closest), and no minor lines. (Over
///   more, such steps would crowd the top and leave the bottom bare.)
public struct LogTicks: Equatable, Sendable {
    /// Which of the three ways above labels the axis.
    public enum Mode: Equatable, Sendable {
        /// Labels at 1, 2 and 5 × 10ᵏ.
        case oneTwoFive
        /// Labels at m × 10ᵏ for each m of `mantissas` (whole numbers from 1 to 9, 1 first):
        /// more of a decade's integers than 1-2-5 where a decade is tall.
        case mantissas([Double])
        /// Labels at every `every`-th power of ten (`every` a 1-2-5 number).
        case decades(every: Int)
        /// Labels at the multiples of `step` (value units, a 1-2-5 step).
        case steps(Double)
    }

    /// The way chosen for the plot's decades and height.
    public var mode: Mode

    /// The fewest pixels between two labels (before the HiDPI scale).
    public static let minimumSpacing = 28.0
    /// Pixels between labels the zoomed-in steps aim for, at the top of the plot.
    public static let preferredSpacing = 60.0
    /// The fewest pixels between unlabelled lines.
    static let minorSpacing = 4.0
    /// The decade's integers labelled where a decade has more room than 1-2-5 needs, the
    /// sparser first (each has its smallest gap between neighbours wider than the next's).
    public static let denserMantissas: [[Double]] = [[1, 2, 3, 5], [1, 2, 3, 4, 5, 7], [1, 2, 3, 4, 5, 6, 7, 8, 9]]
    /// The fewest pixels between labels of a denser ladder than 1-2-5: more than the
    /// minimum, so that an axis of several decades keeps to 1-2-5 and only a tall decade
    /// takes more of its integers.
    static let denserSpacing = 50.0
    /// The most decades zoomed-in steps are used over: beyond, their labels would crowd the
    /// top and leave the bottom bare.
    public static let mostDecadesForSteps = 0.75

    public init(mode: Mode) {
        self.mode = mode
    }

    /// The ticks for plotted `range` (log10 units) drawn `pixels` tall, keeping `current`
    /// while it still has room and at least half the labels the best would have (so a
    /// pan or a small refit changes nothing).
    public init(range: ClosedRange<Double>, pixels: Double, keeping current: LogTicks? = nil) {
        let best = Self.best(range: range, pixels: pixels)
        if let current, current != best, current.fits(range: range, pixels: pixels),
           current.labelled(in: range).count * 2 >= best.labelled(in: range).count {
            self = current
            return
        }
        self = best
    }

    /// The densest labels that keep `minimumSpacing`; the zoomed-in steps where they give
    /// more labels than 1-2-5.
    static func best(range: ClosedRange<Double>, pixels: Double) -> LogTicks {
        let decades = range.upperBound - range.lowerBound
        guard decades > 0, decades.isFinite, pixels > 0 else { return LogTicks(mode: .decades(every: 1)) }
        let perDecade = pixels / decades
        guard perDecade * log10(2.0) >= minimumSpacing else {
            var every = 1
            while Double(every) * perDecade < minimumSpacing, every < 1000 { every = Self.nextOneTwoFive(after: every) }
            return LogTicks(mode: .decades(every: every))
        }
        var densest = LogTicks(mode: .oneTwoFive)
        for mantissas in denserMantissas where perDecade * Self.smallestGap(of: mantissas) >= denserSpacing {
            densest = LogTicks(mode: .mantissas(mantissas))
        }
        guard decades < mostDecadesForSteps, let steps = steps(range: range, pixels: pixels) else { return densest }
        return steps.labelled(in: range).count > densest.labelled(in: range).count ? steps : densest
    }

    /// The 1-2-5 step whose multiples lie `preferredSpacing` apart in the middle of
    /// `range` (log10 packs them closer above, spreads them below), kept at least
    /// `minimumSpacing` apart at its top; down to that where the preferred step leaves
    /// fewer than two labels (a short plot).
    private static func steps(range: ClosedRange<Double>, pixels: Double) -> LogTicks? {
        let top = pow(10, range.upperBound), middle = pow(10, (range.lowerBound + range.upperBound) / 2)
        guard top.isFinite, top > 0 else { return nil }
        // d(log10 v)/dv = 1/(v ln 10): pixels per value unit at a value.
        let perDecade = pixels / (range.upperBound - range.lowerBound)
        let perUnitAtTop = perDecade / (top * M_LN10), perUnitInMiddle = perDecade / (middle * M_LN10)
        let smallest = step(atLeast: minimumSpacing / perUnitAtTop)
        guard let preferred = step(atLeast: preferredSpacing / perUnitInMiddle), case let .steps(value) = preferred.mode,
              case let .steps(least)? = smallest?.mode else { return smallest }
        let chosen = value >= least ? preferred : smallest!
        return chosen.labelled(in: range).count < 2 ? smallest : chosen
    }

    /// Labels at the multiples of the smallest 1-2-5 step ≥ `span` (value units).
    private static func step(atLeast span: Double) -> LogTicks? {
        let nice = YAxisGrid.niceStep(atLeast: span)
        // m × 10ᵏ written exactly (the ladder's decade, multiplied up, may be an ulp off).
        let k = Int((log10(nice) + 1e-9).rounded(.down))
        let step = (nice / power(k)).rounded() * power(k)
        return step.isFinite && step > 0 ? LogTicks(mode: .steps(step)) : nil
    }

    private static func nextOneTwoFive(after n: Int) -> Int {
        var decade = 1
        while decade * 10 <= n { decade *= 10 }
        let m = n / decade
        return m == 1 ? 2 * decade : m == 2 ? 5 * decade : 10 * decade
    }

    /// Whether these labels keep `minimumSpacing` over `range` drawn `pixels` tall and
    /// show at least two of them.
    func fits(range: ClosedRange<Double>, pixels: Double) -> Bool {
        let decades = range.upperBound - range.lowerBound
        guard decades > 0, pixels > 0 else { return false }
        return smallestGap(in: range) * pixels / decades >= Self.minimumSpacing * 0.999 && labelled(in: range).count >= 2
    }

    /// The smallest distance in log10 between neighbouring labels m × 10ᵏ, the last of
    /// a decade's and the next decade's 1 included.
    static func smallestGap(of mantissas: [Double]) -> Double {
        zip(mantissas, mantissas.dropFirst() + [10]).map { log10($1 / $0) }.min() ?? 1
    }

    /// The smallest distance between neighbouring labels, plotted units (log10).
    public func smallestGap(in range: ClosedRange<Double>) -> Double {
        switch mode {
        case .oneTwoFive: return log10(2.0)
        case .mantissas(let mantissas): return Self.smallestGap(of: mantissas)
        case .decades(let every): return Double(every)
        case .steps(let step):
            let top = pow(10, range.upperBound)
            return top > step ? log10(top / (top - step)) : 1
        }
    }

    /// 10ᵏ, exact where it can be.
    static func power(_ k: Int) -> Double { NumericTickLadder.power(k) }

    /// The labelled ticks inside `range` (plotted units), bottom first, at most 1,000.
    /// - Complexity: O(ticks).
    public func labelled(in range: ClosedRange<Double>) -> [Double] {
        values(in: range).map(log10)
    }

    /// The values (not their logarithms) of the labelled ticks inside `range`, bottom first.
    public func values(in range: ClosedRange<Double>) -> [Double] {
        guard range.lowerBound.isFinite, range.upperBound.isFinite, range.upperBound > range.lowerBound else { return [] }
        let low = Int(max(range.lowerBound, -400).rounded(.down)), high = Int(min(range.upperBound, 400).rounded(.up))
        var out: [Double] = []
        func add(_ v: Double) {
            let p = log10(v)
            if p >= range.lowerBound, p <= range.upperBound, out.count < 1000 { out.append(v) }
        }
        switch mode {
        case .oneTwoFive:
            for k in low...high { for m in [1.0, 2, 5] { add(m * Self.power(k)) } }
        case .mantissas(let mantissas):
            for k in low...high { for m in mantissas { add(m * Self.power(k)) } }
        case .decades(let every):
            let first = Int((Double(low) / Double(every)).rounded(.down))
            for j in first...Int((Double(high) / Double(every)).rounded(.up)) { add(Self.power(j * every)) }
        case .steps(let step):
            let a = pow(10, range.lowerBound), b = pow(10, range.upperBound)
            // A hair wide: 10 to the log10 of an end may land an ulp past it.
            let first = max((a / step * (1 - 1e-12)).rounded(.up), 1), last = (b / step * (1 + 1e-12)).rounded(.down)
            guard first.isFinite, last.isFinite, last >= first, last - first < 1000 else { return [] }
            for n in stride(from: first, through: last, by: 1) { add(n * step) }
        }
        return out
    }

    /// The unlabelled lines inside `range` drawn `pixels` tall, bottom first: the other
    /// integers × 10ᵏ, or the powers of ten between labelled ones, each only where its
    /// lines lie at least `minorSpacing` apart; none zoomed in to steps.
    public func minor(in range: ClosedRange<Double>, pixels: Double) -> [Double] {
        let decades = range.upperBound - range.lowerBound
        guard decades > 0, decades.isFinite, pixels > 0 else { return [] }
        let perDecade = pixels / decades
        let labels = Set(values(in: range))
        let low = Int(max(range.lowerBound, -400).rounded(.down)), high = Int(min(range.upperBound, 400).rounded(.up))
        var out: [Double] = []
        func add(_ v: Double) {
            let p = log10(v)
            if p >= range.lowerBound, p <= range.upperBound, !labels.contains(v), out.count < 1000 { out.append(p) }
        }
        switch mode {
        case .oneTwoFive, .mantissas, .decades:
            // Between 9 × 10ᵏ and 10ᵏ⁺¹ the integers lie closest.
            if perDecade * log10(10.0 / 9) >= Self.minorSpacing, high - low < 100 {
                for k in low...high { for m in 1...9 { add(Double(m) * Self.power(k)) } }
            } else if perDecade >= Self.minorSpacing, high - low < 1000 {
                for k in low...high { add(Self.power(k)) }
            }
        case .steps:
            // Zoomed in, the labelled lines are a linear grid already: more lines would
            // only crowd it (and cost llvmpipe a full-width segment each).
            return []
        }
        return out
    }

    /// The label of the tick at plotted `position`: its value, exact (the nearest tick
    /// value, not 10 to the position), in the axes' compact format (`500`, `2,000`,
    /// `10K`, `0.05`).
    /// - Parameter range: the plotted range in view: zoomed-in steps are all written
    ///   compact alike, by its top value.
    public func label(_ position: Double, in range: ClosedRange<Double>) -> String {
        let value = tickValue(at: position)
        switch mode {
        case .oneTwoFive, .mantissas, .decades:
            // Its own step: the decimals it needs, digits grouped, compact from 10K.
            return NumberLabel.format(value, step: value, magnitude: value)
        case .steps(let step):
            return NumberLabel.format(value, step: step, magnitude: pow(10, range.upperBound))
        }
    }

    /// The tick value nearest 10 to the `position`: m × 10ᵏ (m a whole number) or a
    /// multiple of the step.
    public func tickValue(at position: Double) -> Double {
        switch mode {
        case .oneTwoFive, .mantissas, .decades:
            let k = Int((position + 1e-9).rounded(.down))
            let m = (pow(10, position - Double(k))).rounded()
            return m * Self.power(k)
        case .steps(let step):
            return (pow(10, position) / step).rounded() * step
        }
    }
}
