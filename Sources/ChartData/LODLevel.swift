/// One reduced version of a series: the indices of the points it keeps, ascending.
public struct LODLevel: Equatable, Sendable {
    /// Indices into the dataset's points, ascending; gaps (NaN) among them stay gaps.
    /// An array, or a view into the cache of large files (`ValueColumn`).
    public let indices: ValueColumn<Int32>

    public init(indices: [Int32]) {
        self.indices = ValueColumn(indices)
    }

    public init(indices: ValueColumn<Int32>) {
        self.indices = indices
    }

    /// How many kept points fall in the original index range.
    /// - Complexity: O(log n).
    public func count(in range: Range<Int>) -> Int {
        position(of: range.upperBound) - position(of: range.lowerBound)
    }

    /// The first position whose index is at least `index`.
    /// - Complexity: O(log n).
    public func position(of index: Int) -> Int {
        indices.partitionPoint { Int($0) < index }
    }
}
