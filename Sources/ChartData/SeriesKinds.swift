/// How a file's series are drawn when the command line says so (`--bars`, `--area`,
/// `--stacked`, `--percentage`, `--y2`): a CSV gets the kinds a Telegram chart file
/// names per column, and a Telegram file can be redrawn another way.
public struct SeriesKinds: Equatable, Sendable {
    /// Series drawn as bars, by name.
    public var bars: [String]
    /// Series drawn as filled areas, by name.
    public var areas: [String]
    /// Bars stack on bars, areas on areas.
    public var stacked: Bool
    /// Areas show each series' share of their sum (stacked, 0–100%).
    public var percentage: Bool
    /// Series read against a second y axis on the right, by name (besides any the
    /// loader put there).
    public var rightAxis: [String]

    public init(bars: [String] = [], areas: [String] = [], stacked: Bool = false, percentage: Bool = false,
                rightAxis: [String] = []) {
        self.bars = bars
        self.areas = areas
        self.stacked = stacked
        self.percentage = percentage
        self.rightAxis = rightAxis
    }

    /// Whether nothing is asked for (the file's own kinds stand).
    public var isEmpty: Bool { self == SeriesKinds() }

    /// Sets the kinds and axes asked for on `dataset`'s series: `rightAxis` adds series
    /// to the right axis (to those the loader put there: a Volume). Bars named beside
    /// series left as lines go on the right axis, behind the lines, when nothing is on
    /// it yet.
    /// - Throws: `DataLoadError.notInFile` for a name no series has (with those it has),
    ///   `.usage` for a name asked to be both a bar and an area.
    public func apply(to dataset: inout Dataset) throws {
        guard !isEmpty else { return }
        let names = dataset.series.map(\.name)
        func index(of name: String, _ flag: String) throws -> Int {
            try NameMatch.index(of: name, in: names, file: dataset.source, flag: flag, kind: .series)
        }
        let barIndices = try bars.map { try index(of: $0, "--bars") }
        let areaIndices = try areas.map { try index(of: $0, "--area") }
        // By the series found, so that `--bars Temp --area temp` is caught too.
        if let both = barIndices.first(where: areaIndices.contains) {
            throw DataLoadError.usage(file: dataset.source,
                                      message: "\(DisplayText.quotedName(names[both])) is given to both --bars and --area")
        }
        for found in barIndices { dataset.series[found].kind = .bar }
        for found in areaIndices { dataset.series[found].kind = .area }
        for name in rightAxis { dataset.series[try index(of: name, "--y2")].axis = .right }
        // Bars beside lines go behind them on an axis of their own (the chance of rain
        // under the temperatures), where that axis is free.
        if !bars.isEmpty, !dataset.series.contains(where: { $0.axis == .right }),
           dataset.series.contains(where: { $0.kind == .line }) {
            for found in barIndices { dataset.series[found].axis = .right }
        }
        if stacked { dataset.flags.insert(.stacked) }
        if percentage { dataset.flags.formUnion([.stacked, .percentage]) }
        let file = DisplayText.escaped(dataset.source, limit: DataLoadError.pathLimit)
        if stacked, !dataset.series.contains(where: { $0.kind != .line }) {
            dataset.warnings.append("\(file): --stacked has nothing to stack; name the series with --bars or --area")
        }
        if percentage, !dataset.series.contains(where: { $0.kind == .area }) {
            dataset.warnings.append("\(file): --percentage draws areas as shares; name them with --area")
        }
    }
}
