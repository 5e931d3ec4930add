import Foundation

/// Which series the default selection (no `--y`) shows: those of one scale. Drawn on one
/// y axis, a series ~1e6× the others (Yahoo's Volume beside its prices) flattens them to
/// a line at zero, and one far smaller is itself a flat line; such series are left out,
/// and a warning names them and the `--y` that shows them.
///
/// The rule, exactly:
/// - A series' **magnitude** is the median of the absolute values of its finite, non-zero
///   values (of at most `sampleSize` of them, evenly spread, for a long series).
/// - The **anchor** is the series with the most series whose magnitude is within
///   `factor` (20×) of its own, itself counted; on a tie, the earliest. Comparisons are
///   of log10 magnitudes, so values out to ±1.8e308 compare without overflow.
/// - Series whose magnitude is more than `factor` from the anchor's are off its scale.
///   Among them the same rule picks a **second anchor**; those within `factor` of it go
///   on a **second y axis** (a Volume beside prices), the rest are **left out**. A series
///   with no magnitude (zeros or gaps only) has nothing to compare and stays.
///
/// So the anchor's neighbourhood is the largest group within 20× of one series, and the
/// choice does not change when every value is multiplied by the same number.
public struct ScaleSelection: Equatable, Sendable {
    /// A series left out, with its magnitude over the anchor's.
    public struct LeftOut: Equatable, Sendable {
        public var series: Int
        public var ratio: Double
    }

    /// The series shown (on either axis), ascending.
    public let kept: [Int]
    /// The series drawn against a second y axis, ascending.
    public let secondAxis: [Int]
    /// The series left out, ascending.
    public let leftOut: [LeftOut]
    /// The series the others are compared with; `nil` when none has a magnitude.
    public let anchor: Int?

    /// How far a series' magnitude may be from the anchor's, either way.
    public static let factor = 20.0
    /// The most values a magnitude is taken from.
    public static let sampleSize = 10_001

    /// Chooses among `series` (y values, NaN for gaps).
    /// - Complexity: O(s · (min(n, sampleSize) · log sampleSize + s)) for s series of n values.
    public init<Values: RandomAccessCollection<Double>>(series: [Values]) where Values.Index == Int {
        let logs = series.map { Self.magnitude(of: $0).map(log10) }
        self.init(logMagnitudes: logs)
    }

    /// Chooses from each series' log10 magnitude (`nil`: none).
    init(logMagnitudes logs: [Double?]) {
        let anchor = Self.anchor(of: logs)
        self.anchor = anchor
        var kept: [Int] = []
        var off: [LeftOut] = []
        for (s, log) in logs.enumerated() {
            if let log, let anchor, let anchorLog = logs[anchor], !Self.near(log, anchorLog) {
                off.append(LeftOut(series: s, ratio: pow(10, log - anchorLog)))
            } else {
                kept.append(s)
            }
        }
        // The off-scale series' own largest group shares the second axis.
        let offLogs = logs.indices.map { s in off.contains { $0.series == s } ? logs[s] : nil }
        if let second = Self.anchor(of: offLogs), let secondLog = offLogs[second] {
            secondAxis = off.map(\.series).filter { Self.near(offLogs[$0]!, secondLog) }
            kept = (kept + secondAxis).sorted()
            leftOut = off.filter { !Self.near(offLogs[$0.series]!, secondLog) }
        } else {
            secondAxis = []
            leftOut = off
        }
        self.kept = kept
    }

    private static func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= log10(factor) }

    /// The series with the most others within `factor` of it (itself counted), the
    /// earliest on a tie; `nil` when none has a magnitude.
    private static func anchor(of logs: [Double?]) -> Int? {
        var anchor: Int?
        var best = 0
        for (s, log) in logs.enumerated() {
            guard let log else { continue }
            let neighbours = logs.reduce(0) { count, other in count + (other.map { near($0, log) ? 1 : 0 } ?? 0) }
            if neighbours > best {
                best = neighbours
                anchor = s
            }
        }
        return anchor
    }

    /// The median absolute value of the finite, non-zero values of `ys` (of at most
    /// `sampleSize` of them, evenly spread over those values: a series with gaps on a
    /// regular pattern, two sensors on alternate rows, is sampled where it has values),
    /// or `nil` when there is none.
    /// The sample is picked in a second pass rather than from a copy of every value: a
    /// copy of ten million values is 80 MB more than the loaded file, unbudgeted, and
    /// under a memory limit that is where the load ended in an abort.
    /// - Complexity: O(n + m log m), m = min(values, sampleSize); O(m) memory.
    public static func magnitude<Values: RandomAccessCollection<Double>>(of ys: Values) -> Double? where Values.Index == Int {
        func usable(_ y: Double) -> Bool { abs(y).isFinite && y != 0 }
        var count = 0
        for y in ys where usable(y) { count += 1 }
        guard count > 0 else { return nil }
        let sampled = min(count, sampleSize)
        // The rank among the usable values of sample j: all of them, or evenly spread.
        func rank(ofSample j: Int) -> Int {
            count <= sampleSize ? j : Int(Double(j) * Double(count - 1) / Double(sampleSize - 1))
        }
        var values: [Double] = []
        values.reserveCapacity(sampled)
        // The next sample's rank, worked out once a sample rather than once a value; the
        // scan stops at the last sample.
        var rankHere = 0
        var nextRank = rank(ofSample: 0)
        for y in ys where usable(y) {
            if rankHere == nextRank {
                values.append(abs(y))
                if values.count == sampled { break }
                nextRank = rank(ofSample: values.count)
            }
            rankHere += 1
        }
        values.sort()
        return values[(values.count - 1) / 2]
    }

    /// The warning for the series left out, or `nil` when none was: their names, how far
    /// off they are, and the `--y` that shows them (alone, and beside the anchor). More
    /// than twenty are listed as twenty "and N more", without a `--y` to paste.
    public func warning(source: String, names: [String]) -> String? {
        guard let anchor, !leftOut.isEmpty else { return nil }
        let file = DisplayText.escaped(source, limit: DataLoadError.pathLimit)
        let anchorName = DisplayText.name(names[anchor])
        let leftNames = leftOut.map { names[$0.series] }
        guard leftOut.count <= DisplayText.listLimit else {
            return "\(file): \(DisplayText.listing(leftNames)) left out: their values are far from \(anchorName)'s; "
                + "show them by naming them with --y"
        }
        let shown = leftNames.map { DisplayText.name($0) }
        let ratios = leftOut.map { Self.describe(ratio: $0.ratio) }
        let alone = leftNames.joined(separator: ",")
        let one = leftOut.count == 1
        return "\(file): \(DisplayText.listed(shown)) left out: "
            + "\(one ? "its values are" : "their values are") \(DisplayText.listed(ratios)) \(anchorName)'s; "
            + "show \(one ? "it" : "them") with --y \(DisplayText.shellWord(alone)), or beside \(anchorName) with "
            + "--y \(DisplayText.shellWord(names[anchor] + "," + alone))"
    }

    /// A ratio as people say it: `~5e5×`, `~30×`, `~1/4000 of`, to one significant digit;
    /// one beyond what a double holds (1e−300 beside 1e300) is `>1e308×`.
    public static func describe(ratio: Double) -> String {
        guard ratio.isFinite, ratio > 0 else { return ratio > 0 ? ">1e308×" : "<1/1e308 of" }
        guard (1 / ratio).isFinite else { return "<1/1e308 of" }
        func rounded(_ value: Double) -> String {
            let exponent = Int(log10(value).rounded(.down))
            var digit = (value / pow(10, Double(exponent))).rounded()
            var power = exponent
            if digit >= 10 {
                digit = 1
                power += 1
            }
            if power < 4 { return String(Int(digit * pow(10, Double(power)))) }
            return "\(Int(digit))e\(power)"
        }
        return ratio >= 1 ? "~\(rounded(ratio))×" : "~1/\(rounded(1 / ratio)) of"
    }
}
