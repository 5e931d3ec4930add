/// One question a chart asks a source that aggregates on its own side (a database): the
/// M4 of some series over x in [start, end) at `columns` pixel columns (Jugel et al.,
/// "M4: A Visualization-Oriented Time Series Data Aggregation", VLDB 2014). Rows fall
/// in column k = floor(columns × (x − start) / (end − start)); per column the answer
/// keeps the rows with the first and the last x and those with the lowest and the
/// highest y, so a line drawn through them covers the pixels a line through every row
/// would.
public struct M4Request: Hashable, Sendable {
    /// The y columns asked for, by name, in the order the answer keeps.
    public var series: [String]
    /// The first x in view, data units.
    public var start: Double
    /// The x just past the view: rows at x ≥ `end` are out.
    public var end: Double
    /// Pixel columns, ≥ 1.
    public var columns: Int

    /// - Precondition: `start < end`, both finite, and `columns ≥ 1`.
    public init(series: [String], start: Double, end: Double, columns: Int) {
        precondition(start.isFinite && end.isFinite && start < end, "M4Request: the range is finite and not empty")
        precondition(columns >= 1, "M4Request: at least one column")
        self.series = series
        self.start = start
        self.end = end
        self.columns = columns
    }

    /// The pixel column `x` falls in, computed in the same order of operations the SQL
    /// of every engine uses (`floor((x − start) / (end − start) × columns)`), so a row on
    /// a column's edge lands in the same column here and in the server; `nil` outside
    /// [start, end).
    public func column(of x: Double) -> Int? {
        guard x >= start, x < end else { return nil }
        let k = Int(((x - start) / (end - start) * Double(columns)).rounded(.down))
        return min(max(k, 0), columns - 1)
    }

    /// Columns per x unit: how finely this request resolves x.
    public var resolution: Double { Double(columns) / (end - start) }
}
