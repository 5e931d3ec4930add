/// The four series of a price file that are drawn together as candlesticks: each
/// period's open, high, low and close, by dataset index. The close stands for the
/// group where one value is wanted (`describe`, the audiograph).
public struct OHLCColumns: Equatable, Sendable {
    /// The dataset index of the opening prices.
    public var open: Int
    /// The dataset index of the highs.
    public var high: Int
    /// The dataset index of the lows.
    public var low: Int
    /// The dataset index of the closing prices.
    public var close: Int

    public init(open: Int, high: Int, low: Int, close: Int) {
        self.open = open
        self.high = high
        self.low = low
        self.close = close
    }

    /// The four indices, open, high, low, close.
    public var all: [Int] { [open, high, low, close] }

    /// Whether series `index` is one of the four.
    public func contains(_ index: Int) -> Bool { all.contains(index) }

    /// The column names looked for, in the order of the fields.
    public static let names = ["Open", "High", "Low", "Close"]

    /// The series named Open, High, Low and Close (in any case, spaces around them
    /// ignored, in any order among others: Yahoo's `Adj Close` and `Volume` may stand
    /// beside them); `nil` unless all four are there.
    /// - Complexity: O(names).
    public static func find(in names: [String]) -> OHLCColumns? {
        let found = missing(in: names)
        guard found.missing.isEmpty else { return nil }
        return OHLCColumns(open: found.indices[0]!, high: found.indices[1]!, low: found.indices[2]!, close: found.indices[3]!)
    }

    /// Each of `names` (Open, High, Low, Close) found in `columns` by index, and those
    /// not found.
    static func missing(in columns: [String]) -> (indices: [Int?], missing: [String]) {
        let lowered = columns.map { $0.trimmingSpaces().lowercased() }
        let indices = names.map { lowered.firstIndex(of: $0.lowercased()) }
        return (indices, zip(names, indices).filter { $0.1 == nil }.map(\.0))
    }
}
