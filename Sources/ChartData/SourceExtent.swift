/// The x a source's series span, and how many rows: what the chart sizes its first view
/// and its pyramid by.
public struct SourceExtent: Equatable, Sendable {
    /// The lowest and highest x, data units (seconds for instants); `nil` for no rows.
    public var first: Double?
    public var last: Double?
    /// Rows in all (NULL y included).
    public var count: Int
    /// What x holds.
    public var xKind: XAxisKind
    /// The y columns the chart shows (those asked for, else every numeric one), in order.
    public var series: [String]
    /// What changes when the table's rows do (its count and newest x, with anything
    /// else the engine offers cheaply) and what was chosen (the table or query, x): the
    /// levels cache's key, which two queries of one file with the same column names share
    /// otherwise.
    public var version: String
    /// Whether x is indexed, so a narrow range is read without a full scan.
    public var xIndexed: Bool
    /// Whether x's instants carry a zone (PostgreSQL's `timestamptz`, text with `Z` or
    /// `+01:00`), so the chart shows them on the local wall clock as a file's
    /// (`LocalTimeSource`); a naive timestamp is shown as written.
    public var xCarriesZone: Bool

    public init(first: Double?, last: Double?, count: Int, xKind: XAxisKind, series: [String], version: String,
                xIndexed: Bool, xCarriesZone: Bool = false) {
        self.first = first
        self.last = last
        self.count = count
        self.xKind = xKind
        self.series = series
        self.version = version
        self.xIndexed = xIndexed
        self.xCarriesZone = xCarriesZone
    }
}

/// Exact statistics of one series over an x range, computed by the source (the server,
/// for a database) over every row, not from what is drawn.
public struct ExactStatistics: Equatable, Sendable {
    public var name: String
    /// Rows with a value (NULLs and NaN left out).
    public var count: Int
    public var min: Double?
    public var max: Double?
    public var mean: Double?
    /// The sample standard deviation (n − 1), `nil` under two values.
    public var standardDeviation: Double?

    public init(name: String, count: Int, min: Double?, max: Double?, mean: Double?, standardDeviation: Double?) {
        self.name = name
        self.count = count
        self.min = min
        self.max = max
        self.mean = mean
        self.standardDeviation = standardDeviation
    }
}
