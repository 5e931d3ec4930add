extension XValues {
    /// The indices of the points whose x lies in `range`.
    /// - Complexity: O(log n).
    public func indices(overX range: ClosedRange<Double>) -> Range<Int> {
        let first = partitionPoint { $0 < range.lowerBound }
        let end = partitionPoint { $0 <= range.upperBound }
        return first..<Swift.max(first, end)
    }
}
