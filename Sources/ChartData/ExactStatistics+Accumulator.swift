extension ExactStatistics {
    /// Exact statistics built value by value in one pass, for a source that streams its
    /// rows (SQLite, in this process): Welford's running mean and sum of squared
    /// distances to it, which keeps the digits of values far from 0 that a sum of squares
    /// less the squared sum loses.
    public struct Accumulator: Sendable {
        public let name: String
        private var count = 0
        private var mean = 0.0
        private var squares = 0.0
        private var low = Double.infinity
        private var high = -Double.infinity

        public init(name: String) {
            self.name = name
        }

        /// Takes one value; NaN (a NULL, a missing value) is left out.
        public mutating func add(_ value: Double) {
            guard !value.isNaN else { return }
            count += 1
            let delta = value - mean
            mean += delta / Double(count)
            squares += delta * (value - mean)
            low = Swift.min(low, value)
            high = Swift.max(high, value)
        }

        /// The statistics of the values taken.
        public var statistics: ExactStatistics {
            guard count > 0 else {
                return ExactStatistics(name: name, count: 0, min: nil, max: nil, mean: nil, standardDeviation: nil)
            }
            return ExactStatistics(name: name, count: count, min: low, max: high, mean: mean,
                                   standardDeviation: count > 1 ? (squares / Double(count - 1)).squareRoot() : nil)
        }
    }
}
