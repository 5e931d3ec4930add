/// Everything one file holds: shared x values, sorted ascending, and one or more series.
public struct Dataset: Equatable, Sendable {
    /// Where the data came from, for messages ("prices.csv", "standard input").
    public var source: String
    /// x in data units, sorted ascending (ties allowed); evenly spaced x take no memory.
    public var xs: XValues
    public var series: [Series]
    /// Whether x holds numbers or instants.
    public var xKind: XAxisKind = .number
    /// Telegram's chart flags: one y scale per series, stacked series, percentages.
    public var flags: ChartFlags = []
    /// The series drawn together as candlesticks, where the file has them (`markOHLC`).
    public var ohlc: OHLCColumns?
    /// Problems the loader worked around (unsorted x, say), to show the user once.
    public var warnings: [String] = []
    /// The axes' titles asked for, and the x column's name that may carry x's unit.
    public var axisTitles = AxisTitles()
    /// Its levels of detail, where they were built ahead (`prepared`).
    var preparedSlot = PreparedSlot()
    /// Whether x's instants were moved to the local wall clock (`moveToWallClock`), so
    /// an instant typed with a zone is moved alike.
    public var instantsInLocalTime = false
    /// Whether every break in its lines is a missing value (NaN), as in a database's
    /// M4 answers and pyramids, whose points are irregularly spaced by design: a wide
    /// step in x is then no gap, where a file's is (`XGaps`).
    public var breaksAreMarked = false
    /// How a CSV loader read x (`nil` from other loaders).
    var xReading = Aside<XReading?>(value: nil)

    /// - Precondition: every series has one y per x.
    public init(source: String, xs: XValues, series: [Series]) {
        precondition(series.allSatisfy { $0.ys.count == xs.count }, "Dataset: every series needs one y per x")
        self.source = source
        self.xs = xs
        self.series = series
    }

    /// - Precondition: every series has one y per x.
    public init(source: String, xs: [Double], series: [Series]) {
        self.init(source: source, xs: XValues(xs), series: series)
    }

    /// - Precondition: every series has one y per x.
    public init(source: String, xs: XValues, series: [Series], xKind: XAxisKind, flags: ChartFlags = []) {
        self.init(source: source, xs: xs, series: series)
        self.xKind = xKind
        self.flags = flags
    }

    /// - Precondition: every series has one y per x.
    public init(source: String, xs: [Double], series: [Series], xKind: XAxisKind, flags: ChartFlags = []) {
        self.init(source: source, xs: XValues(xs), series: series, xKind: xKind, flags: flags)
    }

    /// The number of x values (points per series).
    public var count: Int { xs.count }
}

extension Dataset {
    /// The smallest rectangle holding every finite point of every series, or `nil`
    /// when there is none.
    /// - Complexity: O(n × series count).
    public var bounds: (minX: Double, maxX: Double, minY: Double, maxY: Double)? {
        guard let firstX = xs.first, let lastX = xs.last else { return nil }
        var minY = Double.infinity
        var maxY = -Double.infinity
        for s in series {
            for y in s.ys where y.isFinite {
                if y < minY { minY = y }
                if y > maxY { maxY = y }
            }
        }
        guard minY <= maxY else { return nil }
        return (firstX, lastX, minY, maxY)
    }
}

/// How the series of a chart relate, as Telegram's 2019 chart files say.
public struct ChartFlags: OptionSet, Equatable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Each series has its own y scale (`y_scaled`).
    public static let yScaled = ChartFlags(rawValue: 1)
    /// Series are stacked on one another (`stacked`).
    public static let stacked = ChartFlags(rawValue: 2)
    /// Stacked series show shares of their sum (`percentage`).
    public static let percentage = ChartFlags(rawValue: 4)
}
