import ChartData
import Foundation

/// A series on a logarithmic axis read in log terms: a straight line there is steady
/// growth by the same factor each period, so its trend is said as a compounded rate (a
/// year on a date axis that spans one, else per `slopeUnit`) with the factor from first
/// to last, not as a linear slope that means nothing on that axis.
extension ChartSummary {
    /// Fits a line to log10 of each series plotted on a log axis of `source` (the drawn
    /// values) and keeps it as the series' `logTrend`.
    /// - Complexity: O(points in range) per series on a log axis.
    /// - Parameter chosen: the dataset index of each summarised series, in order.
    mutating func addLogTrends(from source: DataSource, chosen: [Int]) {
        guard !source.logSeries.isEmpty else { return }
        let plotted = source.dataset, xs = plotted.xs
        let indices = xs.indices(overX: range)
        for (k, s) in zip(series.indices, chosen) where source.isLogarithmic(series: s) {
            let ys = plotted.series[s].ys
            series[k].logTrend = SeriesSummary.measuring(name: series[k].name, decimals: series[k].decimals, xs: xs,
                                                         indices: indices) { ys[$0] }.trend
        }
    }

    /// The period a compounded rate is given per: a year on a date axis whose points span
    /// one, else `perUnit`'s; and x units in it.
    var ratePeriod: (words: String, xUnits: Double) {
        if case .time = xKind {
            let year = SlopeUnit.year.xUnits(on: xKind)
            if (lastX ?? 0) - (firstX ?? 0) >= year { return (SlopeUnit.year.words, year) }
        }
        return (perUnit, xUnitsPerSlopeUnit)
    }

    /// The log trend in words: the compounded rate per period, the factor from first to
    /// last, and how much of the variation of the logarithm the line explains.
    func logSentence(for trend: SeriesSummary.Trend, of name: String, first: Double, last: Double) -> String {
        let explains = "a straight line on the log axis explains \(Self.percentWords(trend.rSquared)) of its variation"
        let factor = last / first
        let overall = first > 0 && last > 0 && factor.isFinite
            ? "; from first to last it \(factor >= 1 ? "grew" : "shrank") \(Self.times(factor >= 1 ? factor : 1 / factor))"
            : ""
        switch trend.direction {
        case .up, .down:
            let period = ratePeriod
            let rate = (pow(10, trend.slope * period.xUnits) - 1) * 100
            guard rate.isFinite else { return "On the log axis \(name) trended \(trend.direction.rawValue)\(overall); \(explains)." }
            return "On the log axis \(name) \(rate >= 0 ? "grew" : "shrank") about \(Self.threeDigits(abs(rate)))% "
                + "\(period.words) compounded\(overall); \(explains)."
        case .flat:
            return "On the log axis \(name) had no clear compounded trend\(overall); \(explains)."
        }
    }

    /// A growth factor: "1.5 times", "4,120 times".
    static func times(_ factor: Double) -> String {
        "\(threeDigits(factor)) times"
    }
}
