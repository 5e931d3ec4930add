/// A source's answer to an `M4Request`: per series, the points its columns kept.
public struct M4Answer: Equatable, Sendable {
    /// What was asked.
    public var request: M4Request
    /// One per series asked for, in the request's order.
    public var series: [M4Series]
    /// Rows the source aggregated (in [start, end)), for the note and the benchmark.
    public var rowsInRange: Int
    /// Bytes the answer took on the wire (0 for a source in memory), for the benchmark's
    /// "bytes per refinement".
    public var bytesReceived: Int

    public init(request: M4Request, series: [M4Series], rowsInRange: Int, bytesReceived: Int = 0) {
        self.request = request
        self.series = series
        self.rowsInRange = rowsInRange
        self.bytesReceived = bytesReceived
    }
}

/// One series' points of an M4 answer: ascending x (ties allowed), at most four a
/// column; a NaN y is a break (a NULL, a missing value: the line does not cross it).
public struct M4Series: Equatable, Sendable {
    public var name: String
    public var xs: [Double]
    public var ys: [Double]

    /// - Precondition: `xs` and `ys` are as long.
    public init(name: String, xs: [Double], ys: [Double]) {
        precondition(xs.count == ys.count, "M4Series: one y per x")
        self.name = name
        self.xs = xs
        self.ys = ys
    }

    public var count: Int { xs.count }
}
