import ChartData
import ChartGeometry
import Foundation

/// The summary as sentences: one fact a line, written to be read aloud (a screen reader
/// speaks them as they are), numbers as the explorer's board writes them, names as the
/// legend does (cut and escaped; the JSON keeps them whole).
extension ChartSummary {
    /// The summary, one sentence a line: the range and its points, then per series its
    /// change, its extremes and its trend, then the stacks' totals and the shares.
    public var lines: [String] {
        guard let firstX, let lastX else {
            return ["No points between \(boundLabel(range.lowerBound)) and \(boundLabel(range.upperBound))."]
        }
        // Where a series lacks values at some x (a gap, a holiday, a later start), the x
        // count is not any series' count: each series says its own.
        let counted = series.contains { $0.pointCount != pointCount }
        let noun = counted ? (pointCount == 1 ? "x value" : "x values") : (pointCount == 1 ? "point" : "points")
        let points = "\(DisplayText.count(pointCount)) \(noun)"
        var lines = [firstX == lastX ? "\(points) \(place(firstX))." : "\(points) from \(xLabel(firstX)) to \(xLabel(lastX))."]
        for summary in series { lines += sentences(for: summary, counted: counted) }
        lines += series.compactMap(statisticsSentence)
        for total in totals {
            lines.append("\(DisplayText.name(total.summary.name)) is the sum of \(DisplayText.listed(total.members.map { DisplayText.name($0) })).")
            lines += sentences(for: total.summary, counted: false)
        }
        for shares in shares {
            let parts = zip(shares.names, shares.percents).map { "\(DisplayText.name($0)) \($1)%" }
            lines.append("Shares \(place(shares.x)): \(DisplayText.listed(parts)).")
        }
        lines += noteSentences
        return lines
    }

    /// What `summary` did: its change, its extremes and its trend; first how many values
    /// it has in view where `counted`.
    func sentences(for summary: SeriesSummary, counted: Bool) -> [String] {
        // Cut and escaped as the legend writes it: a 10,000-character or control-laden
        // column name must not crowd out, or scramble, the facts after it.
        let name = DisplayText.name(summary.name)
        guard let first = summary.first, let last = summary.last, let low = summary.minimum, let high = summary.maximum else {
            return ["\(name) has no values in view."]
        }
        func value(_ y: Double) -> String { ValueFormat.string(y, dataDecimals: summary.decimals) }
        if summary.pointCount == 1 {
            return ["\(name) has one value in view, \(value(first.y)) \(place(first.x))."]
        }
        var lines = counted ? ["\(name) has \(DisplayText.count(summary.pointCount)) values in view."] : []
        let between = "between \(xLabel(first.x)) and \(xLabel(last.x))"
        if let change = summary.change, change != 0 {
            // A tenth of a percent tells small changes apart; past 100% it is noise.
            let percent: String
            switch summary.percentWithheld {
            case .startsAtZero: percent = "; no percentage, as it starts at 0"
            case .crossesZero: percent = "; no percentage, as its values cross zero"
            case .nearZero: percent = "; no percentage, as \(value(first.y)) is too close to zero for one"
            case nil:
                percent = summary.changePercent.map {
                    ", \(Self.signed(ValueFormat.string($0, dataDecimals: abs($0) >= 100 ? 0 : 1), $0))%"
                } ?? ""
            }
            let verb = change > 0 ? "rose" : "fell"
            lines.append("\(name) \(verb) from \(value(first.y)) to \(value(last.y)) "
                         + "(\(Self.signed(value(change), change))\(percent)) \(between).")
        } else {
            lines.append("\(name) was \(value(first.y)) at both ends, \(between).")
        }
        if low.y == high.y {
            lines.append("\(name) stayed at \(value(low.y)) throughout.")
        } else {
            lines.append("\(name) was lowest at \(value(low.y)) \(place(low.x)) and highest at \(value(high.y)) \(place(high.x)).")
        }
        if let log = summary.logTrend {
            lines.append(logSentence(for: log, of: name, first: first.y, last: last.y))
        } else if let trend = summary.trend {
            lines.append(sentence(for: trend, of: name))
        }
        return lines
    }

    /// The trend in words, with the numbers that decided it.
    func sentence(for trend: SeriesSummary.Trend, of name: String) -> String {
        let explains = "a straight-line fit explains \(Self.percentWords(trend.rSquared)) of its variation"
        switch trend.direction {
        case .up, .down:
            let slope = trend.slope * xUnitsPerSlopeUnit
            // "overall": the fit can fall where the ends rose (a peak in between), and
            // the two sentences must not read as a contradiction.
            return "Overall \(name) trended \(trend.direction.rawValue), about \(Self.signed(Self.threeDigits(slope), slope)) "
                + "\(perUnit); \(explains)."
        case .flat:
            if trend.rSquared < SeriesSummary.Trend.leastRSquared {
                return "\(name) had no clear trend: \(explains)."
            }
            let share = ValueFormat.string(abs(trend.shareOfRange) * 100, dataDecimals: 1)
            return "\(name) was level overall: a straight-line fit changes by \(share)% of its range in view."
        }
    }

    /// "a day", "an hour", "per unit of x".
    var perUnit: String {
        slopeUnit.words
    }

    /// "on Mar 3, 2021" for a date ("in Feb 1992", "in 1992" for monthly and yearly
    /// data), "at x = 12.5" for a number.
    func place(_ x: Double) -> String {
        if case .time = xKind { return (datePrecision == .day ? "on " : "in ") + xLabel(x) }
        return "at \(xLabel(x))"
    }

    /// A point's x: its date, or "x = 12.5".
    func xLabel(_ x: Double) -> String {
        xKind.label(x, decimals: xDecimals, namingX: true, precision: datePrecision)
    }

    /// An end of the range asked for (no point need sit there).
    func boundLabel(_ x: Double) -> String {
        Self.boundLabel(x, kind: xKind)
    }

    /// An x on an axis of `kind` that need not be a point's: its date, or "x = 12.5"
    /// with the decimals `x` itself needs (not the data's).
    public static func boundLabel(_ x: Double, kind: XAxisKind) -> String {
        kind.label(x, decimals: SeriesPrecision.decimals(of: [x]), namingX: true)
    }

    /// `text` (a formatted number) with a plus before it when `value` is positive; a
    /// negative one already has its minus.
    static func signed(_ text: String, _ value: Double) -> String {
        value > 0 ? "+" + text : text
    }

    /// `value` to three significant digits: a slope is an estimate, more digits would
    /// only be noise read aloud.
    static func threeDigits(_ value: Double) -> String {
        guard value != 0, value.isFinite else { return ValueFormat.string(value, dataDecimals: 0) }
        let exponent = Int((log10(abs(value))).rounded(.down))
        return ValueFormat.string(value, dataDecimals: max(0, 2 - exponent))
    }

    /// A share 0…1 as a whole percent, "under 1%" for a sliver.
    static func percentWords(_ share: Double) -> String {
        let percent = (share * 100).rounded()
        return share > 0 && percent < 1 ? "under 1%" : "\(Int(min(percent, 100)))%"
    }
}
