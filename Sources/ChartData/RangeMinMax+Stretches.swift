extension RangeMinMax.Stored {
    /// The tree `RangeMinMax(ys:)` builds, reading `ys` a stretch at a time and letting
    /// each stretch's pages of a mapped column go after it.
    /// - Complexity: O(n); memory: the tree (half a byte a point).
    public init(buildingFrom ys: ValueColumn<Double>) {
        let blockSize = RangeMinMax.blockSize
        let length = RangeMinMax.storedCount(for: ys.count)
        let leaves = length / 2
        var lows = [Double](repeating: .infinity, count: length)
        var highs = [Double](repeating: -.infinity, count: length)
        let blocks = (ys.count + blockSize - 1) / blockSize
        let blocksPerStretch = 1 << 14
        ys.withUnsafeBufferPointer { y in
            for block in 0..<blocks {
                (lows[leaves + block], highs[leaves + block]) = RangeMinMax.extremes(ofBlock: block, in: y)
                if (block + 1) % blocksPerStretch == 0 || block == blocks - 1 {
                    let first = (block + 1 - ((block % blocksPerStretch) + 1)) * blockSize
                    ys.releasePages(first..<min((block + 1) * blockSize, y.count))
                }
            }
        }
        for node in stride(from: leaves - 1, through: 1, by: -1) {
            lows[node] = min(lows[2 * node], lows[2 * node + 1])
            highs[node] = max(highs[2 * node], highs[2 * node + 1])
        }
        self.init(lows: lows, highs: highs)
    }
}
