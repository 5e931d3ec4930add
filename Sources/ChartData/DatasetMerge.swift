/// Several files in one chart: their series on one x axis, each keeping its own x.
///
/// The merged x are the union of the files' x, ascending. An x that several files hold
/// is one point of the merged data; an x a file holds twice (ties are allowed) is two,
/// the first shared with another file's first at that x. Each series holds its own y at
/// its file's points and NaN at the others, where it is absent (`Series.ownIndices`):
/// the data keeps its own points and nothing else, and its line joins its own
/// neighbours across the other file's x (`SeriesLine`), so S&P 500's line does not break
/// at the DAX's trading days, nor the DAX's at the S&P's.
public enum DatasetMerge {
    /// The most characters of a file's name a series name takes when names clash.
    public static let stemLimit = 24

    /// `parts` in one chart; a single dataset comes back as it is. A series name that
    /// more than one file has is prefixed with its file's name (`label(of:)`):
    /// `sp500: Close`, `dax: Close`; other names stay as they are.
    /// - Throws: `DataLoadError.mixedX` when one file's x are instants and another's
    ///   numbers; `.tooLarge` past 2^31 − 1 merged x (levels of detail index with Int32).
    /// - Complexity: O(N × files + N × series) for N merged x.
    public static func merge(_ parts: [Dataset]) throws -> Dataset {
        guard let first = parts.first else { return Dataset(source: "", xs: [Double](), series: []) }
        guard parts.count > 1 else { return first }
        try requireAlikeX(parts)
        let unitsPerSecond: Double? = if case let .time(units) = first.xKind { units } else { nil }
        let xs: [XValues] = parts.map { part in
            // Seconds and milliseconds go to the first file's unit.
            guard let unitsPerSecond, case let .time(own) = part.xKind, own != unitsPerSecond else { return part.xs }
            return XValues(part.xs.map { $0 * (unitsPerSecond / own) })
        }
        let total = xs.reduce(0) { $0 + $1.count }
        guard total < Int(Int32.max) else {
            throw DataLoadError.tooLarge(file: first.source, what: "one chart of \(parts.count) files", needed: total * 8,
                                         available: Int(Int32.max) * 8, limit: "2^31 points in one chart")
        }
        let (merged, own) = union(xs)
        let labels = labels(of: parts)
        let clashing = clashingNames(parts)
        var series: [Series] = []
        var ohlc: OHLCColumns?
        for (f, part) in parts.enumerated() {
            // The first file's candles, moved with its series (one set of candles a chart).
            if ohlc == nil, let own = part.ohlc {
                let offset = series.count
                ohlc = OHLCColumns(open: own.open + offset, high: own.high + offset, low: own.low + offset,
                                   close: own.close + offset)
            }
            // A file with a point at every merged x needs no list of them.
            let indices = own[f].count == merged.count ? nil : own[f]
            for var one in part.series {
                if let indices { one.ys = spread(one.ys, to: indices, count: merged.count) }
                one.ownIndices = indices
                if clashing.contains(one.name) { one.name = "\(labels[f]): \(one.name)" }
                series.append(one)
            }
        }
        var result = Dataset(source: parts.map(\.source).joined(separator: " + "), xs: merged, series: series,
                             xKind: first.xKind, flags: parts.dropFirst().reduce(first.flags) { $0.intersection($1.flags) })
        result.warnings = parts.flatMap(\.warnings)
        result.ohlc = ohlc
        result.axisTitles = first.axisTitles
        return result
    }

    /// What a file is called before its series' names: the file's name without its
    /// folder and extension (`data/sp500.csv`: `sp500`; standard input: `stdin`),
    /// escaped and cut at `stemLimit` characters as every name is.
    public static func label(of source: String) -> String {
        let name = source == "-" ? "stdin" : String(source.split(separator: "/").last ?? Substring(source))
        let dot = name.lastIndex(of: ".").flatMap { $0 > name.startIndex ? $0 : nil }
        return DisplayText.name(dot.map { String(name[..<$0]) } ?? name, limit: stemLimit)
    }

    /// Each file's label; a label two files share gets its file's position (`data (2)`).
    private static func labels(of parts: [Dataset]) -> [String] {
        let stems = parts.map { label(of: $0.source) }
        return stems.enumerated().map { f, stem in
            stems.filter { $0 == stem }.count > 1 ? "\(stem) (\(f + 1))" : stem
        }
    }

    /// The series names more than one file has.
    private static func clashingNames(_ parts: [Dataset]) -> Set<String> {
        var files: [String: Int] = [:]
        for part in parts {
            for name in Set(part.series.map(\.name)) { files[name, default: 0] += 1 }
        }
        return Set(files.filter { $0.value > 1 }.keys)
    }

    /// Throws unless every part's x are instants or every part's are numbers.
    private static func requireAlikeX(_ parts: [Dataset]) throws {
        func words(_ kind: XAxisKind) -> String {
            if case .time = kind { return "dates" }
            return "numbers"
        }
        let first = parts[0]
        for part in parts.dropFirst() where words(part.xKind) != words(first.xKind) {
            throw DataLoadError.mixedX(file: first.source, kind: words(first.xKind), other: part.source,
                                       otherKind: words(part.xKind))
        }
    }

    /// The union of ascending `xs`, and for each its points' merged indices, ascending.
    /// - Complexity: O(N × files).
    static func union(_ xs: [XValues]) -> (XValues, [[Int32]]) {
        var positions = [Int](repeating: 0, count: xs.count)
        var own = xs.map { list -> [Int32] in
            var indices: [Int32] = []
            indices.reserveCapacity(list.count)
            return indices
        }
        var builder = XValuesBuilder()
        builder.reserveCapacity(xs.map(\.count).max() ?? 0)
        var index: Int32 = 0
        while true {
            var next = Double.infinity
            var any = false
            for f in xs.indices where positions[f] < xs[f].count {
                let x = xs[f][positions[f]]
                if !any || x < next { (next, any) = (x, true) }
            }
            guard any else { break }
            for f in xs.indices where positions[f] < xs[f].count && xs[f][positions[f]] == next {
                own[f].append(index)
                positions[f] += 1
            }
            builder.append(next)
            index += 1
        }
        return (builder.build(), own)
    }

    /// `ys` at merged `indices`, NaN at every other of `count` x.
    /// - Complexity: O(count).
    static func spread(_ ys: ValueColumn<Double>, to indices: [Int32], count: Int) -> ValueColumn<Double> {
        var result = [Double](repeating: .nan, count: count)
        result.withUnsafeMutableBufferPointer { out in
            for (i, index) in indices.enumerated() { out[Int(index)] = ys[i] }
        }
        return ValueColumn(result)
    }
}
