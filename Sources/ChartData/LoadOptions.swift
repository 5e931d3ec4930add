/// What to take from a file: which columns, which chart. The same for every loader and
/// every command that opens a file (`--x`, `--y`, `--chart`).
public struct LoadOptions: Equatable, Sendable {
    /// The x column's name; `nil` takes the first column (CSV) or the `x` column (JSON).
    public var x: String?
    /// The series to read, by name; `nil` takes every numeric column, up to `maxSeries`.
    /// A name given twice is taken once.
    public var y: [String]?
    /// Which chart of a file holding several (Telegram's `chart_data.json`), from 1.
    public var chart: Int?
    /// The most series taken without `y` (a warning says how many were left out): a
    /// chart of thousands of lines shows nothing, and each costs memory and drawing.
    public var maxSeries: Int
    /// The memory the load may take; `nil` reads the process's budget when it is needed
    /// (`MemoryBudget.current()`).
    public var memory: MemoryBudget?
    /// How the series are drawn, where the command line says so.
    public var kinds: SeriesKinds
    /// Whether Open, High, Low and Close are drawn as candlesticks (`--ohlc`).
    public var ohlc: OHLCRequest = .automatic
    /// The longest line (a CSV row, quoted line ends and all), in bytes: a longer one is
    /// an error naming it, so that a file without line ends cannot take the machine.
    public var lineLimit: Int
    /// The most columns a CSV row may have: the columns of the first rows are held as
    /// arrays while the file is sniffed, so memory stays a small multiple of this.
    public var columnLimit: Int
    /// The axes' titles asked for (`--y-title`, `--y2-title`, `--x-title`).
    public var titles = AxisTitles()
    /// Whether a large file may be read from and written to the cache (`--no-cache`
    /// turns it off; `DatasetCache` in ChartSources).
    public var usesCache = true
    /// How the x column writes its dates (`--date-format`); `nil` tells from its values.
    public var dateFormat: DatePattern?
    /// Whether instants (dates with a zone) are shown in UTC (`--utc`) rather than in
    /// the machine's local time.
    public var utc = false
    /// The compressed formats read through their inflater rather than refused (gzip,
    /// which the file source adds; ChartData alone has none).
    public var inflaters = ContentInflaters()
    /// The table or view of a database to chart (`--table`, or `?table=` in an address).
    public var table: String?
    /// A query whose rows to chart instead of a table (`--sql`), run as the database's
    /// own SQL; its columns are chosen as a table's are.
    public var sql: String?
    /// The x decisions to read under rather than make (a followed file's later lines,
    /// `FollowReader`); with them the loader leaves instants in UTC.
    var settledX: XReading?

    /// The default `maxSeries`.
    public static let defaultMaxSeries = 256
    /// The default `lineLimit`: 16 MB.
    public static let defaultLineLimit = 16_000_000
    /// The default `columnLimit`: 2^20, 64 times a spreadsheet's 16,384 columns.
    public static let defaultColumnLimit = 1 << 20

    public init(x: String? = nil, y: [String]? = nil, chart: Int? = nil, maxSeries: Int = defaultMaxSeries,
                memory: MemoryBudget? = nil, kinds: SeriesKinds = SeriesKinds(), lineLimit: Int = defaultLineLimit,
                columnLimit: Int = defaultColumnLimit) {
        self.x = x
        self.y = y
        self.chart = chart
        self.maxSeries = max(maxSeries, 1)
        self.memory = memory
        self.kinds = kinds
        self.lineLimit = max(lineLimit, 1)
        self.columnLimit = max(columnLimit, 2)
    }

    /// Throws unless `bytes` more fit in `memory`, or in the process's budget when
    /// `memory` is `nil`; that one is only read for `MemoryBudget.smallestChecked`
    /// bytes or more, so that small loads never pay for reading `/proc`.
    /// - Throws: `DataLoadError.tooLarge`.
    func requireMemory(_ bytes: Int, for what: String, file: String) throws {
        if let memory {
            try memory.require(bytes, for: what, file: file)
        } else if bytes >= MemoryBudget.smallestChecked {
            try MemoryBudget.require(bytes, for: what, file: file)
        }
    }
}

/// Told how far a load has come: bytes read so far and in all.
public typealias LoadProgress = (_ bytesDone: Int, _ bytesTotal: Int) -> Void
