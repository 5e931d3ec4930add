import Foundation

/// A dataset as drawn against logarithmic y axes: each line read against a log axis is
/// plotted at log10 of its values, so everything downstream (the level-of-detail
/// ladders, the range min/max, the fit, the GPU's columns) works in plotted units and
/// stays linear there. min and max commute with log10 (it is increasing), so the min/max
/// level of detail of the plotted values is the plotted min/max level of detail, exact.
///
/// A value ≤ 0 (or NaN) has no logarithm: it is a gap in the plotted series, counted in
/// `warning`. Bars and areas grow from zero, which a log axis does not have: an axis that
/// holds any stays linear, and `warning` says so.
public struct LogPlot: Sendable {
    /// The dataset as plotted: log10 of the values of the series in `series`, the rest
    /// as read.
    public let plotted: Dataset
    /// The axes actually drawn logarithmic (those asked for that hold only lines).
    public let axes: Set<YAxisSide>
    /// The series plotted at log10 of their values, ascending.
    public let series: [Int]
    /// How many values of each series in `series` were ≤ 0 and became gaps.
    public let nonPositiveCounts: [Int: Int]
    /// One warning for the file (values that became gaps, an axis left linear); `nil`
    /// when there is nothing to say.
    public let warning: String?

    /// Plots `dataset` against logarithmic `axes`.
    /// - Complexity: O(n) per series on a log axis.
    public init(dataset: Dataset, axes asked: Set<YAxisSide>) {
        var notes: [String] = []
        var axes = Set<YAxisSide>()
        let sides = Self.axes(of: dataset)
        let stacked = dataset.flags.contains(.stacked) || dataset.flags.contains(.percentage)
        for side in [YAxisSide.left, .right] where asked.contains(side) {
            let members = dataset.series.indices.filter { sides[$0] == side }
            let filled = members.filter { dataset.series[$0].kind != .line }
            if stacked || !filled.isEmpty {
                let names = DisplayText.listing(filled.map { dataset.series[$0].name })
                let what = filled.isEmpty ? "a stack" : "bars or areas (\(names))"
                notes.append("the \(side == .left ? "left" : "right") axis holds \(what), which grow from zero: it stays linear")
            } else if !members.isEmpty {
                axes.insert(side)
            } else {
                notes.append("the \(side == .left ? "left" : "right") axis holds no series: there is nothing to draw on a log scale")
            }
        }
        let logSeries = dataset.series.indices.filter { axes.contains(sides[$0]) }
        var plotted = dataset
        var counts: [Int: Int] = [:]
        for s in logSeries {
            let (ys, nonPositive) = Self.log10(of: dataset.series[s].ys)
            plotted.series[s].ys = ys
            counts[s] = nonPositive
        }
        let gaps = logSeries.filter { counts[$0, default: 0] > 0 }
        if !gaps.isEmpty {
            let parts = gaps.enumerated().map { k, s in
                let n = counts[s]!
                let value = k == 0 ? (n == 1 ? " value ≤ 0" : " values ≤ 0") : ""
                return "\(DisplayText.count(n))\(value) in \(DisplayText.name(dataset.series[s].name))"
            }
            let total = gaps.reduce(0) { $0 + counts[$1]! }
            notes.insert("\(DisplayText.listed(parts)) \(total == 1 ? "is a gap" : "are gaps") on the log axis", at: 0)
        }
        self.plotted = plotted
        self.axes = axes
        series = logSeries
        nonPositiveCounts = counts
        let file = DisplayText.escaped(dataset.source, limit: DataLoadError.pathLimit)
        warning = notes.isEmpty ? nil : "\(file): " + notes.joined(separator: "; ")
    }

    /// The axis each series is read against as the chart draws it: a stack's members on
    /// its first member's (as `ChartComposition` places them).
    static func axes(of dataset: Dataset) -> [YAxisSide] {
        var sides = dataset.series.map(\.axis)
        guard dataset.flags.contains(.stacked) || dataset.flags.contains(.percentage) else { return sides }
        for kind in [Series.Kind.bar, .area] {
            let members = dataset.series.indices.filter { dataset.series[$0].kind == kind }
            guard let first = members.first else { continue }
            for member in members { sides[member] = sides[first] }
        }
        return sides
    }

    /// log10 of each value, NaN for a value ≤ 0 or NaN; and how many values were ≤ 0.
    /// - Complexity: O(n).
    static func log10(of ys: ValueColumn<Double>) -> (ys: ValueColumn<Double>, nonPositive: Int) {
        var nonPositive = 0
        let plotted = [Double](unsafeUninitializedCapacity: ys.count) { buffer, count in
            ys.withUnsafeBufferPointer { source in
                for i in source.indices {
                    let v = source[i]
                    if v > 0 {
                        buffer[i] = Foundation.log10(v)
                    } else {
                        if v <= 0 { nonPositive += 1 }
                        buffer[i] = .nan
                    }
                }
            }
            count = ys.count
        }
        return (ValueColumn(plotted), nonPositive)
    }
}
