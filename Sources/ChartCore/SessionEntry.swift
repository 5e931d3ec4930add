import Foundation

/// What the session keeps for one file (and one chart of it): the columns it was opened
/// with, where the user was looking, and which series they hid.
public struct SessionEntry: Equatable, Sendable {
    /// The file's real path (symbolic links resolved), so every name of it finds this entry.
    public var path: String
    /// `--chart`: which chart of a file holding several, from 1; `nil` for the default.
    public var chart: Int?
    /// `--x`: the x column's name; `nil` for the default.
    public var xColumn: String?
    /// `--y`: the series' column names; `nil` for every numeric column.
    public var yColumns: [String]?
    /// The visible range, data units; `nil` until the user moved the view.
    public var visible: DataRect?
    /// Names of the series the user hid.
    public var hiddenSeries: [String] = []

    /// The most characters a column or series name read back may have.
    public static let nameLimit = 1024
    /// The most names a list read back may hold.
    public static let listLimit = 1000
    /// The charts a file may hold, as far as a session read back is concerned.
    public static let chartRange = 1...1_000_000

    public init(path: String, chart: Int? = nil, xColumn: String? = nil, yColumns: [String]? = nil) {
        self.path = path
        self.chart = chart
        self.xColumn = xColumn
        self.yColumns = yColumns
    }

    /// Whether this entry is the one for `path`'s chart `chart`.
    public func isFor(path: String, chart: Int?) -> Bool {
        self.path == path && self.chart == chart
    }

    /// Whether `path` may be a key: absolute, no NUL, at most PATH_MAX bytes.
    static func isValidPath(_ path: String) -> Bool {
        path.hasPrefix("/") && !path.utf8.contains(0) && path.utf8.count <= Int(PATH_MAX)
    }

    /// Whether `name` may be a column or series name read back.
    static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= nameLimit && !name.utf8.contains(0)
    }
}

extension SessionEntry: Codable {
    private enum CodingKeys: String, CodingKey { case path, chart, xColumn, yColumns, visible, hiddenSeries }

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
    }
}
