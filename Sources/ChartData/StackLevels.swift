/// Levels of detail for the series of one stack (bars or filled areas): level k merges
/// each run of 2^k consecutive steps, aligned on multiples of 2^k from the first, into
/// one bucket by `merge`. Level 0 is every step as it is.
///
/// Nothing is stored per level: a bucket is computed from the columns when asked for, so
/// a renderer computes (and uploads) only the buckets it draws, once, and a level no view
/// needs costs nothing. Buckets sit on fixed boundaries, so panning never changes what a
/// bucket holds.
public struct StackLevels: Sendable {
    /// One merged step.
    public struct Bucket: Equatable, Sendable {
        /// The dataset index of the bucket's first step.
        public var firstIndex: Int
        /// Halfway between the x of the bucket's first and last step (the step's own x at
        /// level 0), data units: a bar over it spans the bucket's steps.
        public var x: Double
        /// One value per column, in the columns' order.
        public var values: [Double]
    }

    public let xs: XValues
    /// The stack's series' y, bottom first, one per x.
    public let columns: [ValueColumn<Double>]
    public let merge: StackMerge

    /// - Precondition: every column has one value per x.
    public init(xs: XValues, columns: [[Double]], merge: StackMerge) {
        self.init(xs: xs, columns: columns.map(ValueColumn.init), merge: merge)
    }

    /// - Precondition: every column has one value per x.
    public init(xs: XValues, columns: [ValueColumn<Double>], merge: StackMerge) {
        precondition(columns.allSatisfy { $0.count == xs.count }, "StackLevels: one value per x in every column")
        self.xs = xs
        self.columns = columns
        self.merge = merge
    }

    public var stepCount: Int { xs.count }

    /// Steps merged into one bucket at `level`.
    public func bucketSize(level: Int) -> Int { 1 << level }

    /// Buckets at `level`; the last may hold fewer steps than the others.
    public func bucketCount(level: Int) -> Int { (stepCount + bucketSize(level: level) - 1) >> level }

    /// The bucket at `level` that holds dataset index `index`.
    public func bucket(holding index: Int, level: Int) -> Int { index >> level }

    /// The finest level at which the dataset index range `visible` spans at most
    /// `stepsPerPixel × plotWidth` buckets; 0 when every step fits.
    /// - Complexity: O(log n).
    public func level(forVisible visible: Range<Int>, plotWidth: Int, stepsPerPixel: Double) -> Int {
        let budget = max(Int(stepsPerPixel * Double(max(plotWidth, 1))), 1)
        guard !visible.isEmpty else { return 0 }
        var level = 0
        // Buckets the range touches at a level: from the one holding its first index to
        // the one holding its last.
        while ((visible.upperBound - 1) >> level) - (visible.lowerBound >> level) + 1 > budget { level += 1 }
        return level
    }

    /// Bucket `bucket` of `level`, its values written into `values` (resized to one per
    /// column, so a caller reuses one array); returns the bucket's x.
    /// - Complexity: O(steps in the bucket × columns).
    public func bucket(_ bucket: Int, level: Int, into values: inout [Double]) -> Double {
        let first = bucket << level
        let end = min(first + bucketSize(level: level), stepCount)
        precondition(first < end, "StackLevels: no bucket \(bucket) at level \(level)")
        if values.count != columns.count { values = [Double](repeating: 0, count: columns.count) }
        if end - first == 1 {
            for c in columns.indices { values[c] = columns[c][first] }
            return xs[first]
        }
        switch merge {
        case .maximum:
            for c in columns.indices {
                var high = -Double.infinity
                var any = false
                columns[c].withUnsafeBufferPointer { column in
                    for i in first..<end where !column[i].isNaN {
                        any = true
                        if column[i] > high { high = column[i] }
                    }
                }
                values[c] = any ? high : .nan
            }
        case .mean:
            let count = Double(end - first)
            for c in columns.indices {
                values[c] = columns[c].withUnsafeBufferPointer { column in
                    var sum = 0.0
                    for i in first..<end where !column[i].isNaN { sum += column[i] }
                    if sum.isFinite { return sum / count }
                    // Values near Double's largest overflow their sum, not their mean.
                    var mean = 0.0
                    for i in first..<end where !column[i].isNaN { mean += column[i] / count }
                    return mean
                }
            }
        case .largestTotal:
            var best = first
            var bestTotal = -Double.infinity
            for i in first..<end {
                // The height a diverging stack reaches above zero.
                var total = 0.0
                for column in columns where column[i] > 0 { total += column[i] }
                if total > bestTotal {
                    best = i
                    bestTotal = total
                }
            }
            for c in columns.indices { values[c] = columns[c][best] }
        }
        let firstX = xs[first], lastX = xs[end - 1]
        let sum = firstX + lastX
        return sum.isFinite ? sum / 2 : firstX / 2 + lastX / 2
    }

    /// Bucket `bucket` of `level`.
    /// - Complexity: O(steps in the bucket × columns).
    public func bucket(_ bucket: Int, level: Int) -> Bucket {
        var values: [Double] = []
        let x = self.bucket(bucket, level: level, into: &values)
        return Bucket(firstIndex: bucket << level, x: x, values: values)
    }
}
