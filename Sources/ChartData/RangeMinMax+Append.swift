/// Growing a range index as points are appended (`sightline open --follow`): the blocks
/// before the old last one keep their extremes; the old last block and the new ones are
/// read, and their paths up the tree updated. When the blocks outgrow the tree's leaves
/// the tree is built again at twice the size, so growing point by point stays O(1)
/// amortised a point.
extension RangeMinMax {
    /// The index of `ys`, whose first `ys.count` values before the append this one
    /// indexes, unchanged.
    /// - Complexity: O(appended points + appended blocks × log blocks), amortised.
    public func appending(ys grown: [Double]) -> RangeMinMax {
        appending(ys: ValueColumn(grown))
    }

    /// The index of `grown`, an array's values or a mapped column's (`appending(ys:)`).
    public func appending(ys grown: ValueColumn<Double>) -> RangeMinMax {
        precondition(grown.count >= ys.count, "RangeMinMax: appending keeps the old points")
        let blocks = (grown.count + Self.blockSize - 1) / Self.blockSize
        guard blocks <= leafCount, !ys.isEmpty else { return RangeMinMax(ys: grown) }
        var lows = self.lows, highs = self.highs
        let firstBlock = (ys.count - 1) / Self.blockSize
        grown.withUnsafeBufferPointer { y in
            for block in firstBlock..<blocks {
                var node = leafCount + block
                (lows[node], highs[node]) = Self.extremes(ofBlock: block, in: y)
                node /= 2
                while node >= 1 {
                    lows[node] = min(lows[2 * node], lows[2 * node + 1])
                    highs[node] = max(highs[2 * node], highs[2 * node + 1])
                    node /= 2
                }
            }
        }
        return RangeMinMax(ys: grown, lows: lows, highs: highs, leafCount: leafCount)
    }

    init(ys: ValueColumn<Double>, lows: ValueColumn<Double>, highs: ValueColumn<Double>, leafCount: Int) {
        self.ys = ys
        self.lows = lows
        self.highs = highs
        self.leafCount = leafCount
    }
}
