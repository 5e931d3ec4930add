/// Percentiles of a set of per-frame measurements (milliseconds, bytes…).
public struct FrameStatistics: Equatable, Sendable {
    public let count: Int
    public let p50: Double
    public let p95: Double
    public let p99: Double
    public let max: Double

    /// - Precondition: `samples` is not empty.
    /// - Complexity: O(n log n).
    public init(_ samples: [Double]) {
        precondition(!samples.isEmpty, "FrameStatistics: no samples")
        let sorted = samples.sorted()
        count = sorted.count
        p50 = Self.percentile(0.50, of: sorted)
        p95 = Self.percentile(0.95, of: sorted)
        p99 = Self.percentile(0.99, of: sorted)
        max = sorted.last!
    }

    /// The nearest-rank percentile: the smallest sample with at least `p` of the samples
    /// at or below it.
    static func percentile(_ p: Double, of sorted: [Double]) -> Double {
        let rank = Int((p * Double(sorted.count)).rounded(.up))
        return sorted[Swift.max(Swift.min(rank, sorted.count), 1) - 1]
    }
}
