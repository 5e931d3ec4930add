extension RangeMinMax {
    /// A range index as a cache file keeps it: its tree of block minima and maxima.
    public struct Stored: Sendable {
        public let lows: ValueColumn<Double>
        public let highs: ValueColumn<Double>

        public init(lows: [Double], highs: [Double]) {
            self.init(lows: ValueColumn(lows), highs: ValueColumn(highs))
        }

        public init(lows: ValueColumn<Double>, highs: ValueColumn<Double>) {
            self.lows = lows
            self.highs = highs
        }
    }

    /// The index's tree, to store.
    public var stored: Stored { Stored(lows: lows, highs: highs) }

    /// The tree's length for `count` values (`2 × leaves`).
    public static func storedCount(for count: Int) -> Int {
        let blocks = (count + blockSize - 1) / blockSize
        var leaves = 1
        while leaves < max(blocks, 1) { leaves *= 2 }
        return 2 * leaves
    }

    /// The index of `ys` from its stored tree; `nil` when the tree is not of their length.
    init?(ys: ValueColumn<Double>, stored: Stored) {
        let length = Self.storedCount(for: ys.count)
        guard stored.lows.count == length, stored.highs.count == length else { return nil }
        self.ys = ys
        lows = stored.lows
        highs = stored.highs
        leafCount = length / 2
    }
}
