import ChartData
import ChartGeometry

extension SessionEntry: Codable {
    private enum CodingKeys: String, CodingKey {
        case path, chart, xColumn, yColumns, visible, hiddenSeries, measure, manualY, addedFiles, logAxes
        case dateFormat, utc
    }

    /// Reads an entry leniently: a missing or invalid path makes the entry invalid (it
    /// is dropped); any other field that is missing, out of range or of the wrong type
    /// takes its default, so one odd value never costs the whole session.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let path = try c.decode(String.self, forKey: .path)
        guard Self.isValidPath(path) else {
            throw DecodingError.dataCorruptedError(forKey: .path, in: c, debugDescription: "not an absolute path")
        }
        self.init(path: path)
        chart = (try? c.decode(Int.self, forKey: .chart)).flatMap { Self.chartRange.contains($0) ? $0 : nil }
        xColumn = (try? c.decode(String.self, forKey: .xColumn)).flatMap { Self.isValidName($0) ? $0 : nil }
        yColumns = (try? c.decode([String].self, forKey: .yColumns)).flatMap {
            !$0.isEmpty && $0.count <= Self.listLimit && $0.allSatisfy(Self.isValidName) ? $0 : nil
        }
        visible = try? c.decode(DataRect.self, forKey: .visible)
        hiddenSeries = Self.names(try? c.decode([String].self, forKey: .hiddenSeries))
        // [A, B]; anything else is no measure (a session from before has none).
        measure = c.sessionRange(forKey: .measure, allowingEqualEnds: true)
        manualY = (try? c.decode(ManualYRanges.self, forKey: .manualY)) ?? ManualYRanges()
        // Written since several files share a chart; a session from before has none.
        let added = (try? c.decode([String].self, forKey: .addedFiles)) ?? []
        addedFiles = Array(added.filter(Self.isValidPath).prefix(Self.listLimit))
        notes = Self.notes(from: decoder)
        // Absent in sessions from before log axes: linear.
        let logAxes = Set((try? c.decode([YAxisSide].self, forKey: .logAxes)) ?? [])
        self.logAxes = [YAxisSide.left, .right].filter(logAxes.contains)
        // Absent in sessions from before dates as exported: told from the values, local time.
        dateFormat = (try? c.decode(String.self, forKey: .dateFormat)).flatMap {
            Self.isValidName($0) && (try? DatePattern(strftime: $0)) != nil ? $0 : nil
        }
        utc = (try? c.decode(Bool.self, forKey: .utc)) ?? false
    }

    /// The valid names of `list`, at most `listLimit` of them.
    static func names(_ list: [String]?) -> [String] {
        Array((list ?? []).filter(isValidName).prefix(listLimit))
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(path, forKey: .path)
        try c.encodeIfPresent(chart, forKey: .chart)
        try c.encodeIfPresent(xColumn, forKey: .xColumn)
        try c.encodeIfPresent(yColumns, forKey: .yColumns)
        try c.encodeIfPresent(visible, forKey: .visible)
        try c.encode(hiddenSeries, forKey: .hiddenSeries)
        try c.encodeIfPresent(measure.map { [$0.lowerBound, $0.upperBound] }, forKey: .measure)
        if !manualY.isEmpty { try c.encode(manualY, forKey: .manualY) }
        if !addedFiles.isEmpty { try c.encode(addedFiles, forKey: .addedFiles) }
        try encodeNotes(to: encoder)
        if !logAxes.isEmpty { try c.encode(logAxes, forKey: .logAxes) }
        try c.encodeIfPresent(dateFormat, forKey: .dateFormat)
        if utc { try c.encode(utc, forKey: .utc) }
    }
}
