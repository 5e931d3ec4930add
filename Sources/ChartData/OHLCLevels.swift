/// Candlesticks at every zoom: level 0 is one candle per row of the file (a period);
/// each coarser level merges runs of consecutive rows into one candle, its first open,
/// highest high, lowest low and last close. With dates on x the runs are calendar
/// periods, as trading charts draw them: days (where rows are finer), ISO weeks from
/// Monday, months, quarters, years, then 2, 4, 8… years from a multiple of that many;
/// rows finer than a day first merge in runs of 2, 4, 8… within their day. With numbers
/// on x (or dates beyond the calendar's reach) the runs are 2, 4, 8… rows from the first.
/// A level is kept only where it has fewer candles than the one before.
///
/// A row missing any of its four values (NaN) is a gap: it has no candle at level 0 and
/// merged candles pass over it; a merged candle of gaps only is none.
///
/// Only where each candle starts is stored (none at level 0); a candle's values are
/// computed from the rows when asked for, so a renderer computes the candles it draws,
/// once.
public struct OHLCLevels: Sendable {
    /// One candle: the rows it merges and their open, high, low and close.
    public struct Candle: Equatable, Sendable {
        /// Dataset indices merged, the gaps among them included.
        public var rows: Range<Int>
        /// The open of the earliest row it takes, y units.
        public var open: Double
        /// The highest high of the rows it takes, y units.
        public var high: Double
        /// The lowest low of the rows it takes, y units.
        public var low: Double
        /// The close of the latest row it takes, y units.
        public var close: Double
        /// The rows its open, high, low and close come from: a reading as read (not as
        /// plotted) takes the same rows, so it agrees with the candle drawn.
        public var sourceRows: SourceRows

        /// Whether it closed at or above its open (drawn in the theme's rising colour).
        public var isRising: Bool { close >= open }

        /// The row series `series` (one of `columns`) of this candle comes from.
        public func row(of series: Int, columns: OHLCColumns) -> Int {
            switch series {
            case columns.open: sourceRows.open
            case columns.high: sourceRows.high
            case columns.low: sourceRows.low
            default: sourceRows.close
            }
        }
    }

    /// The rows a merged candle's open (first), high (highest), low (lowest) and close
    /// (last) come from.
    public struct SourceRows: Equatable, Sendable {
        public var open: Int
        public var high: Int
        public var low: Int
        public var close: Int
    }

    /// One level: what a candle spans and where each starts.
    public struct Level: Equatable, Sendable {
        /// What one candle spans, in words: "row", "day", "week", "month", "quarter",
        /// "year", "4 years", "8 rows".
        public let period: String
        /// The first row of each candle, ascending from 0; `nil` at level 0 (one row each).
        let starts: [Int32]?
    }

    public let columns: OHLCColumns
    /// The x of every row, data units.
    public let xs: XValues
    private let open: ValueColumn<Double>, high: ValueColumn<Double>, low: ValueColumn<Double>, close: ValueColumn<Double>
    /// Finest first; level 0 is the rows.
    public let levels: [Level]
    /// How wide a candle's slot is at least, pixels: `level(forVisible:plotWidth:)` picks
    /// the finest level whose candles get this much of the plot each. Five keeps a body
    /// of three pixels round a one-pixel wick with a pixel between neighbours (below it
    /// the bodies thin to the wick and a candle reads as a bar).
    public static let minimumCandlePixels = 5.0

    /// Finds the levels of `dataset`'s candles (`columns`).
    /// - Complexity: O(n) per level.
    public init(dataset: Dataset, columns: OHLCColumns) {
        self.columns = columns
        xs = dataset.xs
        open = dataset.series[columns.open].ys
        high = dataset.series[columns.high].ys
        low = dataset.series[columns.low].ys
        close = dataset.series[columns.close].ys
        levels = Self.levels(xs: dataset.xs, xKind: dataset.xKind)
    }

    public var rowCount: Int { xs.count }

    /// The candles of `level`.
    public func candleCount(level: Int) -> Int { levels[level].starts?.count ?? rowCount }

    /// The rows candle `candle` of `level` merges.
    /// - Complexity: O(1).
    public func rows(ofCandle candle: Int, level: Int) -> Range<Int> {
        guard let starts = levels[level].starts else { return candle..<candle + 1 }
        return Int(starts[candle])..<(candle + 1 < starts.count ? Int(starts[candle + 1]) : rowCount)
    }

    /// The candle of `level` that merges row `row`.
    /// - Complexity: O(log n).
    public func candle(holding row: Int, level: Int) -> Int {
        guard let starts = levels[level].starts else { return row }
        return starts.partitionPoint { Int($0) <= row } - 1
    }

    /// Candle `candle` of `level`; `nil` when every row it merges is a gap.
    /// - Complexity: O(rows it merges).
    public func candle(_ candle: Int, level: Int) -> Candle? {
        let rows = rows(ofCandle: candle, level: level)
        let found = open.withUnsafeBufferPointer { open in
            high.withUnsafeBufferPointer { high in
                low.withUnsafeBufferPointer { low in
                    close.withUnsafeBufferPointer { close in
                        Self.aggregate(rows: rows, open: open, high: high, low: low, close: close)
                    }
                }
            }
        }
        guard let found else { return nil }
        return Candle(rows: rows, open: open[found.open], high: high[found.high], low: low[found.low],
                      close: close[found.close], sourceRows: found)
    }

    /// The one rule that merges rows into a candle: a row with any of its four values
    /// NaN is a gap (on a log axis, a value at or below 0 is NaN as plotted); of the
    /// others, the first's open, the highest high, the lowest low and the last's close.
    /// `nil` when every row is a gap.
    /// - Complexity: O(rows).
    public static func aggregate(rows: Range<Int>, open: UnsafeBufferPointer<Double>, high: UnsafeBufferPointer<Double>,
                                 low: UnsafeBufferPointer<Double>, close: UnsafeBufferPointer<Double>) -> SourceRows? {
        var found: SourceRows?
        for row in rows where !(open[row].isNaN || high[row].isNaN || low[row].isNaN || close[row].isNaN) {
            guard var current = found else {
                found = SourceRows(open: row, high: row, low: row, close: row)
                continue
            }
            current.close = row
            if high[row] > high[current.high] { current.high = row }
            if low[row] < low[current.low] { current.low = row }
            found = current
        }
        return found
    }

    /// The finest level at which the candles the rows `visible` touch get
    /// `minimumPixels` of `plotWidth` (pixels) each; the coarsest when none does.
    /// - Complexity: O(levels × log n).
    public func level(forVisible visible: Range<Int>, plotWidth: Double,
                      minimumPixels: Double = minimumCandlePixels) -> Int {
        guard !visible.isEmpty else { return 0 }
        let budget = max(plotWidth / minimumPixels, 1)
        for level in levels.indices {
            let touched = candle(holding: visible.upperBound - 1, level: level)
                - candle(holding: visible.lowerBound, level: level) + 1
            if Double(touched) <= budget { return level }
        }
        return levels.count - 1
    }

    /// The rows a view of x in `range` draws: every row inside it and the nearest one
    /// beyond each end (a candle that straddles the edge).
    /// - Complexity: O(log n).
    public func visibleRows(forX range: ClosedRange<Double>) -> Range<Int> {
        guard !xs.isEmpty else { return 0..<0 }
        let first = max(xs.partitionPoint { $0 < range.lowerBound } - 1, 0)
        let end = min(xs.partitionPoint { $0 <= range.upperBound } + 1, xs.count)
        return first..<max(first, end)
    }

    /// The level a view of x in `range` on a plot `plotWidth` pixels wide draws, and
    /// the rows it touches: what the renderer draws and the board reads.
    /// - Complexity: O(levels × log n).
    public func level(forX range: ClosedRange<Double>, plotWidth: Double) -> (level: Int, rows: Range<Int>) {
        let rows = visibleRows(forX: range)
        return (level(forVisible: rows, plotWidth: plotWidth), rows)
    }
}

extension OHLCLevels {
    /// The calendar's periods coarser than a day, by the key each gives a day (days
    /// since 1970-01-01): rows share a candle where their keys are equal.
    private static let calendarPeriods: [(name: String, key: @Sendable (Int) -> Int)] = [
        // 1970-01-01 was a Thursday: weeks start on the Mondays 3 days on.
        ("week", { floorDivision($0 + 3, 7) }),
        ("month", { let date = CivilCalendar.date(fromDays: $0); return date.year * 12 + date.month - 1 }),
        ("quarter", { let date = CivilCalendar.date(fromDays: $0); return date.year * 4 + (date.month - 1) / 3 }),
        ("year", { CivilCalendar.date(fromDays: $0).year }),
    ]

    /// Seconds as far from 1970 as a calendar level reaches (about 3 million years).
    private static let calendarReach = 1e14

    static func levels(xs: XValues, xKind: XAxisKind) -> [Level] {
        var levels = [Level(period: "row", starts: nil)]
        let count = xs.count
        guard count > 1 else { return levels }
        func add(_ period: String, _ starts: [Int32]) {
            if starts.count < (levels.last?.starts?.count ?? count) { levels.append(Level(period: period, starts: starts)) }
        }
        guard case .time(let unitsPerSecond) = xKind, let first = xs.first, let last = xs.last,
              abs(first / unitsPerSecond) < calendarReach, abs(last / unitsPerSecond) < calendarReach else {
            addRuns(to: &levels, rowCount: count, within: nil, name: "rows")
            return levels
        }
        var days = [Int](repeating: 0, count: count)
        for row in 0..<count { days[row] = Int((xs[row] / unitsPerSecond / 86_400).rounded(.down)) }
        let dayStarts = starts(count: count) { days[$0] }
        if dayStarts.count < count {
            addRuns(to: &levels, rowCount: count, within: dayStarts, name: "rows")
            add("day", dayStarts)
        }
        for period in calendarPeriods { add(period.name, starts(count: count) { period.key(days[$0]) }) }
        var years = 2
        while (levels.last?.starts?.count ?? count) > 1, years <= 1 << 12 {
            let span = years
            add("\(span) years", starts(count: count) { floorDivision(CivilCalendar.date(fromDays: days[$0]).year, span) })
            years *= 2
        }
        return levels
    }

    /// Where the key of consecutive rows changes: each new key's first row.
    /// - Complexity: O(count).
    private static func starts(count: Int, key: (Int) -> Int) -> [Int32] {
        var starts: [Int32] = [0]
        var previous = key(0)
        for row in 1..<count {
            let current = key(row)
            if current != previous { starts.append(Int32(row)) }
            previous = current
        }
        return starts
    }

    /// Levels of runs of 2, 4, 8… rows, each run inside one candle of `within` (the
    /// next level up; the whole data when `nil`), while a run level has more candles
    /// than `within`: each merges pairs of the one before, so each costs O(its
    /// candles).
    private static func addRuns(to levels: inout [Level], rowCount: Int, within coarser: [Int32]?, name: String) {
        let floor = coarser?.count ?? 1
        var previous = [Int32](unsafeUninitializedCapacity: rowCount) { buffer, initialized in
            for row in 0..<rowCount { buffer[row] = Int32(row) }
            initialized = rowCount
        }
        var size = 2
        while previous.count > floor {
            var next: [Int32] = []
            next.reserveCapacity(previous.count / 2 + floor)
            // Every other start within each coarser candle, from its first.
            var period = 0, position = 0
            for start in previous {
                while let coarser, period + 1 < coarser.count, coarser[period + 1] <= start {
                    period += 1
                    position = 0
                }
                if position % 2 == 0 { next.append(start) }
                position += 1
            }
            guard next.count > floor else { return }
            levels.append(Level(period: "\(size) \(name)", starts: next))
            previous = next
            size *= 2
        }
    }

    private static func floorDivision(_ value: Int, _ divisor: Int) -> Int {
        let quotient = value / divisor
        return value % divisor < 0 ? quotient - 1 : quotient
    }
}
