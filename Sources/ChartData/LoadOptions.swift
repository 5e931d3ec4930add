/// What to take from a file: which columns, which chart. The same for every loader and
/// every command that opens a file (`--x`, `--y`, `--chart`).
public struct LoadOptions: Equatable, Sendable {
    /// The x column's name; `nil` takes the first column (CSV) or the `x` column (JSON).
    public var x: String?
    /// The series to read, by name; `nil` takes every numeric column.
    public var y: [String]?
    /// Which chart of a file holding several (Telegram's `chart_data.json`), from 1.
    public var chart: Int?

    public init(x: String? = nil, y: [String]? = nil, chart: Int? = nil) {
        self.x = x
        self.y = y
        self.chart = chart
    }
}

/// Told how far a load has come: bytes read so far and in all.
public typealias LoadProgress = (_ bytesDone: Int, _ bytesTotal: Int) -> Void
