extension RandomAccessCollection where Index == Int {
    /// The first index whose element is not `isBefore` (`endIndex` when every one is),
    /// for elements ordered so that those `isBefore` holds for all come first: a binary
    /// search, the one every sorted lookup here uses (x of a point, a level's position,
    /// a gap, a block in view).
    /// - Complexity: O(log n).
    @inlinable
    public func partitionPoint(where isBefore: (Element) -> Bool) -> Int {
        var low = startIndex
        var high = endIndex
        while low < high {
            let mid = low + (high - low) / 2
            if isBefore(self[mid]) { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
