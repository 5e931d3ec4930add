/// One reduced version of a series: the indices of the points it keeps, ascending.
public struct LODLevel: Equatable, Sendable {
    /// Indices into the dataset's points, ascending; gaps (NaN) among them stay gaps.
    /// An array, or a view into the cache of large files (`ValueColumn`).
    public let indices: ValueColumn<Int32>
    /// The series' y at each kept index, where the cache of large files keeps them beside
    /// the indices: drawing a coarse level then reads its own few pages, not a page of
    /// the mapped y column per kept point. `nil`: read from the series.
    public let values: ValueColumn<Double>?

    public init(indices: [Int32]) {
        self.init(indices: ValueColumn(indices))
    }

    public init(indices: ValueColumn<Int32>, values: ValueColumn<Double>? = nil) {
        precondition(values.map { $0.count == indices.count } ?? true, "LODLevel: one value per kept index")
        self.indices = indices
        self.values = values
    }

    /// Equal when they keep the same points (`values` only repeat the series').
    public static func == (a: LODLevel, b: LODLevel) -> Bool {
        a.indices == b.indices
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
